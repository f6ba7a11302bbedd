import { desc, eq } from 'drizzle-orm';
import { getDb, schema, type Executor } from '../db';
import { openText, randomToken, seal } from '../crypto';
import { notFound } from '../errors';

/** Standard Webhooks secret format: `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${Buffer.from(randomToken(32), 'base64url').toString('base64')}`;
}

export interface IntegratorSummary {
  id: string;
  name: string;
  status: 'active' | 'disabled';
  createdAt: Date;
}

export async function createIntegrator(db: Executor, name: string): Promise<IntegratorSummary & { webhookSecret: string }> {
  const webhookSecret = newWebhookSecret();
  const [row] = await db.insert(schema.integrators).values({ name, webhookSecretEnc: seal(webhookSecret) }).returning();
  return { id: row!.id, name: row!.name, status: row!.status, createdAt: row!.createdAt, webhookSecret };
}

export async function listIntegrators(): Promise<IntegratorSummary[]> {
  const db = await getDb();
  return db
    .select({ id: schema.integrators.id, name: schema.integrators.name, status: schema.integrators.status, createdAt: schema.integrators.createdAt })
    .from(schema.integrators)
    .orderBy(desc(schema.integrators.createdAt));
}

export async function setIntegratorStatus(id: string, status: 'active' | 'disabled'): Promise<void> {
  const db = await getDb();
  const rows = await db.update(schema.integrators).set({ status }).where(eq(schema.integrators.id, id)).returning({ id: schema.integrators.id });
  if (rows.length === 0) throw notFound('not_found', `No integrator ${id}.`);
}

/** The secret receivers verify `webhook-signature` with. */
export async function webhookSecret(integratorId: string): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ enc: schema.integrators.webhookSecretEnc }).from(schema.integrators).where(eq(schema.integrators.id, integratorId));
  if (!row) throw notFound('not_found', `No integrator ${integratorId}.`);
  return openText(row.enc);
}

export async function rotateWebhookSecret(integratorId: string): Promise<string> {
  const db = await getDb();
  const secret = newWebhookSecret();
  const rows = await db
    .update(schema.integrators)
    .set({ webhookSecretEnc: seal(secret) })
    .where(eq(schema.integrators.id, integratorId))
    .returning({ id: schema.integrators.id });
  if (rows.length === 0) throw notFound('not_found', `No integrator ${integratorId}.`);
  return secret;
}
