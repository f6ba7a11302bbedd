import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as token } from './route';
import { POST as revoke } from '../revoke/route';
import { GET as listKeys } from '@/app/services/api/v1/api-keys/route';
import { GET as jwksGet } from '@/app/.well-known/jwks.json/route';
import { revokeClient, rotateClientSecret } from '@/lib/platform/auth';
import { backends, call, createTestDatabase, seedIntegrator, type SeededIntegrator, type TestDatabase } from '@/lib/testing';
import { createLocalJWKSet, jwtVerify } from 'jose';

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

describe.each(backends())('OAuth 2.0 endpoints on %s', (backend) => {
  let db: TestDatabase;
  let tenant: SeededIntegrator;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
    tenant = await seedIntegrator({ clientScope: 'import' });
  });
  afterAll(async () => db.close());

  it('issues an access token for client_credentials with HTTP Basic, without a refresh token', async () => {
    const res = await call(token, '/oauth/token', {
      form: { grant_type: 'client_credentials' },
      headers: { authorization: basic(tenant.clientId, tenant.clientSecret) },
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ token_type: 'Bearer', expires_in: 300, scope: 'import', session_state: expect.any(String) });
    expect(res.data.refresh_token).toBeUndefined();
    // The token verifies against the published JWKS, as a resource server would check it.
    const jwks = await call(jwksGet, '/.well-known/jwks.json');
    const { payload } = await jwtVerify(res.data.access_token, createLocalJWKSet(jwks.data as never), { audience: 'atesta' });
    expect(payload.tid).toBe(tenant.integratorId);
  });

  it('accepts client_secret_post too', async () => {
    const res = await call(token, '/oauth/token', {
      form: { grant_type: 'client_credentials', client_id: tenant.clientId, client_secret: tenant.clientSecret },
    });
    expect(res.status).toBe(200);
  });

  it('refuses a wrong client secret with 401 invalid_client', async () => {
    const res = await call(token, '/oauth/token', {
      form: { grant_type: 'client_credentials' },
      headers: { authorization: basic(tenant.clientId, 'wrong') },
    });
    expect(res.status).toBe(401);
    expect(res.data).toMatchObject({ code: 'invalid_client', error: 'invalid_client' });
    expect(res.headers.get('www-authenticate')).toMatch(/^Basic/);
  });

  it('a client token carries only its scope: the services API answers 403 insufficient_scope', async () => {
    const t = (await call(token, '/oauth/token', { form: { grant_type: 'client_credentials', client_id: tenant.clientId, client_secret: tenant.clientSecret } })).data;
    const res = await call(listKeys, '/services/api/v1/api-keys', { headers: { authorization: `Bearer ${t.access_token}` } });
    expect(res.status).toBe(403);
    expect(res.data.code).toBe('insufficient_scope');
  });

  it('refuses a scope the client does not have', async () => {
    const res = await call(token, '/oauth/token', {
      form: { grant_type: 'client_credentials', client_id: tenant.clientId, client_secret: tenant.clientSecret, scope: 'services' },
    });
    expect(res.status).toBe(400);
    expect(res.data.error).toBe('invalid_scope');
  });

  it('password and refresh_token grants work form-encoded', async () => {
    const first = await call(token, '/oauth/token', { form: { grant_type: 'password', username: tenant.username, password: tenant.password } });
    expect(first.status).toBe(200);
    expect(first.headers.get('pragma')).toBe('no-cache');
    const second = await call(token, '/oauth/token', { form: { grant_type: 'refresh_token', refresh_token: first.data.refresh_token } });
    expect(second.status).toBe(200);
    expect(second.data.refresh_token).not.toBe(first.data.refresh_token);
  });

  it('reports a wrong password as invalid_grant (RFC 6749)', async () => {
    const res = await call(token, '/oauth/token', { form: { grant_type: 'password', username: tenant.username, password: 'nope-nope' } });
    expect(res.status).toBe(400);
    expect(res.data.error).toBe('invalid_grant');
  });

  it('rejects unknown and missing grant types', async () => {
    const unknown = await call(token, '/oauth/token', { form: { grant_type: 'implicit' } });
    expect(unknown.status).toBe(400);
    expect(unknown.data.error).toBe('unsupported_grant_type');
    const missing = await call(token, '/oauth/token', { form: {} });
    expect(missing.data.error).toBe('invalid_request');
  });

  it('revocation (RFC 7009) ends the session of a refresh token and answers 200 for unknown tokens', async () => {
    const t = (await call(token, '/oauth/token', { form: { grant_type: 'password', username: tenant.username, password: tenant.password } })).data;
    expect((await call(revoke, '/oauth/revoke', { form: { token: t.refresh_token, token_type_hint: 'refresh_token' } })).status).toBe(200);
    expect((await call(listKeys, '/services/api/v1/api-keys', { headers: { authorization: `Bearer ${t.access_token}` } })).status).toBe(401);
    const again = await call(token, '/oauth/token', { form: { grant_type: 'refresh_token', refresh_token: t.refresh_token } });
    expect(again.status).toBe(400);
    expect((await call(revoke, '/oauth/revoke', { form: { token: 'garbage' } })).status).toBe(200);
  });

  it('revoking an access token ends its session', async () => {
    const t = (await call(token, '/oauth/token', { form: { grant_type: 'password', username: tenant.username, password: tenant.password } })).data;
    await call(revoke, '/oauth/revoke', { json: { token: t.access_token, token_type_hint: 'access_token' } });
    expect((await call(listKeys, '/services/api/v1/api-keys', { headers: { authorization: `Bearer ${t.access_token}` } })).status).toBe(401);
  });

  it('rotating or revoking a client ends its sessions and old secret', async () => {
    const other = await seedIntegrator({ clientScope: 'import services' });
    const t = (await call(token, '/oauth/token', { form: { grant_type: 'client_credentials', client_id: other.clientId, client_secret: other.clientSecret } })).data;
    expect((await call(listKeys, '/services/api/v1/api-keys', { headers: { authorization: `Bearer ${t.access_token}` } })).status).toBe(200);
    const { clientSecret } = await rotateClientSecret(other.clientId);
    expect((await call(listKeys, '/services/api/v1/api-keys', { headers: { authorization: `Bearer ${t.access_token}` } })).status).toBe(401);
    const oldSecret = await call(token, '/oauth/token', { form: { grant_type: 'client_credentials', client_id: other.clientId, client_secret: other.clientSecret } });
    expect(oldSecret.status).toBe(401);
    const fresh = await call(token, '/oauth/token', { form: { grant_type: 'client_credentials', client_id: other.clientId, client_secret: clientSecret } });
    expect(fresh.status).toBe(200);
    await revokeClient(other.clientId);
    expect((await call(token, '/oauth/token', { form: { grant_type: 'client_credentials', client_id: other.clientId, client_secret: clientSecret } })).status).toBe(401);
  });
});
