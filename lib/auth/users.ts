import { and, eq, isNull, sql } from 'drizzle-orm';
import { getDb, schema, type Executor } from '../db';
import { conflict, notFound, unprocessable } from '../errors';
import { hashPassword } from './passwords';
import { revokeSessionsOf } from './revocation';

export type Role = 'admin' | 'analyst' | 'viewer';

export const USERNAME_PATTERN = /^[a-zA-Z0-9._@-]{3,64}$/;
export const MIN_PASSWORD_LENGTH = 12;

function checkPassword(password: string) {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw unprocessable('weak_password', `Passwords need at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
}

export async function createUser(integratorId: string, username: string, password: string, role: Role = 'admin', exec?: Executor) {
  if (!USERNAME_PATTERN.test(username)) throw unprocessable('invalid_username', 'Usernames are 3 to 64 letters, digits, or . _ @ -.');
  checkPassword(password);
  const db = exec ?? (await getDb());
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
    .where(eq(schema.users.integratorId, integratorId));
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
