import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { resetConfig } from '../../platform/config';
import { getDb, schema } from '../../platform/db';
import { eq, sql } from 'drizzle-orm';
import { backends, startReceiver, type SeededIntegrator } from '../../testing';
import { withTestIntegrator } from '../../testing/fixture';
import { stopWorkers } from '../../platform/jobs';
import { startServiceWorkers } from '../../ops/workers';
import { deliverEvent, emitWebhook, kickDelivery, MAX_ATTEMPTS, RETRY_SCHEDULE_SECONDS, retryDelaySeconds } from '.';

async function emit(tenant: SeededIntegrator, url: string, extra: Partial<Parameters<typeof emitWebhook>[1]> = {}) {
  const db = await getDb();
  const ids = await db.transaction((tx) =>
    emitWebhook(tx, {
      integratorId: tenant.integratorId,
      type: 'step.completed',
      url,
      subjectId: 'req-1',
      data: { requestId: 'req-1', status: 'APPROVED', livenessResponse: { isAlive: true, selfieImage: 'data:image/jpeg;base64,AAAA' } },
      ...extra,
    }),
  );
  return ids[0]!;
}

/** Makes the next scheduled attempt due now (time passing, without waiting). */
async function makeDue(eventId: string) {
  const db = await getDb();
  await db.update(schema.webhookEvents).set({ nextAttemptAt: sql`now()` }).where(eq(schema.webhookEvents.id, eventId));
}

async function eventRow(eventId: string) {
  const db = await getDb();
  const [row] = await db.select().from(schema.webhookEvents).where(eq(schema.webhookEvents.id, eventId));
  return row!;
}

describe('retry schedule', () => {
  it('spans about three days with ±10 % jitter, then stops', () => {
    const total = RETRY_SCHEDULE_SECONDS.reduce((a, b) => a + b, 0);
    expect(total / 86400).toBeGreaterThan(2.5);
    expect(total / 86400).toBeLessThan(3.5);
    expect(retryDelaySeconds(1, () => 0)).toBe(54);
    expect(retryDelaySeconds(1, () => 1)).toBe(66);
    expect(retryDelaySeconds(RETRY_SCHEDULE_SECONDS.length + 1)).toBeUndefined();
  });
});

describe.each(backends())('webhook delivery on %s', (backend) => {
  // Each test starts the receiver it needs, answering its own way.
  const ctx = withTestIntegrator({ backend });
  let tenant: SeededIntegrator;
  beforeAll(() => {
    process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = 'true';
    process.env.WEBHOOK_TIMEOUT_MS = '1000';
    resetConfig();
    tenant = ctx.tenant;
  });
  afterAll(async () => {
    await stopWorkers();
    delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
    delete process.env.WEBHOOK_TIMEOUT_MS;
    resetConfig();
  });

  let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;
  afterEach(async () => receiver?.close());

  it('signs with Standard Webhooks (verified by the standardwebhooks package), sends Basic auth, omits images', async () => {
    receiver = await startReceiver(() => ({ status: 204 }));
    const id = await emit(tenant, `${receiver.url}/hook`, { basicAuth: 'acme:s3cr3t:with-colon' });
    expect(await deliverEvent(id)).toBe('delivered');
    const [call] = receiver.calls;
    const payload = new Webhook(tenant.webhookSecret).verify(call!.body, {
      'webhook-id': call!.headers['webhook-id'] as string,
      'webhook-timestamp': call!.headers['webhook-timestamp'] as string,
      'webhook-signature': call!.headers['webhook-signature'] as string,
    }) as Record<string, any>;
    expect(payload).toEqual({ id, type: 'step.completed', createdAt: expect.any(String), sequence: expect.any(Number), data: { requestId: 'req-1', status: 'APPROVED', livenessResponse: { isAlive: true } } });
    expect(call!.headers['webhook-id']).toBe(id);
    expect(call!.headers.authorization).toBe(`Basic ${Buffer.from('acme:s3cr3t:with-colon').toString('base64')}`);
    expect(call!.body).not.toContain('base64');
    // A tampered body fails verification.
    expect(() => new Webhook(tenant.webhookSecret).verify(call!.body.replace('APPROVED', 'REJECTED'), call!.headers as Record<string, string>)).toThrow();
    expect((await eventRow(id)).status).toBe('delivered');
  });

  it('retries a receiver that fails, with the same webhook-id, until it succeeds', async () => {
    receiver = await startReceiver((_c, i) => ({ status: i < 3 ? 500 : 200 }));
    const id = await emit(tenant, receiver.url);
    const before = Date.now();
    expect(await deliverEvent(id)).toBe('retry');
    const next = (await eventRow(id)).nextAttemptAt.getTime();
    expect(next - before).toBeGreaterThanOrEqual(54_000 - 1000);
    expect(next - before).toBeLessThanOrEqual(66_000 + 1000);
    expect(await deliverEvent(id)).toBe('skipped'); // not due yet
    for (let i = 0; i < 2; i++) {
      await makeDue(id);
      expect(await deliverEvent(id)).toBe('retry');
    }
    await makeDue(id);
    expect(await deliverEvent(id)).toBe('delivered');
    expect(receiver.calls).toHaveLength(4);
    expect(new Set(receiver.calls.map((c) => c.headers['webhook-id']))).toEqual(new Set([id]));
    const row = await eventRow(id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 4 });
  });

  it('stops at once on 410 Gone', async () => {
    receiver = await startReceiver(() => ({ status: 410 }));
    const id = await emit(tenant, receiver.url);
    expect(await deliverEvent(id)).toBe('failed');
    await makeDue(id);
    expect(await deliverEvent(id)).toBe('skipped');
    expect(receiver.calls).toHaveLength(1);
    expect((await eventRow(id)).lastError).toMatch(/410/);
  });

  it('marks the event failed after the last scheduled attempt', async () => {
    receiver = await startReceiver(() => ({ status: 503 }));
    const id = await emit(tenant, receiver.url);
    for (let i = 1; i < MAX_ATTEMPTS; i++) {
      expect(await deliverEvent(id)).toBe('retry');
      await makeDue(id);
    }
    expect(await deliverEvent(id)).toBe('failed');
    expect((await eventRow(id)).status).toBe('failed');
    expect(receiver.calls).toHaveLength(MAX_ATTEMPTS);
  });

  it('does not follow redirects, and bounds slow receivers by the timeout', async () => {
    receiver = await startReceiver((_c, i) => (i === 0 ? { status: 302, headers: { location: 'http://169.254.169.254/' } } : { status: 200, delayMs: 3000 }));
    const id = await emit(tenant, receiver.url);
    expect(await deliverEvent(id)).toBe('retry');
    expect((await eventRow(id)).lastError).toBe('HTTP 302');
    await makeDue(id);
    const started = Date.now();
    expect(await deliverEvent(id)).toBe('retry');
    expect(Date.now() - started).toBeLessThan(2500);
    expect((await eventRow(id)).lastError).toMatch(/timed out/);
  });

  it('refuses to call a host that resolves to a blocked address (no retries)', async () => {
    const id = await emit(tenant, 'http://[::ffff:169.254.169.254]/latest');
    expect(await deliverEvent(id)).toBe('failed');
    expect((await eventRow(id)).lastError).toMatch(/not a public address/);
  });

  it('delivers through the pg-boss worker after the producer commits', async () => {
    receiver = await startReceiver(() => ({ status: 200 }));
    await startServiceWorkers();
    const id = await emit(tenant, receiver.url);
    await kickDelivery([id]);
    const deadline = Date.now() + 20_000;
    while (receiver.calls.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(receiver.calls.map((c) => c.headers['webhook-id'])).toEqual([id]);
    while ((await eventRow(id)).status !== 'delivered' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect((await eventRow(id)).status).toBe('delivered');
  });
});
