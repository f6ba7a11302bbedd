import { afterAll, describe, expect, it } from 'vitest';
import { GET as list, POST as create } from './route';
import { PATCH as update, DELETE as remove } from './[endpointId]/route';
import { POST as redeliverApi } from '../events/[eventId]/redeliver/route';
import { createUser } from '@/lib/platform/auth';
import { getDb } from '@/lib/platform/db';
import { stopWorkers } from '@/lib/platform/jobs';
import { startServiceWorkers } from '@/lib/ops/workers';
import { deliverEvent, emitWebhook } from '@/lib/delivery/webhooks';
import { backends, bearerHeaders, call } from '@/lib/testing';
import { withTestIntegrator } from '@/lib/testing/fixture';

const PATH = '/services/api/v1/webhooks/endpoints';

describe.each(backends())('webhook endpoints (subscriptions) on %s', (backend) => {
  const t = withTestIntegrator({ backend, tenants: 2, receiver: () => ({ status: 200 }) });
  afterAll(async () => {
    await stopWorkers();
  });

  it('creates, lists, changes and removes endpoints; validates; other tenants and non-admins cannot touch them', async () => {
    const made = await call(create, PATH, { json: { url: `${t.receiver.url}/crud`, eventTypes: ['onboarding.status_changed', 'onboarding.status_changed'], basicAuth: 'u:p', description: 'CRM' }, headers: t.auth });
    expect(made.status, made.text).toBe(201);
    expect(made.data).toEqual({ id: expect.any(String), url: `${t.receiver.url}/crud`, eventTypes: ['onboarding.status_changed'], description: 'CRM', hasBasicAuth: true, enabled: true, createdAt: expect.any(String) });
    expect(JSON.stringify(made.data)).not.toContain('u:p');
    const id = made.data.id as string;

    const badType = await call(create, PATH, { json: { url: `${t.receiver.url}/x`, eventTypes: ['onboarding.exploded'] }, headers: t.auth });
    expect(badType.status).toBe(400);
    expect(badType.data.errors[0].pointer).toBe('/eventTypes/0');
    expect((await call(create, PATH, { json: { url: `${t.receiver.url}/x`, eventTypes: [] }, headers: t.auth })).status).toBe(400);
    expect((await call(create, PATH, { json: { url: 'ftp://example.com/x', eventTypes: ['step.completed'] }, headers: t.auth })).data.errors[0].pointer).toBe('/url');

    const changed = await call(update, `${PATH}/${id}`, { method: 'PATCH', json: { enabled: false, basicAuth: null }, headers: t.auth, params: { endpointId: id } });
    expect(changed.data).toMatchObject({ id, enabled: false, hasBasicAuth: false, eventTypes: ['onboarding.status_changed'] });
    expect((await call(list, PATH, { headers: t.auth })).data.endpoints.map((e: { id: string }) => e.id)).toEqual([id]);

    expect((await call(list, PATH, { headers: t.otherAuth })).data.endpoints).toEqual([]);
    expect((await call(update, `${PATH}/${id}`, { method: 'PATCH', json: { enabled: true }, headers: t.otherAuth, params: { endpointId: id } })).status).toBe(404);
    expect((await call(remove, `${PATH}/${id}`, { method: 'DELETE', headers: t.otherAuth, params: { endpointId: id } })).status).toBe(404);
    const analyst = { username: `an.${Date.now()}`, password: 'analyst-password-1' };
    await createUser(await getDb(), t.tenant.integratorId, analyst.username, analyst.password, 'analyst');
    const authAnalyst = await bearerHeaders(analyst);
    expect((await call(list, PATH, { headers: authAnalyst })).status).toBe(200);
    expect((await call(create, PATH, { json: { url: `${t.receiver.url}/y`, eventTypes: ['step.completed'] }, headers: authAnalyst })).status).toBe(403);

    expect((await call(remove, `${PATH}/${id}`, { method: 'DELETE', headers: t.auth, params: { endpointId: id } })).status).toBe(204);
    expect((await call(list, PATH, { headers: t.auth })).data.endpoints).toEqual([]);
  });

  it('fans an event out: the process URL once, each subscribed endpoint once (a URL that is both, once), one sequence; redelivery keeps the webhook-id', async () => {
    const sub = async (path: string, eventTypes: string[], enabled = true) =>
      (await call(create, PATH, { json: { url: `${t.receiver.url}${path}`, eventTypes, enabled }, headers: t.auth })).data.id as string;
    await sub('/ep', ['step.completed', 'step.expired']);
    await sub('/other', ['onboarding.status_changed']);
    await sub('/hook', ['step.completed']); // the same URL as the process's own
    await sub('/off', ['step.completed'], false);

    const database = await getDb();
    const ids = await database.transaction((tx) =>
      emitWebhook(tx, { integratorId: t.tenant.integratorId, type: 'step.completed', url: `${t.receiver.url}/hook`, subjectId: 'req-fan', data: { requestId: 'req-fan', status: 'APPROVED' } }),
    );
    expect(ids).toHaveLength(2);
    const before = t.receiver.calls.length;
    for (const id of ids) expect(await deliverEvent(id)).toBe('delivered');
    const calls = t.receiver.calls.slice(before);
    expect(calls.map((c) => c.path).sort()).toEqual(['/ep', '/hook']);
    const bodies = calls.map((c) => JSON.parse(c.body));
    expect(new Set(bodies.map((p) => p.sequence)).size).toBe(1);
    expect(bodies[0].sequence).toEqual(expect.any(Number));
    expect(bodies.map((p) => p.id).sort()).toEqual([...ids].sort());

    // A later event of the same subject has a higher sequence.
    const [later = ''] = await database.transaction((tx) => emitWebhook(tx, { integratorId: t.tenant.integratorId, type: 'step.expired', subjectId: 'req-fan', data: { requestId: 'req-fan' } }));
    await deliverEvent(later);
    const laterCall = t.receiver.calls[t.receiver.calls.length - 1]!;
    expect(laterCall.path).toBe('/ep');
    expect(JSON.parse(laterCall.body).sequence).toBeGreaterThan(bodies[0].sequence);

    // Redelivery: the same event, the same webhook-id and body.
    await startServiceWorkers();
    const first = calls.find((c) => c.path === '/ep')!;
    const eventId = first.headers['webhook-id'] as string;
    const n = t.receiver.calls.length;
    expect((await call(redeliverApi, `/services/api/v1/webhooks/events/${eventId}/redeliver`, { method: 'POST', headers: t.auth, params: { eventId } })).status).toBe(202);
    const deadline = Date.now() + 20_000;
    while (t.receiver.calls.length === n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const again = t.receiver.calls[n]!;
    expect(again.headers['webhook-id']).toBe(eventId);
    expect(again.body).toBe(first.body);
  });
});
