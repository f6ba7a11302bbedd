import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { resetConfig } from '../../platform/config';
import { getDb, schema } from '../../platform/db';
import { stopBoss } from '../../platform/jobs';
import { ensureServiceQueues } from '../../ops/workers';
import { backends, call, facesDir, startWorkerProcess } from '../../testing';
import { withTestIntegrator } from '../../testing/fixture';
import { validCnhFront } from '@/scripts/synth/fraud';
import { POST as enrolApi } from '@/app/services/api/v1/onboarding/enroll/json/route';

const face = (f: string) => fs.readFileSync(path.join(facesDir(), 'deepface', f));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const LEASE_SECONDS = 4;

describe.each(backends())('onboarding pipeline survives kill -9 of its worker on %s', (backend) => {
  const ctx = withTestIntegrator({ backend, receiver: () => ({ status: 200 }) });
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await stopBoss();
  });

  it('a worker killed mid-analysis: after restart the onboarding completes exactly once and one final webhook is delivered', async () => {
    const { db, receiver } = ctx;
    const faces = { owner: face('img29.jpg'), ownerSelfie: face('img30.jpg'), other: face('img24.jpg') };
    const doc = await validCnhFront(faces);
    const env = { ...process.env, ...db.env, ONBOARDING_LEASE_SECONDS: String(LEASE_SECONDS), LOG_LEVEL: 'warn' };

    // This process enrols (the web side) and runs no worker. Its queues exist, as a web process's boot makes them:
    // else the pipeline job is not queued and only the minutely sweep finds the onboarding.
    await ensureServiceQueues();
    const res = await call(enrolApi, '/services/api/v1/onboarding/enroll/json', {
      json: { cpf: doc.cpf, customerId: 'crash', imageFront: `data:image/jpeg;base64,${doc.image.toString('base64')}`, imageSelfie: `data:image/jpeg;base64,${faces.ownerSelfie.toString('base64')}`, callBackUrl: `${receiver.url}/hook` },
      headers: ctx.auth,
    });
    expect(res.status, res.text).toBe(201);
    const id = res.data.onboardingId as string;
    const d = await getDb();
    const row = async () => (await d.select().from(schema.onboardings).where(eq(schema.onboardings.id, id)))[0]!;

    const first = await startWorkerProcess(env);
    children.push(first.child);
    // Killed as soon as its run holds the onboarding: the analysis is under way.
    const claimedBy = Date.now() + 60_000;
    while (!((await row()).status === 'PROCESSING' && (await row()).leaseUntil) && Date.now() < claimedBy) await sleep(50);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    const mid = await row();
    expect(mid.status).toBe('PROCESSING');
    expect(mid.attempts).toBe(1);
    expect((mid.pipeline as Record<string, unknown>).decision).toBeUndefined();

    // The restarted worker's sweep takes over once the dead run's lease has run out.
    await sleep(LEASE_SECONDS * 1000 + 5500);
    const second = await startWorkerProcess(env);
    children.push(second.child);
    const doneBy = Date.now() + 120_000;
    while (!['DONE', 'REJECTED', 'ANALYSIS', 'ERROR', 'BLACKLISTED'].includes((await row()).status) && Date.now() < doneBy) await sleep(250);
    const final = await row();
    expect(final.status, `${final.statusReason}\n${second.output()}`).toBe('DONE');
    expect(final.attempts).toBe(2);

    const deliveredBy = Date.now() + 30_000;
    const completed = () => receiver.calls.map((c) => ({ id: c.headers['webhook-id'], body: JSON.parse(c.body) })).filter((c) => c.body.type === 'onboarding.completed');
    while (completed().length === 0 && Date.now() < deliveredBy) await sleep(200);
    await sleep(2000); // room for a duplicate to show up, if there were one
    expect(completed()).toHaveLength(1);
    expect(completed()[0]!.body.data).toMatchObject({ onboardingId: id, status: 'DONE' });
    const events = await d.select().from(schema.webhookEvents).where(eq(schema.webhookEvents.subjectId, id));
    expect(events.filter((e) => e.type === 'onboarding.completed')).toHaveLength(1);
    const history = await d.select().from(schema.onboardingHistory).where(eq(schema.onboardingHistory.onboardingId, id));
    expect(history.filter((h) => h.action === 'transition').map((h) => h.toStatus)).toEqual(['STARTED', 'PROCESSING', 'DONE']);
    expect(await d.select().from(schema.faceTemplates).where(eq(schema.faceTemplates.reference, id))).toHaveLength(1);
    second.child.kill('SIGTERM');
  }, 300_000);
});
