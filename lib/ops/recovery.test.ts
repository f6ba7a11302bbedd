/**
 * Crash recovery with production lease lengths (issue 25): the worker is
 * killed with SIGKILL while it holds an onboarding's and a batch document's
 * lease (120 s and 300 s by default) and started again. The new worker finds
 * the old one gone (same host, no such process) and takes the work over at
 * once: both resume within 30 s, not when the leases run out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb, schema } from '../platform/db';
import { backends, datasetsDir, facesDir, startStack, type Stack } from '../testing';
import { generate } from '@/scripts/synth';
import { validCnhFront } from '@/scripts/synth/fraud';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const face = (f: string) => fs.readFileSync(path.join(facesDir(), 'deepface', f));
const b64 = (b: Buffer) => b.toString('base64');
const RESUME_WITHIN_MS = 30_000;

describe.skipIf(!datasetsDir()).each(backends())('recovery after kill -9 of the worker on %s', (backend) => {
  let stack: Stack;
  beforeAll(async () => {
    // Default lease lengths: recovery must not wait for them.
    stack = await startStack({ backend, env: { ONBOARDING_LEASE_SECONDS: '120', IMPORT_LEASE_SECONDS: '300' } });
  }, 300_000);
  afterAll(async () => stack?.close(), 60_000);

  it('an onboarding and a batch document caught mid-run resume within 30 s of the restart', async () => {
    const tenant = stack.tenants[0]!;
    const post = async (url: string, body: unknown, headers: Record<string, string>) => {
      const res = await fetch(`${stack.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    };
    const login = await post('/services/api/v1/authentication', { username: tenant.username, password: tenant.password }, {});
    const bearer = { authorization: `Bearer ${login.body.access_token}` };
    const faces = { owner: face('img1.jpg'), ownerSelfie: face('img2.jpg'), other: face('img17.jpg') };
    const doc = await validCnhFront(faces);
    const token = await fetch(`${stack.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ grant_type: 'client_credentials', client_id: tenant.clientId, client_secret: tenant.clientSecret }) });
    const importBearer = { authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}` };

    const enrolled = await post('/services/api/v1/onboarding/enroll/json', { cpf: doc.cpf, customerId: 'crash', imageFront: b64(doc.image), imageSelfie: b64(faces.ownerSelfie) }, bearer);
    expect(enrolled.status).toBe(201);
    const docs = await Promise.all([0, 1, 2].map(async (k) => ({ fileName: `d${k}.jpg`, fileResource: b64((await generate('CNH_FRENTE', 900 + k, 'clean')).image) })));
    const batch = await post('/import/import-doc/create-batch', { batchExternalId: `crash-${backend}`, docs }, importBearer);
    expect(batch.status, JSON.stringify(batch.body)).toBe(201);

    // Wait until the worker holds both leases, then kill it.
    const db = await getDb();
    const onboarding = () => db.select().from(schema.onboardings).where(eq(schema.onboardings.id, enrolled.body.onboardingId)).then((r) => r[0]!);
    const batchDocs = () => db.select().from(schema.importDocs).where(eq(schema.importDocs.batchId, batch.body.batchId));
    const deadline = Date.now() + 60_000;
    let held: { onboarding: string | null; docIds: string[] } = { onboarding: null, docIds: [] };
    while (Date.now() < deadline) {
      const o = await onboarding();
      const d = (await batchDocs()).filter((x) => x.status === 'PROCESSING' && x.leaseOwner);
      if (o.leaseOwner && o.status === 'PROCESSING' && d.length) {
        held = { onboarding: o.leaseOwner, docIds: d.map((x) => x.id) };
        break;
      }
      await sleep(25);
    }
    expect(held.onboarding, 'the worker never held both leases at once').toBeTruthy();
    await stack.kill('worker');
    const stuck = await onboarding();
    expect(stuck.leaseUntil!.getTime() - Date.now()).toBeGreaterThan(60_000); // far from expiring by itself

    await stack.restart('worker');
    const restarted = Date.now();
    // Resumed: a new run (another owner, or the work finished) for the onboarding and every held document.
    let resumedAt: number | undefined;
    while (Date.now() - restarted < RESUME_WITHIN_MS + 30_000) {
      const o = await onboarding();
      const d = await db.select().from(schema.importDocs).where(inArray(schema.importDocs.id, held.docIds));
      const moved = (owner: string | null, status: string, final: boolean) => final || (owner !== null && owner !== held.onboarding && status === 'PROCESSING');
      if (moved(o.leaseOwner, o.status, o.status !== 'PROCESSING' && o.status !== 'STARTED') && d.every((x) => moved(x.leaseOwner, x.status, ['DONE', 'REJECTED', 'FAILED'].includes(x.status)))) {
        resumedAt = Date.now();
        break;
      }
      await sleep(100);
    }
    expect(resumedAt, 'the work held by the killed worker did not resume').toBeDefined();
    const ms = resumedAt! - restarted;
    console.log(`recovery on ${backend}: resumed ${ms} ms after the worker restarted (leases had ${Math.round((stuck.leaseUntil!.getTime() - restarted) / 1000)} s left)`);
    if (ms >= RESUME_WITHIN_MS) console.log(stack.worker.output().slice(-6000));
    expect(ms).toBeLessThan(RESUME_WITHIN_MS);

    // And it ends: final exactly once.
    const end = Date.now() + 120_000;
    while (Date.now() < end && ['STARTED', 'PROCESSING'].includes((await onboarding()).status)) await sleep(500);
    expect(['DONE', 'REJECTED', 'ANALYSIS']).toContain((await onboarding()).status);
    while (Date.now() < end && (await batchDocs()).some((x) => ['PENDING', 'PROCESSING'].includes(x.status))) await sleep(500);
    expect((await batchDocs()).every((x) => x.status === 'DONE')).toBe(true);
  }, 400_000);
});
