import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as decodeJwt from 'jose';
import { POST as login, GET as loginGet } from './route';
import { POST as refresh } from './refresh/route';
import { POST as logout } from './logout/route';
import { GET as listKeys } from '../api-keys/route';
import { backends, call, createTestDatabase, seedIntegrator, type SeededIntegrator, type TestDatabase } from '@/lib/testing';
import { resetConfig } from '@/lib/platform/config';

const URL_LOGIN = '/services/api/v1/authentication';

describe.each(backends())('authentication on %s', (backend) => {
  let db: TestDatabase;
  let tenant: SeededIntegrator;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
    tenant = await seedIntegrator();
  });
  afterAll(async () => db.close());
  afterEach(() => vi.useRealTimers());

  const doLogin = (username: string, password: string, ip = '10.0.0.1') =>
    call(login, URL_LOGIN, { json: { username, password }, ip });

  it('returns every field of the SPEC 2.5 token object', async () => {
    const res = await doLogin(tenant.username, tenant.password);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 300,
      refresh_token: expect.any(String),
      refresh_expires_in: 1800,
      session_state: expect.stringMatching(/^[0-9a-f-]{36}$/),
      scope: 'services import',
    });
    const header = decodeJwt.decodeProtectedHeader(res.data.access_token);
    expect(header.alg).toBe('ES256');
    const claims = decodeJwt.decodeJwt(res.data.access_token);
    expect(claims.sid).toBe(res.data.session_state);
    expect(claims.tid).toBe(tenant.integratorId);
    expect((claims.exp as number) - (claims.iat as number)).toBe(300);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('accepts the username in any letter case', async () => {
    expect((await doLogin(tenant.username.toUpperCase(), tenant.password)).status).toBe(200);
  });

  it('rejects a wrong password and an unknown user with the same 401', async () => {
    const wrong = await doLogin(tenant.username, 'not-the-password', '10.0.0.2');
    const unknown = await doLogin('nobody.here', 'whatever-password', '10.0.0.2');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(res.data.code).toBe('invalid_credentials');
      expect(res.data.detail).toBe('Invalid username or password.');
    }
  });

  it('rejects a missing field with 400 validation_failed pointing at it', async () => {
    const res = await call(login, URL_LOGIN, { json: { username: 'x' } });
    expect(res.status).toBe(400);
    expect(res.data.code).toBe('validation_failed');
    expect(res.data.errors).toEqual([expect.objectContaining({ pointer: '/password' })]);
  });

  it('answers 405 problem+json with Allow for another method', async () => {
    const res = await call(loginGet, URL_LOGIN, { method: 'GET' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(res.data.code).toBe('method_not_allowed');
  });

  it('uses the access token on a guarded route until it expires', async () => {
    const tokens = (await doLogin(tenant.username, tenant.password)).data;
    const auth = { authorization: `Bearer ${tokens.access_token}` };
    expect((await call(listKeys, '/services/api/v1/api-keys', { headers: auth })).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 301_000 });
    const expired = await call(listKeys, '/services/api/v1/api-keys', { headers: auth });
    expect(expired.status).toBe(401);
    expect(expired.data.code).toBe('invalid_token');
    expect(expired.data.detail).toMatch(/expired/);
    expect(expired.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('rotates the refresh token on every use', async () => {
    const first = (await doLogin(tenant.username, tenant.password)).data;
    const second = await call(refresh, '/services/api/v1/authentication/refresh', { json: { refresh_token: first.refresh_token } });
    expect(second.status).toBe(200);
    expect(second.data.refresh_token).not.toBe(first.refresh_token);
    expect(second.data.session_state).toBe(first.session_state);
    const third = await call(refresh, '/services/api/v1/authentication/refresh', { json: { refresh_token: second.data.refresh_token } });
    expect(third.status).toBe(200);
    const auth = { authorization: `Bearer ${third.data.access_token}` };
    expect((await call(listKeys, '/services/api/v1/api-keys', { headers: auth })).status).toBe(200);
  });

  it('revokes the whole session when a spent refresh token is presented again', async () => {
    const first = (await doLogin(tenant.username, tenant.password)).data;
    const second = (await call(refresh, '/services/api/v1/authentication/refresh', { json: { refresh_token: first.refresh_token } })).data;
    const replay = await call(refresh, '/services/api/v1/authentication/refresh', { json: { refresh_token: first.refresh_token } });
    expect(replay.status).toBe(400);
    expect(replay.data.code).toBe('invalid_grant');
    expect(replay.data.error).toBe('invalid_grant');
    // The legitimate holder's newer tokens die with the session.
    const afterReuse = await call(refresh, '/services/api/v1/authentication/refresh', { json: { refresh_token: second.refresh_token } });
    expect(afterReuse.status).toBe(400);
    const auth = { authorization: `Bearer ${second.access_token}` };
    expect((await call(listKeys, '/services/api/v1/api-keys', { headers: auth })).status).toBe(401);
  });

  it('refuses an expired refresh token', async () => {
    const first = (await doLogin(tenant.username, tenant.password)).data;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 1801_000 });
    const res = await call(refresh, '/services/api/v1/authentication/refresh', { json: { refresh_token: first.refresh_token } });
    expect(res.status).toBe(400);
    expect(res.data.detail).toMatch(/expired/);
  });

  it('logout ends the session', async () => {
    const tokens = (await doLogin(tenant.username, tenant.password)).data;
    expect((await call(logout, '/services/api/v1/authentication/logout', { json: { refresh_token: tokens.refresh_token } })).status).toBe(204);
    const res = await call(listKeys, '/services/api/v1/api-keys', { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(res.status).toBe(401);
  });

  it('throttles failed logins per username with 429 and Retry-After', async () => {
    process.env.LOGIN_MAX_FAILURES_PER_USERNAME = '3';
    // A day's window: the counters are fixed windows, and attempts that straddled a 60 s boundary (a slow run) were
    // counted in two windows and never throttled.
    process.env.LOGIN_FAILURE_WINDOW_SECONDS = '86400';
    resetConfig();
    try {
      const victim = await seedIntegrator();
      for (let i = 0; i < 3; i++) expect((await doLogin(victim.username, 'wrong-password', `10.1.0.${i}`)).status).toBe(401);
      const blocked = await doLogin(victim.username, victim.password, '10.1.0.99');
      expect(blocked.status).toBe(429);
      expect(blocked.data.code).toBe('rate_limited');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      // Other usernames are unaffected.
      expect((await doLogin(tenant.username, tenant.password, '10.1.0.98')).status).toBe(200);
    } finally {
      delete process.env.LOGIN_MAX_FAILURES_PER_USERNAME;
      delete process.env.LOGIN_FAILURE_WINDOW_SECONDS;
      resetConfig();
    }
  });

  it('throttles login attempts per client address', async () => {
    process.env.LOGIN_MAX_ATTEMPTS_PER_IP = '4';
    // A day's window (as above): six attempts straddling a 60 s boundary were all let through in one CI run.
    process.env.LOGIN_IP_WINDOW_SECONDS = '86400';
    resetConfig();
    try {
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await doLogin(tenant.username, tenant.password, '10.2.0.1')).status);
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
      expect((await doLogin(tenant.username, tenant.password, '10.2.0.2')).status).toBe(200);
    } finally {
      delete process.env.LOGIN_MAX_ATTEMPTS_PER_IP;
      delete process.env.LOGIN_IP_WINDOW_SECONDS;
      resetConfig();
    }
  });
});
