import { and, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { getConfig } from '../../platform/config';
import { getDb, keepLease, leaseFor, leaseTakeable, schema } from '../../platform/db';
import { WORKER_ID } from '@/lib/platform/jobs';
import type { OcrResult } from '../../engines/documents';
import { isAppError, type AppError } from '../../platform/errors';
import { enrolFace } from '../../engines/face';
import { analyseFraudSides, type FieldSides } from '../../engines/fraud';
import { getLogger } from '../../platform/log';
import type { OnboardingPolicy } from './accept';
import { decide } from './decision';
import { loadPictures, loadTemplate, storePortrait, storeTemplate } from './media';
import { findOnboarding, pipelinePatch, transition, withTransition, type Onboarding } from './records';
import type { StoredBasicData } from './view';

/**
 * One run of the pipeline for one onboarding. Durable by construction:
 * - a run first takes the onboarding's lease (compare-and-set), so two runs
 *   (a retry and a sweep, or two workers) never work on it together;
 * - each step's output is a checkpoint in the row; a later run skips it;
 * - the decision, the face enrolment and the final status with its webhook
 *   events commit in one transaction, so they happen exactly once;
 * - a run killed mid-way leaves the lease to expire; the sweep queues a new run.
 * Returns what it did, for the job log and tests.
 */
export async function runPipeline(onboardingId: string): Promise<'done' | 'busy' | 'not_runnable'> {
  const c = getConfig();
  const claimed = await claim(onboardingId, c.ONBOARDING_LEASE_SECONDS);
  if (!claimed) return (await isRunnable(onboardingId)) ? 'busy' : 'not_runnable';
  const log = getLogger().child({ onboardingId });
  const stopRenewing = keepLease(() => renew(onboardingId, c.ONBOARDING_LEASE_SECONDS), c.ONBOARDING_LEASE_SECONDS);
  try {
    if (claimed.attempts > c.ONBOARDING_MAX_ATTEMPTS) {
      await end(onboardingId, 'ERROR', `processing failed after ${c.ONBOARDING_MAX_ATTEMPTS} attempts`);
      return 'done';
    }
    let row = claimed;
    if (row.status === 'STARTED') row = (await withTransition((tx) => transition(tx, onboardingId, 'PROCESSING', { actor: 'system', reason: null }))).onboarding;
    if (!(row.pipeline as Checkpoints).analysis) row = await analyse(row);
    await finish(row);
    return 'done';
  } catch (err) {
    if (isAppError(err) && err.code === 'illegal_transition') return 'not_runnable'; // canceled meanwhile
    if (isAppError(err) && err.status < 500) {
      // The person's input cannot be used (a selfie without a usable face, say): retrying will not change it,
      // and it is no failure of ours, so REJECTED with what to do about it; ERROR stays for our failures.
      await end(onboardingId, 'REJECTED', inputRejection(err));
      return 'done';
    }
    if (claimed.attempts >= c.ONBOARDING_MAX_ATTEMPTS) {
      await end(onboardingId, 'ERROR', `processing failed after ${claimed.attempts} attempts`);
      return 'done';
    }
    log.warn({ err, attempt: claimed.attempts }, 'onboarding pipeline run failed; it will be retried');
    await release(onboardingId);
    throw err;
  } finally {
    stopRenewing();
  }
}

export interface Checkpoints {
  /** With what the reviewer needs beyond the SPEC record: the liveness verdict and the side each OCR field was read on. */
  analysis?: { at: string; ms: number; liveness?: { alive: boolean; score: number; reasons: string[] }; fieldSides?: FieldSides };
  decision?: { at: string };
}

const RUNNABLE = ['STARTED', 'PROCESSING'] as const;

async function claim(onboardingId: string, leaseSeconds: number): Promise<Onboarding | undefined> {
  const db = await getDb();
  const t = schema.onboardings;
  const [row] = await db
    .update(t)
    .set({ leaseUntil: leaseFor(leaseSeconds), leaseOwner: WORKER_ID, attempts: sql`${t.attempts} + 1` })
    .where(and(eq(t.id, onboardingId), inArray(t.status, [...RUNNABLE]), leaseTakeable(t.leaseUntil, t.leaseOwner)))
    .returning();
  return row;
}

async function isRunnable(onboardingId: string): Promise<boolean> {
  const row = await findOnboarding(await getDb(), undefined, onboardingId).catch(() => undefined);
  return Boolean(row && (RUNNABLE as readonly string[]).includes(row.status));
}

async function renew(onboardingId: string, leaseSeconds: number): Promise<void> {
  const db = await getDb();
  await db.update(schema.onboardings).set({ leaseUntil: leaseFor(leaseSeconds) }).where(eq(schema.onboardings.id, onboardingId));
}

async function release(onboardingId: string): Promise<void> {
  const db = await getDb();
  await db.update(schema.onboardings).set({ leaseUntil: null, leaseOwner: null }).where(eq(schema.onboardings.id, onboardingId));
}

/** Ends the onboarding in a final status set by the system (a run that finds it canceled meanwhile leaves it so). */
async function end(onboardingId: string, status: 'ERROR' | 'REJECTED', reason: string): Promise<void> {
  await withTransition((tx) => transition(tx, onboardingId, status, { actor: 'system', reason })).catch((err) => {
    if (!(isAppError(err) && err.code === 'illegal_transition')) throw err;
  });
}

/** The reason an unusable input gives: what was wrong, then the fix the engine attached (e.g. "take a new selfie…"). */
function inputRejection(err: AppError): string {
  const fix = (err.extensions.fix as { en?: string } | undefined)?.en;
  return `${err.code}: ${err.message}${fix ? ` ${fix}` : ''}`;
}

/** Step 1: OCR, fraud score, liveness, face match and face-index search (the fraud engine), stored as a checkpoint. */
async function analyse(row: Onboarding): Promise<Onboarding> {
  const started = performance.now();
  const pictures = await loadPictures(row.id);
  if (!pictures.front) throw new Error('the document picture is missing from the object store');
  const policy = row.policy as OnboardingPolicy;
  const run = await analyseFraudSides(
    row.integratorId,
    { cpf: row.cpf ?? undefined, customerId: row.customerId ?? undefined, rulesGroup: policy.rulesGroup, imageFront: pictures.front, imageBack: pictures.back, imageSelfie: pictures.selfie },
    'onboarding.enroll',
    // A reading inside a process: a busy machine must not make the document "not recognised" (docs/documents.md).
    { documentBudgetMs: getConfig().DOCUMENT_PROCESS_TIME_BUDGET_MS },
  );
  const { scoreResult, extractResult, faceMatchResult } = run.analysis;
  const reference = run.probe ? await storeTemplate(row.id, run.probe) : undefined;
  const portrait = faceMatchResult.faceCrop ? await storePortrait(row.id, faceMatchResult.faceCrop) : undefined;
  const db = await getDb();
  return db.transaction(async (tx) => {
    await reference?.(tx);
    await portrait?.(tx);
    const [updated] = await tx
      .update(schema.onboardings)
      .set({
        ocrData: extractResult.ocr,
        scoreData: scoreResult,
        faceMatch: pictures.selfie && faceMatchResult.compared ? { similarity: faceMatchResult.similarity, match: faceMatchResult.match } : null,
        basicData: sql`${schema.onboardings.basicData} || ${JSON.stringify(namesFrom(extractResult.ocr))}::jsonb`,
        pipeline: pipelinePatch({ analysis: { at: new Date().toISOString(), ms: Math.round(performance.now() - started), liveness: run.liveness, fieldSides: run.fieldSides } }),
        updatedAt: new Date(),
      })
      .where(eq(schema.onboardings.id, row.id))
      .returning();
    return updated!;
  });
}

/** basicData names from the document: fullName as printed, firstName its first word. */
function namesFrom(ocr: OcrResult): StoredBasicData {
  const name = ocr.fields.find((f) => f.key === 'nome')?.value.trim();
  return name ? { fullName: name, firstName: name.split(/\s+/)[0] ?? null } : {};
}

/** Step 2, one transaction: decision, enrolment of an approved face, final status and its events. */
async function finish(row: Onboarding): Promise<void> {
  const score = row.scoreData as Parameters<typeof decide>[0];
  const decision = decide(score, row.policy as OnboardingPolicy);
  const template = decision.status === 'DONE' ? await loadTemplate(row.id) : undefined;
  await withTransition(async (tx) => {
    if (template && row.cpf) await enrolFace(tx, row.integratorId, row.cpf, template, row.id);
    return transition(tx, row.id, decision.status, {
      actor: 'system',
      reason: decision.reason,
      patch: { pipeline: pipelinePatch({ decision: { at: new Date().toISOString() } }) },
    });
  });
}

/**
 * Onboardings a crashed or lost run left behind: runnable, lease free or
 * expired, untouched for a while. Queued again by the sweep job.
 */
export async function strandedOnboardings(limit = 100): Promise<string[]> {
  const db = await getDb();
  const t = schema.onboardings;
  const rows = await db
    .select({ id: t.id })
    .from(t)
    // A just-accepted one has its job on the way (5 s grace); one held by a gone worker is taken at once.
    .where(and(inArray(t.status, [...RUNNABLE]), leaseTakeable(t.leaseUntil, t.leaseOwner), or(isNotNull(t.leaseOwner), lt(t.updatedAt, sql`now() - interval '5 seconds'`))))
    .limit(limit);
  return rows.map((r) => r.id);
}
