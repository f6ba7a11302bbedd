import { and, asc, eq, sql } from 'drizzle-orm';
import { openText, seal } from '../../platform/crypto';
import { getDb, schema, type Executor } from '../../platform/db';
import { notFound, unprocessable } from '../../platform/errors';
import type { WebhookEventType } from './payload';

/** Subscriptions an integrator may hold at once (Stripe allows 16). */
export const MAX_ENDPOINTS = 16;

export interface WebhookEndpoint {
  id: string;
  url: string;
  eventTypes: WebhookEventType[];
  description: string | null;
  hasBasicAuth: boolean;
  enabled: boolean;
  createdAt: Date;
}

export interface EndpointInput {
  url: string;
  eventTypes: WebhookEventType[];
  description?: string | null;
  basicAuth?: string | null;
  enabled?: boolean;
}

type Row = typeof schema.webhookEndpoints.$inferSelect;
const present = (r: Row): WebhookEndpoint => ({
  id: r.id,
  url: r.url,
  eventTypes: r.eventTypes as WebhookEventType[],
  description: r.description,
  hasBasicAuth: Boolean(r.basicAuthEnc),
  enabled: r.enabled,
  createdAt: r.createdAt,
});

const t = schema.webhookEndpoints;

export async function listEndpoints(integratorId: string): Promise<WebhookEndpoint[]> {
  const db = await getDb();
  return (await db.select().from(t).where(eq(t.integratorId, integratorId)).orderBy(asc(t.createdAt))).map(present);
}

export async function createEndpoint(integratorId: string, input: EndpointInput): Promise<WebhookEndpoint> {
  const db = await getDb();
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(t).where(eq(t.integratorId, integratorId))) as [{ n: number }];
  if (n >= MAX_ENDPOINTS) throw unprocessable('too_many_endpoints', `An integrator may have at most ${MAX_ENDPOINTS} webhook endpoints; delete one first.`);
  const [row] = await db
    .insert(t)
    .values({
      integratorId,
      url: input.url,
      eventTypes: [...new Set(input.eventTypes)],
      description: input.description ?? null,
      basicAuthEnc: input.basicAuth ? seal(input.basicAuth) : null,
      enabled: input.enabled ?? true,
    })
    .returning();
  return present(row!);
}

/** Partial update: absent fields stay; `basicAuth: null` removes the credentials. */
export async function updateEndpoint(integratorId: string, id: string, input: Partial<EndpointInput>): Promise<WebhookEndpoint> {
  const db = await getDb();
  const values: Partial<typeof t.$inferInsert> = {};
  if (input.url !== undefined) values.url = input.url;
  if (input.eventTypes !== undefined) values.eventTypes = [...new Set(input.eventTypes)];
  if (input.description !== undefined) values.description = input.description;
  if (input.basicAuth !== undefined) values.basicAuthEnc = input.basicAuth ? seal(input.basicAuth) : null;
  if (input.enabled !== undefined) values.enabled = input.enabled;
  const where = and(eq(t.id, id), eq(t.integratorId, integratorId));
  const [row] = Object.keys(values).length ? await db.update(t).set(values).where(where).returning() : await db.select().from(t).where(where);
  if (!row) throw notFound('not_found', `No webhook endpoint ${id}.`);
  return present(row);
}

export async function deleteEndpoint(integratorId: string, id: string): Promise<void> {
  const db = await getDb();
  const rows = await db.delete(t).where(and(eq(t.id, id), eq(t.integratorId, integratorId))).returning({ id: t.id });
  if (rows.length === 0) throw notFound('not_found', `No webhook endpoint ${id}.`);
}

/** Enabled endpoints of the integrator that subscribe to this event type. */
export async function subscribersOf(tx: Executor, integratorId: string, type: WebhookEventType) {
  const rows = await tx
    .select({ id: t.id, url: t.url, basicAuthEnc: t.basicAuthEnc })
    .from(t)
    .where(and(eq(t.integratorId, integratorId), eq(t.enabled, true), sql`${t.eventTypes} @> ${JSON.stringify([type])}::jsonb`));
  return rows.map((r) => ({ url: r.url, basicAuth: r.basicAuthEnc ? openText(r.basicAuthEnc) : null, endpointId: r.id }));
}
