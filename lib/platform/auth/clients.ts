import { and, desc, eq, isNull } from 'drizzle-orm';
import { getDb, schema } from '../db';
import { randomToken, safeEqual, sha256Hex } from '../crypto';
import { notFound, unprocessable } from '../errors';
import { revokeSessionsOf } from './revocation';
import { SCOPES, type Scope } from './roles';

export function parseScope(scope: string): Scope[] {
  const parts = scope.split(/\s+/).filter(Boolean);
  for (const p of parts) {
    if (!(SCOPES as readonly string[]).includes(p)) throw unprocessable('invalid_scope', `Unknown scope ${p}; known: ${SCOPES.join(', ')}.`);
  }
  return [...new Set(parts)] as Scope[];
}

/** OAuth 2.0 confidential client (client_credentials grant); the secret is shown once. */
export async function createClient(integratorId: string, name: string, scope = 'import') {
  const scopes = parseScope(scope).join(' ');
  const clientId = `atc_${randomToken(12)}`;
  const clientSecret = randomToken(32);
  const db = await getDb();
  const [row] = await db
    .insert(schema.apiClients)
    .values({ integratorId, clientId, name, scope: scopes, secretHash: sha256Hex(clientSecret) })
    .returning({ id: schema.apiClients.id, createdAt: schema.apiClients.createdAt });
  return { id: row!.id, clientId, clientSecret, name, scope: scopes, createdAt: row!.createdAt };
}

export async function listClients(integratorId: string) {
  const db = await getDb();
  return db
    .select({
      id: schema.apiClients.id,
      clientId: schema.apiClients.clientId,
      name: schema.apiClients.name,
      scope: schema.apiClients.scope,
      createdAt: schema.apiClients.createdAt,
      revokedAt: schema.apiClients.revokedAt,
    })
    .from(schema.apiClients)
    .where(eq(schema.apiClients.integratorId, integratorId))
    .orderBy(desc(schema.apiClients.createdAt));
}

/** With `integratorId`, another integrator's client answers like an unknown one. */
async function activeClient(clientId: string, integratorId?: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(schema.apiClients)
    .where(and(eq(schema.apiClients.clientId, clientId), isNull(schema.apiClients.revokedAt), integratorId ? eq(schema.apiClients.integratorId, integratorId) : undefined));
  return row;
}

export async function revokeClient(clientId: string, integratorId?: string): Promise<void> {
  const row = await activeClient(clientId, integratorId);
  if (!row) throw notFound('not_found', `No active client ${clientId}.`);
  const db = await getDb();
  await db.update(schema.apiClients).set({ revokedAt: new Date() }).where(eq(schema.apiClients.id, row.id));
  await revokeSessionsOf({ clientId: row.id }, 'client_revoked');
}

/** New secret for the same client id; the old secret stops working at once. */
export async function rotateClientSecret(clientId: string, integratorId?: string): Promise<{ clientId: string; clientSecret: string }> {
  const row = await activeClient(clientId, integratorId);
  if (!row) throw notFound('not_found', `No active client ${clientId}.`);
  const clientSecret = randomToken(32);
  const db = await getDb();
  await db.update(schema.apiClients).set({ secretHash: sha256Hex(clientSecret) }).where(eq(schema.apiClients.id, row.id));
  await revokeSessionsOf({ clientId: row.id }, 'client_secret_rotated');
  return { clientId, clientSecret };
}

export async function authenticateClient(clientId: string, clientSecret: string) {
  const row = await activeClient(clientId);
  if (!row || !safeEqual(row.secretHash, sha256Hex(clientSecret))) return undefined;
  return row;
}
