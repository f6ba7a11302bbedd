import { beforeAll, describe, expect, it } from 'vitest';
import { GET, POST } from './route';
import { DELETE } from './[clientId]/route';
import { POST as rotate } from './[clientId]/rotate/route';
import { POST as oauthToken } from '@/app/oauth/token/route';
import { call, consoleHeaders, seedIntegrator } from '@/lib/testing';
import { withTestIntegrator } from '@/lib/testing/fixture';

describe('OAuth clients of an integrator', () => {
  const ctx = withTestIntegrator();
  let asAdmin: Record<string, string>;
  beforeAll(async () => {
    asAdmin = await consoleHeaders(ctx.tenant);
  });

  const token = (clientId: string, clientSecret: string) => call(oauthToken, '/oauth/token', { form: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret } });

  it('creates a client whose secret is shown once and works at /oauth/token', async () => {
    const created = await call(POST, '/services/api/v1/clients', { json: { name: 'batch importer' }, headers: asAdmin });
    expect(created.status, created.text).toBe(201);
    expect(created.data).toMatchObject({ name: 'batch importer', scope: 'import', clientId: expect.stringMatching(/^atc_/), clientSecret: expect.any(String) });
    const issued = await token(created.data.clientId, created.data.clientSecret);
    expect(issued.status).toBe(200);
    expect(issued.data.scope).toBe('import');
    const list = await call(GET, '/services/api/v1/clients', { headers: asAdmin });
    expect(list.data.clients[0]).toMatchObject({ clientId: created.data.clientId, revokedAt: null });
    expect(list.text).not.toContain(created.data.clientSecret);
    const both = await call(POST, '/x', { json: { name: 'both', scope: ['import', 'services'] }, headers: asAdmin });
    expect(both.data.scope).toBe('import services');
  });

  it('rotation replaces the secret at once; revocation ends the client', async () => {
    const created = (await call(POST, '/x', { json: { name: 'rotating' }, headers: asAdmin })).data;
    const params = { clientId: created.clientId };
    const rotated = await call(rotate, '/x', { method: 'POST', params, headers: asAdmin });
    expect(rotated.status).toBe(200);
    expect(rotated.data.clientSecret).not.toBe(created.clientSecret);
    expect((await token(created.clientId, created.clientSecret)).status).toBe(401);
    expect((await token(created.clientId, rotated.data.clientSecret)).status).toBe(200);
    expect((await call(DELETE, '/x', { method: 'DELETE', params, headers: asAdmin })).status).toBe(204);
    expect((await token(created.clientId, rotated.data.clientSecret)).status).toBe(401);
    expect((await call(DELETE, '/x', { method: 'DELETE', params, headers: asAdmin })).status).toBe(404);
  });

  it('only admins manage clients', async () => {
    const viewer = await seedIntegrator({ role: 'viewer' });
    const headers = await consoleHeaders(viewer);
    expect((await call(GET, '/x', { headers })).status).toBe(200);
    const params = { clientId: viewer.clientId };
    for (const res of [
      await call(POST, '/x', { json: { name: 'v' }, headers }),
      await call(rotate, '/x', { method: 'POST', params, headers }),
      await call(DELETE, '/x', { method: 'DELETE', params, headers }),
    ]) expect([res.status, res.data.code]).toEqual([403, 'forbidden_role']);
  });
});
