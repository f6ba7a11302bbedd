import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/platform/db';
import { GET, POST } from './route';
import { DELETE } from './[keyId]/route';
import { POST as rotate } from './[keyId]/rotate/route';
import { POST as login } from '../authentication/route';
import { authenticateApiKey } from '@/lib/platform/http';
import { createUser } from '@/lib/platform/auth';
import { backends, bearerHeaders, call } from '@/lib/testing';
import { withTestIntegrator } from '@/lib/testing/fixture';


describe.each(backends())('API keys and tenancy on %s', (backend) => {
  const t = withTestIntegrator({ backend, tenants: 2 });

  it('issues a key shown once, stored only as a hash, usable as x-api-key', async () => {
    const created = await call(POST, '/services/api/v1/api-keys', { json: { name: 'ci' }, headers: t.auth });
    expect(created.status).toBe(201);
    expect(created.data.key).toMatch(/^atk_/);
    expect(created.data.prefix).toBe(created.data.key.slice(0, 12));
    const principal = await authenticateApiKey(created.data.key);
    expect(principal.integratorId).toBe(t.tenant.integratorId);
    const listed = await call(GET, '/services/api/v1/api-keys', { headers: t.auth });
    const row = listed.data.keys.find((k: { id: string }) => k.id === created.data.id);
    expect(row).toMatchObject({ name: 'ci', prefix: created.data.prefix, revokedAt: null });
    expect(JSON.stringify(listed.data)).not.toContain(created.data.key);
    const stored = await t.db.database.pool.query('select key_hash from api_keys where id = $1', [created.data.id]);
    expect(stored.rows[0].key_hash).not.toContain(created.data.key.slice(12));
  });

  it('answers 409 for a second active key with the same name', async () => {
    await call(POST, '/services/api/v1/api-keys', { json: { name: 'dup' }, headers: t.auth });
    const res = await call(POST, '/services/api/v1/api-keys', { json: { name: 'dup' }, headers: t.auth });
    expect(res.status).toBe(409);
    expect(res.data.code).toBe('api_key_name_taken');
  });

  it('x-api-key guard: missing, unknown and revoked keys answer 401', async () => {
    await expect(authenticateApiKey(null)).rejects.toMatchObject({ status: 401, code: 'missing_credentials' });
    await expect(authenticateApiKey('atk_nope_nope-nope-nope')).rejects.toMatchObject({ status: 401, code: 'invalid_api_key' });
    const created = (await call(POST, '/services/api/v1/api-keys', { json: { name: 'to-revoke' }, headers: t.auth })).data;
    expect((await call(DELETE, `/services/api/v1/api-keys/${created.id}`, { method: 'DELETE', headers: t.auth, params: { keyId: created.id } })).status).toBe(204);
    await expect(authenticateApiKey(created.key)).rejects.toMatchObject({ status: 401, code: 'invalid_api_key' });
  });

  it("another integrator's key id answers 404 exactly like an unknown id", async () => {
    const keyOfA = (await call(POST, '/services/api/v1/api-keys', { json: { name: 'private' }, headers: t.auth })).data;
    const cross = await call(DELETE, `/services/api/v1/api-keys/${keyOfA.id}`, { method: 'DELETE', headers: t.otherAuth, params: { keyId: keyOfA.id } });
    const unknownId = '00000000-0000-4000-8000-000000000000';
    const unknown = await call(DELETE, `/services/api/v1/api-keys/${unknownId}`, { method: 'DELETE', headers: t.otherAuth, params: { keyId: unknownId } });
    const notUuid = await call(DELETE, '/services/api/v1/api-keys/abc', { method: 'DELETE', headers: t.otherAuth, params: { keyId: 'abc' } });
    for (const res of [cross, unknown, notUuid]) {
      expect(res.status).toBe(404);
      expect(res.data.code).toBe('not_found');
    }
    expect(cross.data.detail.replace(keyOfA.id, 'ID')).toBe(unknown.data.detail.replace(unknownId, 'ID'));
    // B does not see A's keys, and A's key still works.
    const listB = await call(GET, '/services/api/v1/api-keys', { headers: t.otherAuth });
    expect(listB.data.keys.map((k: { id: string }) => k.id)).not.toContain(keyOfA.id);
    await expect(authenticateApiKey(keyOfA.key)).resolves.toMatchObject({ integratorId: t.tenant.integratorId });
  });

  it('rotation replaces the key and the old one stops working', async () => {
    const old = (await call(POST, '/services/api/v1/api-keys', { json: { name: 'rotating' }, headers: t.auth })).data;
    const res = await call(rotate, `/services/api/v1/api-keys/${old.id}/rotate`, { method: 'POST', headers: t.auth, params: { keyId: old.id } });
    expect(res.status).toBe(201);
    expect(res.data.name).toBe('rotating');
    await expect(authenticateApiKey(old.key)).rejects.toMatchObject({ status: 401 });
    await expect(authenticateApiKey(res.data.key)).resolves.toMatchObject({ integratorId: t.tenant.integratorId });
  });

  it('only admins manage keys: a viewer gets 403 forbidden_role, enforced on the server', async () => {
    const username = `viewer.${Date.now()}`;
    await createUser(await getDb(), t.tenant.integratorId, username, 'viewer-password-123', 'viewer');
    const viewer = await bearerHeaders({ username, password: 'viewer-password-123' });
    const res = await call(POST, '/services/api/v1/api-keys', { json: { name: 'nope' }, headers: viewer });
    expect(res.status).toBe(403);
    expect(res.data.code).toBe('forbidden_role');
    expect((await call(GET, '/services/api/v1/api-keys', { headers: viewer })).status).toBe(200);
  });
});
