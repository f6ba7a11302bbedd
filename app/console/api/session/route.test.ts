import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE as signOut, GET as whoAmI, POST as signIn } from './route';
import { GET as listKeys, POST as createKey } from '../../../services/api/v1/api-keys/route';
import { call, createTestDatabase, seedIntegrator, type SeededIntegrator, type TestDatabase } from '@/lib/testing';

const ORIGIN = 'http://atesta.test';

describe('console session', () => {
  let db: TestDatabase;
  let admin: SeededIntegrator;
  let viewer: SeededIntegrator;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    admin = await seedIntegrator();
    viewer = await seedIntegrator({ role: 'viewer' });
  });
  afterAll(async () => db.close());

  const cookieOf = (setCookie: string | null) => setCookie!.split(';')[0]!;
  const signedIn = async (who: SeededIntegrator) => {
    const res = await call(signIn, '/console/api/session', { json: { username: who.username, password: who.password }, headers: { origin: ORIGIN } });
    expect(res.status, res.text).toBe(200);
    return { res, cookie: cookieOf(res.headers.get('set-cookie')) };
  };

  it('signs in with the integrator user: an HttpOnly, SameSite=Strict cookie, and who is signed in', async () => {
    const { res, cookie } = await signedIn(admin);
    expect(res.data).toEqual({ username: admin.username, role: 'admin', integratorName: expect.any(String) });
    const set = res.headers.get('set-cookie')!;
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Strict/);
    expect(set).not.toContain(admin.password);
    const me = await call(whoAmI, '/console/api/session', { headers: { cookie } });
    expect(me.data.username).toBe(admin.username);
  });

  it('a wrong password is 401 and sets no cookie', async () => {
    const res = await call(signIn, '/console/api/session', { json: { username: admin.username, password: 'wrong-password' }, headers: { origin: ORIGIN } });
    expect(res.status).toBe(401);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('the cookie works on the JSON API instead of a Bearer token; state changes need this origin', async () => {
    const { cookie } = await signedIn(admin);
    expect((await call(listKeys, '/services/api/v1/api-keys', { headers: { cookie } })).status).toBe(200);
    const crossSite = await call(createKey, '/services/api/v1/api-keys', { json: { name: 'x1' }, headers: { cookie, origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
    expect(crossSite.data.code).toBe('cross_origin_request');
    const noOrigin = await call(createKey, '/services/api/v1/api-keys', { json: { name: 'x2' }, headers: { cookie } });
    expect(noOrigin.status).toBe(403);
    const same = await call(createKey, '/services/api/v1/api-keys', { json: { name: 'x3' }, headers: { cookie, origin: ORIGIN } });
    expect(same.status).toBe(201);
  });

  it('a forged or altered cookie is no session', async () => {
    const { cookie } = await signedIn(admin);
    const altered = cookie.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'));
    expect((await call(whoAmI, '/console/api/session', { headers: { cookie: altered } })).status).toBe(401);
    const forged = `atesta_console=00000000-0000-4000-8000-000000000000.${'0'.repeat(64)}`;
    expect((await call(listKeys, '/services/api/v1/api-keys', { headers: { cookie: forged } })).status).toBe(401);
  });

  it('roles are enforced on the server: a viewer cannot create keys', async () => {
    const { cookie } = await signedIn(viewer);
    const res = await call(createKey, '/services/api/v1/api-keys', { json: { name: 'v1' }, headers: { cookie, origin: ORIGIN } });
    expect(res.status).toBe(403);
    expect(res.data.code).toBe('forbidden_role');
  });

  it('signing out revokes the session: the old cookie no longer works', async () => {
    const { cookie } = await signedIn(admin);
    const out = await call(signOut, '/console/api/session', { method: 'DELETE', headers: { cookie, origin: ORIGIN } });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    expect((await call(whoAmI, '/console/api/session', { headers: { cookie } })).status).toBe(401);
    expect((await call(listKeys, '/services/api/v1/api-keys', { headers: { cookie } })).status).toBe(401);
  });
});
