/**
 * Fault test (issue 11): Atesta as in production — its own PostgreSQL server,
 * a web process and a worker process — takes onboardings and a batch while
 * its processes are killed with SIGKILL at random points, PostgreSQL is
 * crash-restarted and the webhook receiver is down. Afterwards every
 * accepted item is final exactly once and every event was delivered at least
 * once, always under the same id with the same payload.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '../platform/config';
import { getDb, schema } from '../platform/db';
import { datasetsDir, facesDir, freePort, startPrivatePostgres, startReceiver, startStack, type PrivatePostgres, type Receiver, type Stack } from '../testing';
import { prng } from '@/scripts/load/stats';
import { generate } from '@/scripts/synth';
import { validCnhFront } from '@/scripts/synth/fraud';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const face = (f: string) => fs.readFileSync(path.join(facesDir(), 'deepface', f));
const b64 = (b: Buffer) => b.toString('base64');
const ONBOARDING_FINAL = ['DONE', 'REJECTED', 'BLACKLISTED', 'ANALYSIS', 'ERROR'];
const SEED = Number(process.env.FAULT_SEED ?? Date.now() % 100000);

interface Delivery {
  id: string;
  body: string;
}

/** A webhook receiver that can be taken down (connections refused) and brought back on the same port. */
async function flakyReceiver() {
  const port = await freePort();
  const deliveries: Delivery[] = [];
  let receiver: Receiver | undefined;
  const up = async () => {
    receiver = await startReceiver(
      (call) => {
        deliveries.push({ id: String(call.headers['webhook-id']), body: call.body });
        return { status: 204 };
      },
      { port },
    );
  };
  const down = async () => {
    await receiver?.close();
    receiver = undefined;
  };
  return { url: `http://127.0.0.1:${port}`, deliveries, up, down };
}

/** A patient client: no answer or a 503 means retry the same request (same Idempotency-Key / batchExternalId). */
async function untilAnswered(url: string, init: RequestInit, deadlineMs = 120_000): Promise<{ status: number; body: Record<string, any> }> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
      const body = await res.json().catch(() => ({}));
      if (res.status !== 503 && res.status !== 502) return { status: res.status, body };
    } catch {
      // the web process is down or restarting
    }
    if (Date.now() > deadline) throw new Error(`no answer from ${url}`);
    await sleep(500);
  }
}

describe.skipIf(!datasetsDir())('faults: kill -9 of web and worker, PostgreSQL restart, receiver down', () => {
  let postgres: PrivatePostgres | undefined;
  let stack: Stack;
  let receiver: Awaited<ReturnType<typeof flakyReceiver>>;
  const savedUrl = process.env.DATABASE_URL;

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    if (!postgres) return;
    process.env.DATABASE_URL = postgres.url;
    resetConfig();
    receiver = await flakyReceiver();
    stack = await startStack({
      backend: 'postgres',
      env: {
        ONBOARDING_LEASE_SECONDS: '6',
        ONBOARDING_MAX_ATTEMPTS: '10',
        IMPORT_LEASE_SECONDS: '6',
        IMPORT_MAX_ATTEMPTS: '10',
        WEBHOOK_TIMEOUT_MS: '3000',
        WEBHOOK_RETRY_SCHEDULE_SECONDS: '2,4,8,15,30,30,30,30,30,30',
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      },
    });
  }, 300_000);

  afterAll(async () => {
    await stack?.close().catch(() => undefined);
    await receiver?.down();
    postgres?.stop();
    process.env.DATABASE_URL = savedUrl;
    resetConfig();
  }, 60_000);

  it('every accepted onboarding and batch document ends final exactly once; every event is delivered with a stable id', async (ctx) => {
    if (!postgres) return ctx.skip();
    console.log(`fault test seed ${SEED} (FAULT_SEED=${SEED} repeats it)`);
    const random = prng(SEED);
    const tenant = stack.tenants[0]!;
    const faces = { owner: face('img1.jpg'), ownerSelfie: face('img2.jpg'), other: face('img17.jpg') };
    const doc = await validCnhFront(faces);
    const login = await untilAnswered(`${stack.url}/services/api/v1/authentication`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: tenant.username, password: tenant.password }) });
    const bearer = { authorization: `Bearer ${login.body.access_token}`, 'content-type': 'application/json' };
    const put = await untilAnswered(`${stack.url}/services/api/v1/import/workflows/fault`, { method: 'PUT', headers: bearer, body: JSON.stringify({ expectedTypes: ['CNH'], webhookUrl: `${receiver.url}/batch` }) });
    expect(put.status).toBeLessThan(300);

    // The receiver is down from the start: the first attempts fail and are retried later.
    const accepted = new Map<string, string>();
    let batchId: string | undefined;
    const enrolOne = async (i: number) => {
      const key = `fault-${SEED}-${i}`;
      const r = await untilAnswered(`${stack.url}/services/api/v1/onboarding/enroll/json`, {
        method: 'POST',
        headers: { ...bearer, 'idempotency-key': key },
        body: JSON.stringify({ cpf: doc.cpf, customerId: key, imageFront: b64(doc.image), imageSelfie: b64(faces.ownerSelfie), callBackUrl: `${receiver.url}/onboarding` }),
      });
      expect([200, 201], JSON.stringify(r.body)).toContain(r.status);
      accepted.set(r.body.onboardingId, key);
    };
    const createBatch = async () => {
      const token = await untilAnswered(`${stack.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ grant_type: 'client_credentials', client_id: tenant.clientId, client_secret: tenant.clientSecret }).toString() });
      const docs = await Promise.all([0, 1, 2, 3, 4].map(async (k) => ({ fileName: `d${k}.jpg`, fileResource: b64((await generate('CNH_FRENTE', 700 + k, 'clean')).image), externalId: `e${k}` })));
      const r = await untilAnswered(`${stack.url}/import/import-doc/create-batch`, { method: 'POST', headers: { authorization: `Bearer ${token.body.access_token}`, 'content-type': 'application/json' }, body: JSON.stringify({ workflowAlias: 'fault', batchExternalId: `b-${SEED}`, docs }) });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      batchId = r.body.batchId;
    };

    // Traffic: six onboardings and a batch over about 25 s.
    const traffic = (async () => {
      const work: Promise<void>[] = [];
      for (let i = 0; i < 6; i++) {
        work.push(enrolOne(i));
        if (i === 2) work.push(createBatch());
        await sleep(3000 + random() * 2000);
      }
      await Promise.all(work);
    })();

    // Chaos, at random points while the traffic and the analyses run.
    const events: string[] = [];
    const at = (label: string) => events.push(`${new Date().toISOString().slice(11, 19)} ${label}`);
    const chaos = (async () => {
      const faults = ['web', 'worker', 'postgres', 'worker', 'web', 'worker'].sort(() => random() - 0.5);
      for (const fault of faults) {
        await sleep(2000 + random() * 6000);
        if (fault === 'postgres') {
          at('PostgreSQL crash-restart (down 3 s)');
          await postgres!.restart(3000);
        } else {
          at(`kill -9 ${fault}`);
          await stack.kill(fault as 'web' | 'worker');
          await sleep(random() * 3000);
          await stack.restart(fault as 'web' | 'worker');
          at(`${fault} restarted`);
        }
      }
    })();
    await Promise.all([traffic, chaos]);
    at('receiver up');
    await receiver.up();

    // Recovery: everything accepted reaches a final state; every event is delivered.
    const db = await getDb();
    const ids = [...accepted.keys()];
    const deadline = Date.now() + 360_000;
    let state = '';
    for (;;) {
      await sleep(1000);
      const snapshot = await (async () => {
      const rows = await db.select({ id: schema.onboardings.id, status: schema.onboardings.status }).from(schema.onboardings).where(inArray(schema.onboardings.id, ids));
      const [batch] = await db.select().from(schema.importBatches).where(eq(schema.importBatches.id, batchId!));
      const pending = await db.select({ n: sql<number>`count(*)::int` }).from(schema.webhookEvents).where(and(eq(schema.webhookEvents.integratorId, tenant.integratorId), sql`${schema.webhookEvents.status} <> 'delivered'`));
      state = `onboardings ${rows.map((r) => r.status).join(',')}; batch ${batch?.status}; undelivered events ${pending[0]?.n}`;
      return rows.every((r) => ONBOARDING_FINAL.includes(r.status)) && ['DONE', 'PARTIAL', 'FAILED'].includes(batch!.status) && Number(pending[0]!.n) === 0;
      })().catch(() => false); // this process's connections were cut by the restart too
      if (snapshot) break;
      if (Date.now() > deadline) throw new Error(`not recovered: ${state}\n${events.join('\n')}\nweb:\n${stack.web.output().slice(-3000)}\nworker:\n${stack.worker.output().slice(-3000)}`);
    }
    console.log(`faults: ${events.join(' | ')}\nrecovered: ${state}`);

    // Exactly once: one onboarding per key, one final decision each, one onboarding.completed event each.
    expect(ids).toHaveLength(6);
    const perKey = await db.select({ n: sql<number>`count(*)::int` }).from(schema.onboardings).where(eq(schema.onboardings.integratorId, tenant.integratorId));
    expect(Number(perKey[0]!.n)).toBe(6);
    const finals = await db
      .select({ id: schema.onboardingHistory.onboardingId, n: sql<number>`count(*)::int` })
      .from(schema.onboardingHistory)
      .where(and(inArray(schema.onboardingHistory.onboardingId, ids), inArray(schema.onboardingHistory.toStatus, ONBOARDING_FINAL)))
      .groupBy(schema.onboardingHistory.onboardingId);
    expect(finals.map((f) => Number(f.n))).toEqual(ids.map(() => 1));
    const statuses = await db.select({ status: schema.onboardings.status }).from(schema.onboardings).where(inArray(schema.onboardings.id, ids));
    expect(statuses.filter((s) => s.status === 'ERROR')).toEqual([]);

    const events_ = await db.select().from(schema.webhookEvents).where(eq(schema.webhookEvents.integratorId, tenant.integratorId));
    const completed = events_.filter((e) => e.type === 'onboarding.completed');
    expect(completed.map((e) => e.subjectId).sort()).toEqual([...ids].sort());
    expect(events_.filter((e) => e.type === 'batch.completed')).toHaveLength(1);
    const docs = await db.select().from(schema.importDocs).where(eq(schema.importDocs.batchId, batchId!));
    expect(docs).toHaveLength(5);
    expect(docs.every((d) => ['DONE', 'REJECTED', 'FAILED'].includes(d.status))).toBe(true);

    // At least once, same id, same payload: every stored event reached the receiver; redeliveries repeat it byte for byte.
    const byId = new Map<string, Set<string>>();
    for (const d of receiver.deliveries) byId.set(d.id, (byId.get(d.id) ?? new Set()).add(d.body));
    for (const e of events_) expect(byId.has(e.id), `event ${e.type} ${e.id} never delivered`).toBe(true);
    for (const [id, bodies] of byId) expect(bodies.size, `event ${id} delivered with different payloads`).toBe(1);
    // The receiver was down at first: some events needed more than one attempt.
    expect(events_.some((e) => e.attempts > 1)).toBe(true);
    expect(stack.web.child.exitCode).toBeNull();
    expect(stack.worker.child.exitCode).toBeNull();
  }, 600_000);
});
