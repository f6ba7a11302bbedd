import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenEndpoint, type Role } from '../auth';
import { rolesOf, type Contract, type RouteHandler } from '../http';
import { allContracts } from '../../api/openapi/registry';
import { call, consoleHeaders, createTestDatabase, seedIntegrator, type TestDatabase } from '../../testing';

/**
 * Roles on the server (issue 12, point 8), operation by operation: every
 * operation a console session can call (Bearer, scope `services`) is called
 * with the cookie of an admin, an analyst and a viewer. A role outside the
 * matrix below gets 403 `forbidden_role` before anything else happens; a role
 * inside it never does. A machine credential (an OAuth client of the same
 * scope) is refused exactly where the contract says `usersOnly`. A new operation lands in the matrix by default
 * (reads for all, writes for admins) and must be listed here to widen it.
 * The same matrix is in docs/console.md (Roles).
 */
const ANALYST_WRITES = new Set(['decideReview']);
const ADMIN_ONLY_READS = new Set(['getWebhookSecret']);

function allowed(c: Contract): Role[] {
  if (c.method === 'GET') return ADMIN_ONLY_READS.has(c.operationId) ? ['admin'] : ['admin', 'analyst', 'viewer'];
  return ANALYST_WRITES.has(c.operationId) ? ['admin', 'analyst'] : ['admin'];
}

const APP = path.resolve(__dirname, '../../../app');
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const consoleOperations = allContracts.filter((c) => c.auth === 'bearer' && (c.scope ?? 'services') === 'services');
const routeFileOf = (c: Contract) => path.join(APP, c.path.replace(/\{(\w+)\}/g, '[$1]'), 'route.ts');
const paramsOf = (c: Contract) => Object.fromEntries([...c.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, UNKNOWN]));

describe('role matrix of the console operations', () => {
  let db: TestDatabase;
  const headers = {} as Record<Role, Record<string, string>>;
  let machine: Record<string, string>;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    for (const role of ['admin', 'analyst', 'viewer'] as const) headers[role] = await consoleHeaders(await seedIntegrator({ role }));
    // An OAuth client of the console's scope: a machine credential, with no role.
    const tenant = await seedIntegrator({ clientScope: 'services' });
    const token = await tokenEndpoint({ grant_type: 'client_credentials', client_id: tenant.clientId, client_secret: tenant.clientSecret }, null);
    machine = { authorization: `Bearer ${token.access_token}` };
  });
  afterAll(async () => db.close());

  it('covers the console operations, each served by its route file', () => {
    expect(consoleOperations.length).toBeGreaterThan(30);
    for (const c of consoleOperations) expect(fs.existsSync(routeFileOf(c)), c.operationId).toBe(true);
  });

  it('declares exactly the documented matrix', () => {
    for (const c of consoleOperations) expect(rolesOf(c).sort(), c.operationId).toEqual(allowed(c).sort());
  });

  for (const c of consoleOperations) {
    it(`${c.method} ${c.path} (${c.operationId}): ${allowed(c).join(', ')}${c.usersOnly ? ', users only' : ''}`, async () => {
      const handler = ((await import(routeFileOf(c))) as Record<string, RouteHandler>)[c.method]!;
      for (const who of ['admin', 'analyst', 'viewer', 'machine'] as const) {
        const res = await call(handler, c.path, { method: c.method, headers: who === 'machine' ? machine : headers[who], params: paramsOf(c), ...(c.method === 'GET' ? {} : { json: {} }) });
        const refused = res.status === 403 && res.data?.code === 'forbidden_role';
        // The contract says who: its roles, and whether machine credentials (no role) are refused too.
        const expected = who === 'machine' ? Boolean(c.usersOnly) : !allowed(c).includes(who);
        expect(refused, `${who}: ${res.status} ${res.text.slice(0, 200)}`).toBe(expected);
      }
    });
  }
});
