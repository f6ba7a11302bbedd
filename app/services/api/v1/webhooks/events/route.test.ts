import { afterAll, describe, expect, it } from 'vitest';
import { GET as list } from './route';
import { GET as detail } from './[eventId]/route';
import { POST as redeliver } from './[eventId]/redeliver/route';
import { GET as secretGet } from '../secret/route';
import { POST as secretRotate } from '../secret/rotate/route';
import { POST as login } from '../../authentication/route';
import { getDb } from '@/lib/platform/db';
import { stopWorkers } from '@/lib/platform/jobs';
import { startServiceWorkers } from '@/lib/ops/workers';
import { deliverEvent, emitWebhook } from '@/lib/delivery/webhooks';
import { backends, call } from '@/lib/testing';
import { withTestIntegrator } from '@/lib/testing/fixture';
import { Webhook } from 'standardwebhooks';


describe.each(backends())('webhook delivery log API on %s', (backend) => {
  const t = withTestIntegrator({ backend, tenants: 2, receiver: (_c, i) => ({ status: i === 0 ? 500 : 200 }) });
  afterAll(async () => {
    await stopWorkers();
  });

  it('lists events and their attempts, redelivers on demand, and hides them from other integrators', async () => {
    const database = await getDb();
    const ids: string[] = [];
    for (const subjectId of ['r1', 'r2', 'r3']) {
      ids.push(...await database.transaction((tx) => emitWebhook(tx, { integratorId: t.tenant.integratorId, type: 'step.completed', url: t.receiver.url, subjectId, data: { requestId: subjectId } })));
    }
    expect(await deliverEvent(ids[0]!)).toBe('retry'); // receiver answers 500 first
    const page1 = await call(list, '/services/api/v1/webhooks/events?limit=2', { headers: t.auth, method: 'GET' });
    expect(page1.status).toBe(200);
    expect(page1.data.events.map((e: { id: string }) => e.id)).toEqual([ids[2], ids[1]]);
    const page2 = await call(list, `/services/api/v1/webhooks/events?limit=2&before=${page1.data.nextCursor}`, { headers: t.auth });
    expect(page2.data.events.map((e: { id: string }) => e.id)).toEqual([ids[0]]);
    expect(page2.data.nextCursor).toBeNull();
    const filtered = await call(list, '/services/api/v1/webhooks/events?subjectId=r2', { headers: t.auth });
    expect(filtered.data.events).toHaveLength(1);

    const one = await call(detail, `/services/api/v1/webhooks/events/${ids[0]}`, { headers: t.auth, params: { eventId: ids[0]! } });
    expect(one.data).toMatchObject({ id: ids[0], status: 'pending', attempts: 1, lastError: 'HTTP 500', payload: { id: ids[0], type: 'step.completed', data: { requestId: 'r1' } } });
    expect(one.data.deliveryAttempts).toEqual([{ attemptedAt: expect.any(String), statusCode: 500, latencyMs: expect.any(Number), error: 'HTTP 500', manual: false }]);

    await startServiceWorkers();
    const queued = await call(redeliver, `/services/api/v1/webhooks/events/${ids[0]}/redeliver`, { method: 'POST', headers: t.auth, params: { eventId: ids[0]! } });
    expect(queued.status).toBe(202);
    const deadline = Date.now() + 20_000;
    let after = one;
    while (Date.now() < deadline) {
      after = await call(detail, `/services/api/v1/webhooks/events/${ids[0]}`, { headers: t.auth, params: { eventId: ids[0]! } });
      if (after.data.status === 'delivered') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(after.data.status).toBe('delivered');
    // The redelivery is an extra, manual attempt: the scheduled count does not move.
    expect(after.data.attempts).toBe(1);
    expect(after.data.deliveryAttempts.map((x: { statusCode: number; manual: boolean }) => [x.statusCode, x.manual])).toEqual([[500, false], [200, true]]);

    const cross = await call(detail, `/services/api/v1/webhooks/events/${ids[0]}`, { headers: t.otherAuth, params: { eventId: ids[0]! } });
    expect(cross.status).toBe(404);
    expect((await call(redeliver, `/services/api/v1/webhooks/events/${ids[0]}/redeliver`, { method: 'POST', headers: t.otherAuth, params: { eventId: ids[0]! } })).status).toBe(404);
    expect((await call(list, '/services/api/v1/webhooks/events', { headers: t.otherAuth })).data.events).toEqual([]);
  });

  it('shows the signing secret to admins and rotates it', async () => {
    const current = await call(secretGet, '/services/api/v1/webhooks/secret', { headers: t.auth });
    expect(current.data.webhookSecret).toBe(t.tenant.webhookSecret);
    const rotated = await call(secretRotate, '/services/api/v1/webhooks/secret/rotate', { method: 'POST', headers: t.auth });
    expect(rotated.data.webhookSecret).toMatch(/^whsec_/);
    expect(rotated.data.webhookSecret).not.toBe(t.tenant.webhookSecret);
    // New calls verify with the new secret.
    const database = await getDb();
    const [id = ''] = await database.transaction((tx) => emitWebhook(tx, { integratorId: t.tenant.integratorId, type: 'step.expired', url: t.receiver.url, data: { requestId: 'x' } }));
    const before = t.receiver.calls.length;
    await deliverEvent(id);
    const callMade = t.receiver.calls[before]!;
    expect(() => new Webhook(rotated.data.webhookSecret).verify(callMade.body, callMade.headers as Record<string, string>)).not.toThrow();
    expect(() => new Webhook(t.tenant.webhookSecret).verify(callMade.body, callMade.headers as Record<string, string>)).toThrow();
  });
});
