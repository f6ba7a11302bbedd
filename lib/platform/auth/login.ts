import { and, eq, isNull, sql } from 'drizzle-orm';
import { getDb, schema } from '../db';
import { AppError, forbidden, unauthorized } from '../errors';
import { verifyPassword } from './passwords';
import { invalidGrant, startSession, type TokenResponse } from './sessions';
import { parseScope } from './clients';
import type { Scope } from './roles';

export const USER_SCOPES: Scope[] = ['services', 'import'];

function grantedScope(requested: string | undefined, allowed: Scope[]): string {
  if (!requested) return allowed.join(' ');
  const wanted = parseScope(requested);
  const extra = wanted.filter((s) => !allowed.includes(s));
  if (extra.length) {
    const detail = `Scope ${extra.join(' ')} is not granted to this account.`;
    throw new AppError(400, 'invalid_scope', detail, { extensions: { error: 'invalid_scope', error_description: detail } });
  }
  return wanted.join(' ');
}

export interface LoginInput {
  username: string;
  password: string;
  scope?: string;
  /** OAuth's password grant reports failures as invalid_grant (400); SPEC 4.1 as 401. */
  style: 'api' | 'oauth';
}

/** Password login (throttling is the HTTP layer's job: lib/platform/http/login-throttle). */
export async function login(input: LoginInput): Promise<TokenResponse> {
  const db = await getDb();
  const [user] = await db
    .select({ user: schema.users, integratorStatus: schema.integrators.status })
    .from(schema.users)
    .innerJoin(schema.integrators, eq(schema.integrators.id, schema.users.integratorId))
    .where(and(sql`lower(${schema.users.username}) = lower(${input.username})`, isNull(schema.users.revokedAt)));

  if (!(await verifyPassword(user?.user.passwordHash, input.password))) {
    if (input.style === 'oauth') throw invalidGrant('Invalid username or password.');
    throw unauthorized('invalid_credentials', 'Invalid username or password.');
  }
  if (user!.integratorStatus !== 'active') throw forbidden('integrator_disabled', 'This integrator account is disabled.');
  const scope = grantedScope(input.scope, USER_SCOPES);
  return startSession({ integratorId: user!.user.integratorId, userId: user!.user.id, scope }, true);
}

export { grantedScope };
