import { beforeAll, describe, expect, it } from 'vitest';
import { GET, POST } from './route';
import { DELETE, PATCH } from './[userId]/route';
import { GET as listKeys } from '../api-keys/route';
import { POST as oauthToken } from '@/app/oauth/token/route';
import { bearerHeaders, call, consoleHeaders, type SeededIntegrator } from '@/lib/testing';
import { withTestIntegrator } from '@/lib/testing/fixture';

describe('users of an integrator', () => {
  // The second tenant keeps its single admin: the last-admin rule is tried on it.
  const ctx = withTestIntegrator({ tenants: 2, clientScope: 'services' });
  let asAdmin: Record<string, string>;
  beforeAll(async () => {
    asAdmin = await consoleHeaders(ctx.tenant);
  });

  const create = (json: unknown, headers = asAdmin) => call(POST, '/services/api/v1/users', { json, headers });
  const patch = (userId: string, role: string, headers = asAdmin) => call(PATCH, `/services/api/v1/users/${userId}`, { method: 'PATCH', json: { role }, params: { userId }, headers });
  const revoke = (userId: string, headers = asAdmin) => call(DELETE, `/services/api/v1/users/${userId}`, { method: 'DELETE', params: { userId }, headers });
  const myId = async (who: SeededIntegrator) => (await call(GET, '/services/api/v1/users', { headers: asAdmin })).data.users.find((u: { username: string }) => u.username === who.username).id as string;

  it('creates a user with a given password, or generates one shown only in the answer', async () => {
    const given = await create({ username: `ana.${Date.now()}`, role: 'analyst', password: 'a-long-password-1' });
    expect(given.status, given.text).toBe(201);
    expect(given.data).toMatchObject({ role: 'analyst', id: expect.any(String) });
    expect(given.data.password).toBeUndefined();
    expect((await bearerHeaders({ username: given.data.username, password: 'a-long-password-1' })).authorization).toMatch(/^Bearer /);

    const generated = await create({ username: `vic.${Date.now()}`, role: 'viewer' });
    expect(generated.status).toBe(201);
    expect(generated.data.password).toHaveLength(24);
    const asViewer = await consoleHeaders({ username: generated.data.username, password: generated.data.password });
    expect((await call(listKeys, '/services/api/v1/api-keys', { headers: asViewer })).status).toBe(200);

    const list = await call(GET, '/services/api/v1/users', { headers: asAdmin });
    expect(list.data.users.map((u: { username: string }) => u.username)).toEqual(expect.arrayContaining([ctx.tenant.username, given.data.username, generated.data.username]));
    expect(list.text).not.toContain(generated.data.password);
    expect(list.text).not.toMatch(/password/i);
  });

  it('refuses a taken username, a malformed one and a short password', async () => {
    expect((await create({ username: ctx.tenant.username.toUpperCase(), role: 'viewer' })).data.code).toBe('username_taken');
    expect((await create({ username: 'has space', role: 'viewer' })).data.code).toBe('invalid_username');
    expect((await create({ username: `short.${Date.now()}`, role: 'viewer', password: 'short' })).status).toBe(400);
    expect((await create({ username: `bad.${Date.now()}`, role: 'owner' })).status).toBe(400);
  });

  it('changes a role, live on the user\'s open session', async () => {
    const made = await create({ username: `chg.${Date.now()}`, role: 'admin' });
    const theirs = await consoleHeaders({ username: made.data.username, password: made.data.password });
    expect((await create({ username: `by.${Date.now()}`, role: 'viewer' }, theirs)).status).toBe(201);
    const changed = await patch(made.data.id, 'viewer');
    expect(changed.status, changed.text).toBe(200);
    expect(changed.data).toMatchObject({ id: made.data.id, role: 'viewer', revokedAt: null });
    const refused = await create({ username: `by2.${Date.now()}`, role: 'viewer' }, theirs);
    expect([refused.status, refused.data.code]).toEqual([403, 'forbidden_role']);
  });

  it('revoking a user ends their console and API sessions', async () => {
    const made = await create({ username: `rev.${Date.now()}`, role: 'analyst' });
    const cookie = await consoleHeaders({ username: made.data.username, password: made.data.password });
    const bearer = await bearerHeaders({ username: made.data.username, password: made.data.password });
    expect((await revoke(made.data.id)).status).toBe(204);
    expect((await call(listKeys, '/x', { headers: cookie })).status).toBe(401);
    expect((await call(listKeys, '/x', { headers: bearer })).status).toBe(401);
    await expect(bearerHeaders({ username: made.data.username, password: made.data.password })).rejects.toThrow();
    expect((await revoke(made.data.id)).status).toBe(404);
    const listed = (await call(GET, '/x', { headers: asAdmin })).data.users.find((u: { id: string }) => u.id === made.data.id);
    expect(listed.revokedAt).not.toBeNull();
  });

  it('the last admin can neither demote nor revoke themselves; with another admin they can', async () => {
    const solo = ctx.other;
    const soloHeaders = await consoleHeaders(solo);
    const soloId = (await call(GET, '/x', { headers: soloHeaders })).data.users[0].id;
    const demote = await patch(soloId, 'analyst', soloHeaders);
    expect([demote.status, demote.data.code]).toEqual([409, 'last_admin']);
    const gone = await revoke(soloId, soloHeaders);
    expect([gone.status, gone.data.code]).toEqual([409, 'last_admin']);
    expect((await patch(soloId, 'admin', soloHeaders)).status).toBe(200);
    const second = await create({ username: `adm.${Date.now()}`, role: 'admin' }, soloHeaders);
    expect((await patch(soloId, 'viewer', soloHeaders)).data.role).toBe('viewer');
    // Now the other one is the last admin.
    const secondHeaders = await consoleHeaders({ username: second.data.username, password: second.data.password });
    expect((await revoke(second.data.id, secondHeaders)).data.code).toBe('last_admin');
  });

  it('only admin users manage users: viewers, analysts and machine clients are refused', async () => {
    const target = await myId(ctx.tenant);
    for (const role of ['viewer', 'analyst'] as const) {
      const made = await create({ username: `${role}.${Date.now()}`, role });
      const headers = await consoleHeaders({ username: made.data.username, password: made.data.password });
      expect((await call(GET, '/x', { headers })).status).toBe(200);
      for (const res of [await create({ username: `x.${Date.now()}`, role: 'admin' }, headers), await patch(made.data.id, 'admin', headers), await revoke(target, headers)]) {
        expect([res.status, res.data.code]).toEqual([403, 'forbidden_role']);
      }
    }
    const token = await call(oauthToken, '/oauth/token', { form: { grant_type: 'client_credentials', client_id: ctx.tenant.clientId, client_secret: ctx.tenant.clientSecret } });
    const machine = { authorization: `Bearer ${token.data.access_token}` };
    expect((await create({ username: `m.${Date.now()}`, role: 'admin' }, machine)).data.code).toBe('forbidden_role');
    expect((await patch(target, 'viewer', machine)).data.code).toBe('forbidden_role');
  });

  it('an unknown or malformed user id is a 404', async () => {
    expect((await patch('00000000-0000-4000-8000-000000000000', 'viewer')).status).toBe(404);
    expect((await revoke('not-a-uuid')).status).toBe(404);
  });
});
