import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { getConfig } from '../config';
import { getDb, schema, type Tx } from '../db';
import { randomToken, sha256Hex } from '../crypto';
import { AppError } from '../errors';
import { signAccessToken, verifyAccessToken } from './tokens';

/** SPEC 2.5. */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token?: string;
  refresh_expires_in?: number;
  session_state: string;
  scope: string;
}

export interface Subject {
  integratorId: string;
  userId?: string;
  clientId?: string;
  scope: string;
}

/** OAuth-style failure: problem+json that also carries RFC 6749's `error` member. */
export const invalidGrant = (detail: string) =>
  new AppError(400, 'invalid_grant', detail, { extensions: { error: 'invalid_grant', error_description: detail } });

async function newRefreshToken(tx: Tx, sessionId: string, sessionExpiresAt: Date): Promise<{ token: string; expiresIn: number }> {
  const config = getConfig();
  const now = Date.now();
  const expiresAt = new Date(Math.min(now + config.REFRESH_TOKEN_TTL_SECONDS * 1000, sessionExpiresAt.getTime()));
  const token = randomToken(32);
  await tx.insert(schema.refreshTokens).values({ sessionId, tokenHash: sha256Hex(token), expiresAt });
  return { token, expiresIn: Math.max(0, Math.floor((expiresAt.getTime() - now) / 1000)) };
}

async function accessFor(subject: Subject, sessionId: string): Promise<{ token: string; expiresIn: number }> {
  const ttl = getConfig().ACCESS_TOKEN_TTL_SECONDS;
  const token = await signAccessToken(
    {
      sub: subject.userId ?? subject.clientId!,
      tid: subject.integratorId,
      sid: sessionId,
      scope: subject.scope,
      kind: subject.userId ? 'user' : 'client',
    },
    ttl,
  );
  return { token, expiresIn: ttl };
}

/**
 * Starts a session and issues its first tokens. Client-credential sessions get
 * no refresh token (RFC 6749 4.4.3): the client simply asks again.
 */
export async function startSession(subject: Subject, withRefresh: boolean): Promise<TokenResponse> {
  const config = getConfig();
  const db = await getDb();
  const sessionTtl = withRefresh ? config.SESSION_MAX_SECONDS : config.ACCESS_TOKEN_TTL_SECONDS;
  const sessionId = crypto.randomUUID();
  // Signed before the transaction: nothing may use the pool while a transaction is open
  // (on the embedded database that would wait for the transaction itself).
  const access = await accessFor(subject, sessionId);
  const refresh = await db.transaction(async (tx) => {
    const [session] = await tx
      .insert(schema.authSessions)
      .values({
        id: sessionId,
        integratorId: subject.integratorId,
        userId: subject.userId,
        clientId: subject.clientId,
        scope: subject.scope,
        expiresAt: new Date(Date.now() + sessionTtl * 1000),
      })
      .returning();
    return withRefresh ? newRefreshToken(tx, sessionId, session!.expiresAt) : undefined;
  });
  return tokenResponse(subject, sessionId, access, refresh);
}

function tokenResponse(
  subject: Subject,
  sessionId: string,
  access: { token: string; expiresIn: number },
  refresh?: { token: string; expiresIn: number },
): TokenResponse {
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: access.expiresIn,
    ...(refresh ? { refresh_token: refresh.token, refresh_expires_in: refresh.expiresIn } : {}),
    session_state: sessionId,
    scope: subject.scope,
  };
}

async function revokeSessionTx(tx: Tx, sessionId: string, reason: string): Promise<void> {
  await tx
    .update(schema.authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(schema.authSessions.id, sessionId), isNull(schema.authSessions.revokedAt)));
}

export async function revokeSession(sessionId: string, reason: string): Promise<void> {
  const db = await getDb();
  await db.transaction((tx) => revokeSessionTx(tx, sessionId, reason));
}

/**
 * Redeems a refresh token: it is spent, a new one is issued (rotation). A token
 * presented a second time means it leaked, so the whole session is revoked
 * (RFC 9700 section 4.14.2).
 */
export async function redeemRefreshToken(token: string): Promise<TokenResponse> {
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ token: schema.refreshTokens, session: schema.authSessions, integratorStatus: schema.integrators.status, userRevokedAt: schema.users.revokedAt })
      .from(schema.refreshTokens)
      .innerJoin(schema.authSessions, eq(schema.authSessions.id, schema.refreshTokens.sessionId))
      .innerJoin(schema.integrators, eq(schema.integrators.id, schema.authSessions.integratorId))
      .leftJoin(schema.users, eq(schema.users.id, schema.authSessions.userId))
      .where(eq(schema.refreshTokens.tokenHash, sha256Hex(token)))
      .for('update', { of: schema.refreshTokens });
    if (!row) return { error: 'The refresh token is unknown.' } as const;
    const { session } = row;
    const spent = await tx
      .update(schema.refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(schema.refreshTokens.id, row.token.id), isNull(schema.refreshTokens.usedAt)))
      .returning({ id: schema.refreshTokens.id });
    if (spent.length === 0) {
      await revokeSessionTx(tx, session.id, 'refresh_token_reuse');
      return { error: 'The refresh token was already used; the session has been revoked.' } as const;
    }
    if (session.revokedAt) return { error: 'The session has been revoked.' } as const;
    if (row.token.expiresAt <= new Date() || session.expiresAt <= new Date()) return { error: 'The refresh token has expired.' } as const;
    if (row.integratorStatus !== 'active' || row.userRevokedAt) {
      await revokeSessionTx(tx, session.id, 'account_disabled');
      return { error: 'The account behind this session is disabled.' } as const;
    }
    const subject: Subject = {
      integratorId: session.integratorId,
      userId: session.userId ?? undefined,
      clientId: session.clientId ?? undefined,
      scope: session.scope,
    };
    const refresh = await newRefreshToken(tx, session.id, session.expiresAt);
    return { subject, sessionId: session.id, refresh } as const;
  });
  // The reuse revocation above must commit even though the caller gets an error.
  if ('error' in outcome) throw invalidGrant(outcome.error!);
  const access = await accessFor(outcome.subject, outcome.sessionId);
  return tokenResponse(outcome.subject, outcome.sessionId, access, outcome.refresh);
}

/**
 * RFC 7009: revokes the session behind a refresh or access token. Unknown or
 * invalid tokens are not an error (the spec answers 200 either way).
 */
export async function revokeToken(token: string, hint?: string): Promise<void> {
  const db = await getDb();
  const tryRefresh = async () => {
    const [row] = await db
      .select({ sessionId: schema.refreshTokens.sessionId })
      .from(schema.refreshTokens)
      .where(eq(schema.refreshTokens.tokenHash, sha256Hex(token)));
    if (row) await revokeSession(row.sessionId, 'revoked');
    return Boolean(row);
  };
  const tryAccess = async () => {
    const claims = await verifyAccessToken(token).catch(() => undefined);
    if (claims) await revokeSession(claims.sid, 'revoked');
    return Boolean(claims);
  };
  if (hint === 'access_token') {
    if (!(await tryAccess())) await tryRefresh();
  } else if (!(await tryRefresh())) {
    await tryAccess();
  }
}

/** Housekeeping: sessions ended more than a day ago are deleted with their refresh tokens. */
export async function purgeEndedSessions(): Promise<number> {
  const db = await getDb();
  const result = await db.execute(
    sql`delete from auth_sessions where expires_at < now() - interval '1 day' or revoked_at < now() - interval '1 day'`,
  );
  return result.rowCount ?? 0;
}
