import { and, eq, isNull, sql } from 'drizzle-orm';
import { getDb, isUuid, schema, type Executor, type Tx } from '../db';
import { conflict, notFound, unprocessable } from '../errors';
import { randomToken } from '../crypto';
import { hashPassword } from './passwords';
import { revokeSessionsOf } from './revocation';

import { ROLES, type Role } from './roles';

export const USERNAME_PATTERN = /^[a-zA-Z0-9._@-]{3,64}$/;
export const MIN_PASSWORD_LENGTH = 12;

function checkPassword(password: string) {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw unprocessable('weak_password', `Passwords need at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
}

export async function createUser(db: Executor, integratorId: string, username: string, password: string, role: Role = 'admin') {
  if (!USERNAME_PATTERN.test(username)) throw unprocessable('invalid_username', 'Usernames are 3 to 64 letters, digits, or . _ @ -.');
  checkPassword(password);
  const taken = await db.select({ id: schema.users.id }).from(schema.users).where(sql`lower(${schema.users.username}) = lower(${username})`);
  if (taken.length) throw conflict('username_taken', `The username ${username} is taken.`);
  const [row] = await db
    .insert(schema.users)
    .values({ integratorId, username, passwordHash: await hashPassword(password), role })
    .returning({ id: schema.users.id, username: schema.users.username, role: schema.users.role, createdAt: schema.users.createdAt });
  return row!;
}

export async function listUsers(integratorId: string) {
  const db = await getDb();
  return db
    .select({ id: schema.users.id, username: schema.users.username, role: schema.users.role, createdAt: schema.users.createdAt, revokedAt: schema.users.revokedAt })
    .from(schema.users)
    .where(eq(schema.users.integratorId, integratorId))
    .orderBy(schema.users.createdAt);
}

async function findActiveUser(username: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(schema.users)
    .where(and(sql`lower(${schema.users.username}) = lower(${username})`, isNull(schema.users.revokedAt)));
  if (!row) throw notFound('not_found', `No active user ${username}.`);
  return row;
}

/** Sets a new password and ends the user's sessions. */
export async function setPassword(username: string, password: string): Promise<void> {
  checkPassword(password);
  const user = await findActiveUser(username);
  const db = await getDb();
  await db.update(schema.users).set({ passwordHash: await hashPassword(password) }).where(eq(schema.users.id, user.id));
  await revokeSessionsOf({ userId: user.id }, 'password_changed');
}

export async function revokeUser(username: string): Promise<void> {
  const user = await findActiveUser(username);
  const db = await getDb();
  await db.update(schema.users).set({ revokedAt: new Date() }).where(eq(schema.users.id, user.id));
  await revokeSessionsOf({ userId: user.id }, 'user_revoked');
}

/**
 * The active user `userId` of this integrator, locked, after checking that
 * the change keeps an active admin: the last admin can be neither revoked nor
 * demoted (the console would have no one left to manage it). Another
 * integrator's user answers like an unknown one.
 */
async function lockForChange(tx: Tx, integratorId: string, userId: string, losesAdmin: boolean) {
  if (!isUuid(userId)) throw notFound('not_found', `No active user ${userId}.`);
  // Locks every active admin of the integrator: two admins demoting each other at once cannot both succeed.
  const admins = await tx.execute<{ id: string }>(
    sql`select id from users where integrator_id = ${integratorId} and role = 'admin' and revoked_at is null order by id for update`,
  );
  const [user] = await tx
    .select({ id: schema.users.id, username: schema.users.username, role: schema.users.role })
    .from(schema.users)
    .where(and(eq(schema.users.id, userId), eq(schema.users.integratorId, integratorId), isNull(schema.users.revokedAt)));
  if (!user) throw notFound('not_found', `No active user ${userId}.`);
  if (losesAdmin && user.role === 'admin' && !admins.rows.some((a) => a.id !== userId)) {
    throw conflict('last_admin', 'This is the last admin of the integrator: make another user admin first.');
  }
  return user;
}

/** Changes a user's role; it applies to their open sessions at once (the role is read on every request). */
export async function setUserRole(integratorId: string, userId: string, role: Role) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockForChange(tx, integratorId, userId, role !== 'admin');
    const [row] = await tx
      .update(schema.users)
      .set({ role })
      .where(eq(schema.users.id, userId))
      .returning({ id: schema.users.id, username: schema.users.username, role: schema.users.role, createdAt: schema.users.createdAt, revokedAt: schema.users.revokedAt });
    return row!;
  });
}

/** Revokes a user of this integrator and ends their sessions (console and API tokens). */
export async function revokeUserOf(integratorId: string, userId: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await lockForChange(tx, integratorId, userId, true);
    await tx.update(schema.users).set({ revokedAt: new Date() }).where(eq(schema.users.id, userId));
  });
  await revokeSessionsOf({ userId }, 'user_revoked');
}

/** A console user added through the API; without a password, one of 144 random bits (24 characters) is made and answered once. */
export async function addUser(integratorId: string, input: { username: string; password?: string; role: Role }) {
  const generated = input.password ? undefined : randomToken(18);
  const user = await createUser(await getDb(), integratorId, input.username, input.password ?? generated!, input.role);
  return { ...user, ...(generated ? { password: generated } : {}) };
}
