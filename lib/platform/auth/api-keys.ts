import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { getDb, isUuid, schema, type Executor } from '../db';
import { randomToken, sha256Hex } from '../crypto';
import { conflict, notFound, unprocessable } from '../errors';

/**
 * Keys look like `atk_<8 chars>_<43 chars>`. The first part is the visible
 * prefix shown in lists; only a SHA-256 of the whole key is stored (the key
 * has 256 bits of entropy, so a slow hash adds nothing).
 */
export function generateApiKey(): string {
  return `atk_${randomToken(6)}_${randomToken(32)}`;
}

export const keyPrefix = (key: string) => key.slice(0, 12);

export interface CreatedApiKey {
  id: string;
  name: string;
  prefix: string;
  /** Shown once; not recoverable afterwards. */
  key: string;
  createdAt: Date;
}

export async function createApiKey(db: Executor, integratorId: string, name: string, presetKey?: string): Promise<CreatedApiKey> {
  const key = presetKey ?? generateApiKey();
  if (key.length < 16) throw unprocessable('weak_api_key', 'API keys need at least 16 characters.');
  const same = await db
    .select({ id: schema.apiKeys.id })
    .from(schema.apiKeys)
    .where(and(eq(schema.apiKeys.integratorId, integratorId), eq(schema.apiKeys.name, name), isNull(schema.apiKeys.revokedAt)));
  if (same.length) throw conflict('api_key_name_taken', `An active API key is already named ${name}; revoke or rotate it, or pick another name.`);
  const [row] = await db
    .insert(schema.apiKeys)
    .values({ integratorId, name, prefix: keyPrefix(key), keyHash: sha256Hex(key) })
    .returning({ id: schema.apiKeys.id, createdAt: schema.apiKeys.createdAt });
  return { id: row!.id, name, prefix: keyPrefix(key), key, createdAt: row!.createdAt };
}

export async function listApiKeys(integratorId: string) {
  const db = await getDb();
  return db
    .select({
      id: schema.apiKeys.id,
      name: schema.apiKeys.name,
      prefix: schema.apiKeys.prefix,
      createdAt: schema.apiKeys.createdAt,
      lastUsedAt: schema.apiKeys.lastUsedAt,
      revokedAt: schema.apiKeys.revokedAt,
    })
    .from(schema.apiKeys)
    .where(eq(schema.apiKeys.integratorId, integratorId))
    .orderBy(desc(schema.apiKeys.createdAt));
}

/**
 * Revokes a key. With `integratorId`, a key of another integrator answers
 * exactly like an unknown one.
 */
export async function revokeApiKey(id: string, integratorId?: string): Promise<{ integratorId: string; name: string }> {
  if (!isUuid(id)) throw notFound('not_found', `No active API key ${id}.`);
  const db = await getDb();
  const [row] = await db
    .update(schema.apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(schema.apiKeys.id, id), isNull(schema.apiKeys.revokedAt), integratorId ? eq(schema.apiKeys.integratorId, integratorId) : undefined))
    .returning({ integratorId: schema.apiKeys.integratorId, name: schema.apiKeys.name });
  if (!row) throw notFound('not_found', `No active API key ${id}.`);
  return row;
}

/** Issues a replacement with the same name and revokes the old key. */
export async function rotateApiKey(id: string, integratorId?: string): Promise<CreatedApiKey> {
  const old = await revokeApiKey(id, integratorId);
  return createApiKey(await getDb(), old.integratorId, old.name);
}

/** Resolves a presented key to its integrator, or undefined. */
export async function findApiKey(key: string): Promise<{ id: string; integratorId: string; integratorStatus: string } | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ id: schema.apiKeys.id, integratorId: schema.apiKeys.integratorId, integratorStatus: schema.integrators.status })
    .from(schema.apiKeys)
    .innerJoin(schema.integrators, eq(schema.integrators.id, schema.apiKeys.integratorId))
    .where(and(eq(schema.apiKeys.keyHash, sha256Hex(key)), isNull(schema.apiKeys.revokedAt)));
  if (!row) return undefined;
  // At most one write a minute per key, not one per request.
  await db
    .update(schema.apiKeys)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(schema.apiKeys.id, row.id), or(isNull(schema.apiKeys.lastUsedAt), lt(schema.apiKeys.lastUsedAt, sql`now() - interval '1 minute'`))));
  return row;
}

/** A new API key of the integrator's, through the API (the key is shown once). */
export async function issueApiKey(integratorId: string, name: string): Promise<CreatedApiKey> {
  return createApiKey(await getDb(), integratorId, name);
}
