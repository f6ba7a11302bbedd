import { and, eq, gt, isNull } from 'drizzle-orm';
import { getDb, schema } from '../db';
import { forbidden, unauthorized } from '../errors';
import { assertSameOrigin, consoleUser, findApiKey, notSignedIn, sessionIdFromCookies, verifyAccessToken, type Role, type Scope } from '../auth';

/** Who is calling: always one integrator, whose data alone is visible. */
export interface Principal {
  integratorId: string;
  kind: 'user' | 'client' | 'apiKey';
  subjectId: string;
  sessionId?: string;
  scopes: string[];
  /** Console role of a logged-in user; machine credentials have none. */
  role?: Role;
}

export async function authenticateBearer(header: string | null, scope: Scope): Promise<Principal> {
  const match = header ? /^Bearer\s+([A-Za-z0-9._~+/-]+=*)\s*$/i.exec(header) : null;
  if (!header) throw unauthorized('missing_credentials', 'Send Authorization: Bearer <access token>.');
  if (!match) throw unauthorized('invalid_token', 'The Authorization header must be: Bearer <access token>.');
  const claims = await verifyAccessToken(match[1]!);
  const db = await getDb();
  const [session] = await db
    .select({ id: schema.authSessions.id, integratorStatus: schema.integrators.status, role: schema.users.role })
    .from(schema.authSessions)
    .innerJoin(schema.integrators, eq(schema.integrators.id, schema.authSessions.integratorId))
    .leftJoin(schema.users, eq(schema.users.id, schema.authSessions.userId))
    .where(and(eq(schema.authSessions.id, claims.sid), isNull(schema.authSessions.revokedAt), gt(schema.authSessions.expiresAt, new Date())));
  if (!session) throw unauthorized('invalid_token', 'The session of this access token has ended or was revoked.');
  if (session.integratorStatus !== 'active') throw forbidden('integrator_disabled', 'This integrator account is disabled.');
  const scopes = claims.scope.split(' ');
  if (!scopes.includes(scope)) {
    throw forbidden('insufficient_scope', `This API needs the ${scope} scope; the token carries: ${claims.scope || 'none'}.`);
  }
  return { integratorId: claims.tid, kind: claims.kind, subjectId: claims.sub, sessionId: claims.sid, scopes, role: session.role ?? undefined };
}

/** Server-side role check: only these roles may call the operation. */
export function requireRole(principal: Principal, ...roles: Role[]): void {
  if (!principal.role || !roles.includes(principal.role)) {
    throw forbidden('forbidden_role', `This operation needs one of the roles: ${roles.join(', ')}.`);
  }
}

/** The role check for console users; machine credentials (API keys, client credentials) act for the integrator as a whole. */
export function requireRoleOfUser(principal: Principal, ...roles: Role[]): void {
  if (principal.role !== undefined || principal.kind === 'user') requireRole(principal, ...roles);
}

export async function authenticateApiKey(header: string | null): Promise<Principal> {
  if (!header) throw unauthorized('missing_credentials', 'Send the x-api-key header.', { headers: { 'www-authenticate': 'ApiKey header="x-api-key"' } });
  const key = await findApiKey(header.trim());
  if (!key) throw unauthorized('invalid_api_key', 'The API key is unknown or revoked.', { headers: { 'www-authenticate': 'ApiKey header="x-api-key"' } });
  if (key.integratorStatus !== 'active') throw forbidden('integrator_disabled', 'This integrator account is disabled.');
  return { integratorId: key.integratorId, kind: 'apiKey', subjectId: key.id, scopes: ['onboarding'] };
}

/** The console session a request without Authorization carries in its cookie (MAC verified), if any. */
export const consoleSessionOf = (req: Request): string | undefined =>
  req.headers.get('authorization') ? undefined : sessionIdFromCookies(req.headers.get('cookie'));

/**
 * The console's pages call the same JSON API as integrators, with their
 * session cookie instead of a Bearer token: same principal, same role checks,
 * plus the same-origin check for state changes.
 */
export async function authenticateConsole(req: Request, sessionId: string, scope: Scope): Promise<Principal> {
  const user = await consoleUser(sessionId);
  if (!user) throw notSignedIn();
  assertSameOrigin(req.method, req.headers.get('origin'), req.headers.get('host'));
  if (scope !== 'services') throw forbidden('insufficient_scope', `This API needs the ${scope} scope, which console sessions do not carry.`);
  return { integratorId: user.integratorId, kind: 'user', subjectId: user.userId, sessionId: user.sessionId, scopes: ['services'], role: user.role };
}
