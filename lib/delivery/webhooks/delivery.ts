import { and, eq, sql } from 'drizzle-orm';
import { webhookSecret } from '../../platform/auth';
import { getConfig } from '../../platform/config';
import { openText } from '../../platform/crypto';
import { getDb, leaseFor, leaseFree, schema } from '../../platform/db';
import { getLogger } from '../../platform/log';
import { postWebhook } from './client';
import { signWebhook } from './signing';

/** The default waits after failed attempt 1, 2, … (WEBHOOK_RETRY_SCHEDULE_SECONDS): about three days in all, then the event is failed. */
export const RETRY_SCHEDULE_SECONDS = [60, 300, 1800, 7200, 18000, 36000, 86400, 86400];
export const MAX_ATTEMPTS = RETRY_SCHEDULE_SECONDS.length + 1;
/** Three request timeouts: a worker that dies mid-attempt frees the event after this. */
const leaseSeconds = () => Math.max(10, Math.ceil((3 * getConfig().WEBHOOK_TIMEOUT_MS) / 1000));

export function retryDelaySeconds(failedAttempt: number, random = Math.random, schedule = getConfig().WEBHOOK_RETRY_SCHEDULE_SECONDS): number | undefined {
  const base = schedule[failedAttempt - 1];
  if (base === undefined) return undefined;
  return Math.round(base * (0.9 + 0.2 * random())); // ±10 % jitter spreads retries of an outage
}

export type AttemptOutcome = 'delivered' | 'retry' | 'failed' | 'skipped';

type EventRow = typeof schema.webhookEvents.$inferSelect;

async function claim(eventId: string, manual: boolean): Promise<EventRow | undefined> {
  const db = await getDb();
  const due = manual ? sql`true` : sql`${schema.webhookEvents.status} = 'pending' and ${schema.webhookEvents.nextAttemptAt} <= now()`;
  const [row] = await db
    .update(schema.webhookEvents)
    .set({
      lockedUntil: leaseFor(leaseSeconds()),
      ...(manual ? {} : { attempts: sql`${schema.webhookEvents.attempts} + 1` }),
    })
    .where(and(eq(schema.webhookEvents.id, eventId), due, leaseFree(schema.webhookEvents.lockedUntil)))
    .returning();
  return row;
}

/**
 * One delivery attempt of one event. Scheduled attempts follow the retry
 * schedule; a manual one (redeliver) is a single extra try that only turns a
 * success into `delivered` and otherwise leaves the schedule as it was.
 */
export async function deliverEvent(eventId: string, options: { manual?: boolean } = {}): Promise<AttemptOutcome> {
  const manual = options.manual ?? false;
  const event = await claim(eventId, manual);
  if (!event) return 'skipped';
  const config = getConfig();
  const body = openText(event.payloadEnc);
  const timestamp = Math.floor(Date.now() / 1000);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'Atesta-Webhooks/1.0',
    'webhook-id': event.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(await webhookSecret(event.integratorId), event.id, timestamp, body),
  };
  if (event.basicAuthEnc) headers.authorization = `Basic ${Buffer.from(openText(event.basicAuthEnc)).toString('base64')}`;

  const result = await postWebhook(event.url, body, headers, { timeoutMs: config.WEBHOOK_TIMEOUT_MS, allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_NETWORKS });
  const ok = result.status !== undefined && result.status >= 200 && result.status < 300;
  const gone = result.status === 410;
  const blocked = result.error?.includes('not a public address') ?? false;
  const error = ok ? null : (result.error ?? `HTTP ${result.status}`);

  let outcome: AttemptOutcome;
  let update: Partial<typeof schema.webhookEvents.$inferInsert>;
  if (ok) {
    outcome = 'delivered';
    update = { status: 'delivered', deliveredAt: new Date(), lastError: null };
  } else if (manual) {
    outcome = event.status === 'pending' ? 'retry' : 'failed';
    update = { lastError: error };
  } else {
    const delay = gone || blocked ? undefined : retryDelaySeconds(event.attempts);
    outcome = delay === undefined ? 'failed' : 'retry';
    update =
      delay === undefined
        ? { status: 'failed', lastError: gone ? 'receiver answered 410 Gone: retries stopped' : error }
        : { nextAttemptAt: new Date(Date.now() + delay * 1000), lastError: error };
  }
  const db = await getDb();
  await db.insert(schema.webhookAttempts).values({ eventId, statusCode: result.status, latencyMs: result.latencyMs, error, manual });
  await db.update(schema.webhookEvents).set({ ...update, lockedUntil: null }).where(eq(schema.webhookEvents.id, eventId));
  getLogger().info({ eventId, type: event.type, attempt: event.attempts, status: result.status, ms: result.latencyMs, outcome }, 'webhook attempt');
  return outcome;
}

/** Events whose next attempt is due and that no worker holds. */
export async function dueEvents(limit = 100): Promise<{ id: string; nextAttemptAt: Date }[]> {
  const db = await getDb();
  return db
    .select({ id: schema.webhookEvents.id, nextAttemptAt: schema.webhookEvents.nextAttemptAt })
    .from(schema.webhookEvents)
    .where(sql`${schema.webhookEvents.status} = 'pending' and ${schema.webhookEvents.nextAttemptAt} <= now() and ${leaseFree(schema.webhookEvents.lockedUntil)}`)
    .orderBy(schema.webhookEvents.nextAttemptAt)
    .limit(limit);
}

export async function nextAttemptOf(eventId: string): Promise<Date | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ next: schema.webhookEvents.nextAttemptAt, status: schema.webhookEvents.status })
    .from(schema.webhookEvents)
    .where(eq(schema.webhookEvents.id, eventId));
  return row?.status === 'pending' ? row.next : undefined;
}
