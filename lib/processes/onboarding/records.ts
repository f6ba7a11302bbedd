import { and, eq, inArray, sql } from 'drizzle-orm';
import { openText } from '../../platform/crypto';
import { getDb, isUuid, schema, type Executor } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import { emitWebhook, kickDelivery } from '../../delivery/webhooks';
import { isFinal, sourcesOf, type OnboardingStatus } from './state';
import { onboardingView } from './view';

export type Onboarding = typeof schema.onboardings.$inferSelect;
export type OnboardingPatch = Partial<typeof schema.onboardings.$inferInsert>;

/** `system` (the pipeline, retention), `integrator` (API credentials) or `user:<id>` (a console user). */
export type Actor = string;

export const actorOf = (principal: { kind: string; subjectId: string }): Actor => (principal.kind === 'user' ? `user:${principal.subjectId}` : 'integrator');

/** An onboarding of this integrator; any other id (unknown, malformed, someone else's) is the same 404. */
/** The onboarding as the API answers it (4.3), read outside any transaction. */
export async function onboardingRecord(integratorId: string | undefined, onboardingId: string) {
  const db = await getDb();
  return onboardingView(db, await findOnboarding(db, integratorId, onboardingId));
}

export async function findOnboarding(db: Executor, integratorId: string | undefined, onboardingId: string): Promise<Onboarding> {
  const missing = notFound('not_found', `No onboarding ${onboardingId}.`);
  if (!isUuid(onboardingId)) throw missing;
  const t = schema.onboardings;
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.id, onboardingId), integratorId ? eq(t.integratorId, integratorId) : undefined));
  if (!row) throw missing;
  return row;
}

export async function recordHistory(
  tx: Executor,
  entry: { onboardingId: string; action: (typeof schema.onboardingHistory.$inferInsert)['action']; actor: Actor; from?: string | null; to?: string | null; reason?: string | null },
): Promise<void> {
  await tx.insert(schema.onboardingHistory).values({
    onboardingId: entry.onboardingId,
    action: entry.action,
    actor: entry.actor,
    fromStatus: entry.from ?? null,
    toStatus: entry.to ?? null,
    reason: entry.reason ?? null,
  });
}

/**
 * The one place where an onboarding changes status: an atomic compare-and-set
 * on the statuses allowed to reach `to`, the audit entry, and the webhook
 * events (`onboarding.status_changed`, plus `onboarding.completed` on a final
 * status) in the same transaction. Returns the row and the events to kick.
 */
export async function transition(
  tx: Executor,
  onboardingId: string,
  to: OnboardingStatus,
  how: { actor: Actor; reason?: string | null; patch?: OnboardingPatch },
): Promise<{ onboarding: Onboarding; eventIds: string[] }> {
  const t = schema.onboardings;
  const [before] = await tx.select({ status: t.status }).from(t).where(eq(t.id, onboardingId)).for('update');
  const from = sourcesOf(to);
  const reason = how.reason;
  const [row] = await tx
    .update(t)
    .set({
      ...how.patch,
      status: to,
      ...(reason !== undefined ? { statusReason: reason } : {}),
      updatedAt: new Date(),
      ...(isFinal(to) ? { finishedAt: new Date(), leaseUntil: null } : {}),
    })
    .where(and(eq(t.id, onboardingId), inArray(t.status, from)))
    .returning();
  if (!row) throw conflict('illegal_transition', `An onboarding in status ${before?.status ?? 'unknown'} cannot become ${to}.`);
  await recordHistory(tx, { onboardingId, action: 'transition', actor: how.actor, from: before!.status, to, reason: reason ?? null });
  const eventIds: string[] = [];
  let view: Promise<Awaited<ReturnType<typeof onboardingView>>> | undefined;
  const data = () => (view ??= onboardingView(tx, row));
  // Every move goes to the endpoints subscribed to status_changed; the callBackUrl hears once, with the final record.
  eventIds.push(...(await emitWebhook(tx, { integratorId: row.integratorId, subjectId: row.id, type: 'onboarding.status_changed', data: async () => ({ ...(await data()), previousStatus: before!.status }) })));
  if (isFinal(to)) {
    const basicAuth = row.basicAuthEnc ? openText(row.basicAuthEnc) : null;
    eventIds.push(...(await emitWebhook(tx, { integratorId: row.integratorId, subjectId: row.id, type: 'onboarding.completed', url: row.callBackUrl, basicAuth, data })));
  }
  return { onboarding: row, eventIds };
}

/** Runs a transaction that may move an onboarding, then queues the delivery of its webhooks. */
export async function withTransition<T extends { eventIds?: string[] }>(fn: (tx: Executor) => Promise<T>): Promise<T> {
  const db = await getDb();
  const out = await db.transaction((tx) => fn(tx));
  if (out.eventIds?.length) await kickDelivery(out.eventIds).catch(() => undefined); // the sweep retries
  return out;
}

/** Merges keys into the pipeline checkpoints. */
export const pipelinePatch = (values: Record<string, unknown>) => sql`${schema.onboardings.pipeline} || ${JSON.stringify(values)}::jsonb`;
