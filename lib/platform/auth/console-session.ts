import { and, eq, gt, isNull } from 'drizzle-orm';
import { login } from './login';
import { revokeSession } from './sessions';
import type { Role } from './roles';
import { getConfig } from '../config';
import { keyedDigest, safeEqual } from '../crypto';
import { getDb, schema } from '../db';
import { forbidden, unauthorized } from '../errors';

/** The console's session cookie: the auth session id and its MAC under the master key. */
export const CONSOLE_COOKIE = 'atesta_console';

export interface ConsoleUser {
  integratorId: string;
  integratorName: string;
  userId: string;
  username: string;
  role: Role;
  sessionId: string;
}

const mac = (sessionId: string) => keyedDigest(`console:${sessionId}`);

/**
 * The cookie: HttpOnly, SameSite=Strict (never sent from another site, so no
 * cross-site request can act with it), Secure over https, scoped to the whole
 * app because the console calls the JSON API with it.
 */
export function consoleCookieHeader(sessionId: string | undefined, maxAgeSeconds: number): string {
  const c = getConfig();
  const secure = c.publicUrl.startsWith('https:') || c.NODE_ENV === 'production';
  const value = sessionId ? `${sessionId}.${mac(sessionId)}` : '';
  return [`${CONSOLE_COOKIE}=${value}`, 'Path=/', `Max-Age=${sessionId ? maxAgeSeconds : 0}`, 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])].join('; ');
}

/** The session id a cookie header carries, when its MAC verifies. */
export function sessionIdFromCookies(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== CONSOLE_COOKIE) continue;
    const [id, given] = rest.join('=').split('.');
    if (id && given && /^[0-9a-f-]{36}$/.test(id) && safeEqual(given, mac(id))) return id;
  }
  return undefined;
}

/** Password login for the console: a normal auth session (same throttling, same revocation), held by the cookie. */
export async function consoleLogin(username: string, password: string): Promise<{ sessionId: string; maxAgeSeconds: number }> {
  const tokens = await login({ username, password, style: 'api' });
  return { sessionId: tokens.session_state, maxAgeSeconds: getConfig().SESSION_MAX_SECONDS };
}

/** The signed-in user of a live session (not revoked, not expired, user and integrator active). */
export async function consoleUser(sessionId: string | undefined): Promise<ConsoleUser | undefined> {
  if (!sessionId) return undefined;
  const db = await getDb();
  const [row] = await db
    .select({ session: schema.authSessions, user: schema.users, integrator: schema.integrators })
    .from(schema.authSessions)
    .innerJoin(schema.users, eq(schema.users.id, schema.authSessions.userId))
    .innerJoin(schema.integrators, eq(schema.integrators.id, schema.authSessions.integratorId))
    .where(and(eq(schema.authSessions.id, sessionId), isNull(schema.authSessions.revokedAt), gt(schema.authSessions.expiresAt, new Date()), isNull(schema.users.revokedAt)));
  if (!row || row.integrator.status !== 'active') return undefined;
  return { integratorId: row.integrator.id, integratorName: row.integrator.name, userId: row.user.id, username: row.user.username, role: row.user.role as Role, sessionId };
}

export async function consoleLogout(sessionId: string | undefined): Promise<void> {
  if (sessionId) await revokeSession(sessionId, 'console logout');
}

/**
 * A state-changing request made with the cookie must come from the console's
 * own pages: the Origin header (sent by browsers on every POST, PUT, PATCH,
 * DELETE) must be this service's. SameSite=Strict already keeps the cookie
 * off cross-site requests; this is the second lock.
 */
export function assertSameOrigin(method: string, origin: string | null, host: string | null): void {
  if (method === 'GET' || method === 'HEAD') return;
  const own = new URL(getConfig().publicUrl).origin;
  const ok = origin !== null && (origin === own || (host !== null && (origin === `http://${host}` || origin === `https://${host}`)));
  if (!ok) throw forbidden('cross_origin_request', 'A console request must come from the console itself.');
}

export const notSignedIn = () => unauthorized('console_session_required', 'Sign in to the console first.');
