import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { openText } from '../../platform/crypto';
import { getDb, schema } from '../../platform/db';
import { notFound } from '../../platform/errors';

export interface EventFilter {
  status?: 'pending' | 'delivered' | 'failed';
  type?: string;
  subjectId?: string;
  /** Events created before this one (pagination cursor). */
  before?: string;
  limit: number;
}

const summary = {
  id: schema.webhookEvents.id,
  type: schema.webhookEvents.type,
  subjectId: schema.webhookEvents.subjectId,
  url: schema.webhookEvents.url,
  status: schema.webhookEvents.status,
  attempts: schema.webhookEvents.attempts,
  nextAttemptAt: schema.webhookEvents.nextAttemptAt,
  lastError: schema.webhookEvents.lastError,
  createdAt: schema.webhookEvents.createdAt,
  deliveredAt: schema.webhookEvents.deliveredAt,
};

/** The integrator's events, newest first. */
export async function listEvents(integratorId: string, filter: EventFilter) {
  const db = await getDb();
  const conditions = [eq(schema.webhookEvents.integratorId, integratorId)];
  if (filter.status) conditions.push(eq(schema.webhookEvents.status, filter.status));
  if (filter.type) conditions.push(eq(schema.webhookEvents.type, filter.type));
  if (filter.subjectId) conditions.push(eq(schema.webhookEvents.subjectId, filter.subjectId));
  if (filter.before) {
    conditions.push(
      lt(schema.webhookEvents.createdAt, sql`(select created_at from webhook_events where id = ${filter.before} and integrator_id = ${integratorId})`),
    );
  }
  const rows = await db
    .select(summary)
    .from(schema.webhookEvents)
    .where(and(...conditions))
    .orderBy(desc(schema.webhookEvents.createdAt))
    .limit(filter.limit + 1);
  const more = rows.length > filter.limit;
  const events = rows.slice(0, filter.limit).map(present);
  return { events, nextCursor: more ? events[events.length - 1]!.id : null };
}

function present<T extends { nextAttemptAt: Date; status: string }>(row: T) {
  return { ...row, nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt : null };
}

/** One event with its payload and every attempt; another integrator's id answers 404. */
export async function getEvent(integratorId: string, eventId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ ...summary, payloadEnc: schema.webhookEvents.payloadEnc })
    .from(schema.webhookEvents)
    .where(and(eq(schema.webhookEvents.id, eventId), eq(schema.webhookEvents.integratorId, integratorId)));
  if (!row) throw notFound('not_found', `No webhook event ${eventId}.`);
  const deliveryAttempts = await db
    .select({
      attemptedAt: schema.webhookAttempts.attemptedAt,
      statusCode: schema.webhookAttempts.statusCode,
      latencyMs: schema.webhookAttempts.latencyMs,
      error: schema.webhookAttempts.error,
      manual: schema.webhookAttempts.manual,
    })
    .from(schema.webhookAttempts)
    .where(eq(schema.webhookAttempts.eventId, eventId))
    .orderBy(schema.webhookAttempts.attemptedAt);
  const { payloadEnc, ...rest } = row;
  return { ...present(rest), payload: JSON.parse(openText(payloadEnc)) as unknown, deliveryAttempts };
}
