import { and, eq } from 'drizzle-orm';
import { getDb, schema } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { kickDelivery } from './jobs';

/** Queues one immediate extra attempt of an event (same webhook-id), whatever its status. */
export async function redeliver(integratorId: string, eventId: string): Promise<{ eventId: string; queued: true }> {
  const db = await getDb();
  const [row] = await db
    .select({ id: schema.webhookEvents.id })
    .from(schema.webhookEvents)
    .where(and(eq(schema.webhookEvents.id, eventId), eq(schema.webhookEvents.integratorId, integratorId)));
  if (!row) throw notFound('not_found', `No webhook event ${eventId}.`);
  await kickDelivery([eventId], true);
  return { eventId, queued: true };
}
