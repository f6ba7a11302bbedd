import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { getConfig } from '../../platform/config';
import { openText, seal } from '../../platform/crypto';
import { getDb, schema, type Executor } from '../../platform/db';
import { deleteFaces } from '../../engines/face';
import { getLogger } from '../../platform/log';
import { deleteMedia } from './media';
import { findOnboarding, recordHistory, transition, withTransition, type Actor } from './records';
import { isFinal } from './state';

const FINAL = ['DONE', 'REJECTED', 'CANCELED', 'ERROR', 'BLACKLISTED', 'RESOLVED'] as const;

/** Pictures, the kept template and the enrolled face of one onboarding. */
async function dropBiometrics(integratorId: string, onboardingId: string): Promise<{ objects: number; faces: number }> {
  const objects = await deleteMedia(onboardingId);
  const faces = await deleteFaces(integratorId, { reference: onboardingId });
  return { objects, faces };
}

/**
 * Retention (LGPD art. 15/16): pictures and face templates are deleted a set
 * number of days (per integrator, default 90) after the final status. The
 * record, its OCR and score stay; the purge is recorded in the history.
 */
export async function purgeExpiredMedia(limit = 200): Promise<number> {
  const db = await getDb();
  const o = schema.onboardings;
  const s = schema.integratorSettings;
  const due = await db
    .select({ id: o.id, integratorId: o.integratorId })
    .from(o)
    .leftJoin(s, eq(s.integratorId, o.integratorId))
    .where(
      and(
        inArray(o.status, [...FINAL]),
        isNull(o.mediaPurgedAt),
        isNotNull(o.finishedAt),
        lt(o.finishedAt, sql`now() - make_interval(days => coalesce(${s.onboardingRetentionDays}, ${retentionDefault()}))`),
      ),
    )
    .limit(limit);
  for (const row of due) {
    const dropped = await dropBiometrics(row.integratorId, row.id);
    await db.transaction(async (tx) => {
      await tx.update(o).set({ mediaPurgedAt: new Date() }).where(eq(o.id, row.id));
      await recordHistory(tx, { onboardingId: row.id, action: 'media_purged', actor: 'system', reason: `retention: ${dropped.objects} object(s), ${dropped.faces} face template(s) deleted` });
    });
  }
  if (due.length) getLogger().info({ purged: due.length }, 'onboarding media purged (retention)');
  return due.length;
}

const retentionDefault = () => getConfig().ONBOARDING_RETENTION_DAYS;

/**
 * Erasure on request (LGPD art. 18): pictures, templates, tokens and every
 * personal field go; webhook payloads about it are redacted; a running
 * onboarding is canceled first. What stays: id, status history, timestamps.
 */
export async function eraseOnboarding(integratorId: string, onboardingId: string, actor: Actor): Promise<void> {
  const row = await findOnboarding(await getDb(), integratorId, onboardingId);
  if (row.erasedAt) return;
  if (!isFinal(row.status)) {
    await withTransition((tx) => transition(tx, onboardingId, 'CANCELED', { actor, reason: 'erased on request' })).catch(() => undefined);
  }
  await dropBiometrics(integratorId, onboardingId);
  const db = await getDb();
  const o = schema.onboardings;
  await db.transaction(async (tx) => {
    await tx
      .update(o)
      .set({
        cpf: null,
        customerId: null,
        email: null,
        phone: null,
        zipCode: null,
        callBackUrl: null,
        basicAuthEnc: null,
        basicData: {},
        ocrData: null,
        scoreData: null,
        faceMatch: null,
        statusReason: sql`case when ${o.statusReason} is null then null else 'erased' end`,
        resolution: sql`case when ${o.resolution} is null then null else jsonb_build_object('decision', ${o.resolution}->'decision', 'reason', 'erased', 'by', ${o.resolution}->'by', 'at', ${o.resolution}->'at') end`,
        mediaPurgedAt: sql`coalesce(${o.mediaPurgedAt}, now())`,
        erasedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(o.id, onboardingId));
    await tx.delete(schema.onboardingTokens).where(eq(schema.onboardingTokens.onboardingId, onboardingId));
    // History reasons may quote penalties (names, CPFs): kept as facts, emptied of words.
    await tx.update(schema.onboardingHistory).set({ reason: null }).where(eq(schema.onboardingHistory.onboardingId, onboardingId));
    await recordHistory(tx, { onboardingId, action: 'erased', actor, reason: 'personal data erased on request' });
    await redactEvents(tx, integratorId, onboardingId);
    // The fraud-analysis records of this enrolment (a run cut short by a crash may have left one more).
    if (row.cpf) {
      await tx
        .update(schema.fraudAnalyses)
        .set({ cpf: '', customerId: null })
        .where(
          and(
            eq(schema.fraudAnalyses.integratorId, integratorId),
            eq(schema.fraudAnalyses.methodName, 'onboarding.enroll'),
            eq(schema.fraudAnalyses.cpf, row.cpf),
            row.customerId ? eq(schema.fraudAnalyses.customerId, row.customerId) : undefined,
          ),
        );
    }
  });
}

/** Webhook payloads about an erased onboarding keep their id and type; the data says only that it was erased. */
async function redactEvents(tx: Executor, integratorId: string, onboardingId: string): Promise<void> {
  const w = schema.webhookEvents;
  const events = await tx.select({ id: w.id, payloadEnc: w.payloadEnc }).from(w).where(and(eq(w.integratorId, integratorId), eq(w.subjectId, onboardingId)));
  for (const e of events) {
    const payload = JSON.parse(openText(e.payloadEnc)) as { data?: { status?: string } };
    const data = { onboardingId, status: payload.data?.status, erased: true };
    await tx.update(w).set({ payloadEnc: seal(JSON.stringify({ ...payload, data })) }).where(eq(w.id, e.id));
  }
}
