import { eq } from 'drizzle-orm';
import { getConfig } from '../../platform/config';
import { openText } from '../../platform/crypto';
import { getDb, schema } from '../../platform/db';
import { conflict, isAppError } from '../../platform/errors';
import { analyseFraudSides, type SideReport } from '../../engines/fraud';
import { documentProblem } from '../../engines/media';
import type { Locale } from '../../delivery/notify';
import {
  assertCapturing,
  assertSourceAllowed,
  capturesOf,
  maxAttempts,
  recordRetry,
  retryOf,
  storeCapture,
  type CaptureOutcome,
  type CaptureSource,
  type Retry,
} from './captures';
import { finishTx, withFinish } from './lifecycle';
import { patchResult, type StepProcess } from './records';
import { isFinal } from './state';

export interface DocumentSubmission {
  /** Data URL or base64 of a JPEG, PNG or PDF; at least one side, the front before anything else. */
  front?: string;
  back?: string;
  source: CaptureSource;
}

const RETRY_OF = { closer: 'too_small', blurry: 'blurred', glare: 'glare' } as const;

/** What the person should fix on one side, from how it read: the judgement the browser's guide makes too (lib/engines/media/capture-quality.ts). */
export function sideProblem(s: SideReport): Retry['reason'] | undefined {
  if (!s.typeRecognized) return 'not_recognized';
  const problem = documentProblem(s.forensics);
  return problem ? RETRY_OF[problem] : undefined;
}

const slotOf = (field: SideReport['field']) => (field === 'imageFront' ? 'front' : 'back');

/**
 * SPEC 4.12/4.16 hosted fraud step: the person's document sides analysed by
 * the fraud engine (against the selfie the integrator gave at start, if any).
 * A side that cannot be read well is asked again, alone, with the reason; the
 * attempts are limited, then the process is REJECTED. A readable document is
 * decided by its score: no hard stop and at least STEP_FRAUD_MIN_SCORE approve.
 */
export async function submitDocument(p: StepProcess, input: DocumentSubmission, locale: Locale): Promise<CaptureOutcome> {
  assertCapturing(p, 'fraud');
  assertSourceAllowed(p, input.source);
  const stored = await capturesOf(await getDb(), p.id);
  const front = input.front ?? stored.front?.image;
  const back = input.back ?? stored.back?.image;
  if (!front) throw conflict('front_required', 'Send the front of the document first.');
  const selfie = (p.options as { selfieImageEnc?: string }).selfieImageEnc;
  const request = { cpf: p.cpf ?? undefined, imageFront: front, imageBack: back };
  // The process budget: a reading cut short on a busy machine would ask the person to take a picture that was fine.
  const reading = { documentBudgetMs: getConfig().DOCUMENT_PROCESS_TIME_BUDGET_MS };
  let run;
  try {
    run = await analyseFraudSides(p.integratorId, { ...request, imageSelfie: selfie ? openText(selfie) : undefined }, 'steps.fraud', reading);
  } catch (err) {
    // The integrator's selfie without a usable face is not the person's fault: analysed without it, and said so.
    if (!selfie || !isAppError(err) || !(err.errors?.some((e) => e.pointer.startsWith('/imageSelfie')) || err.message.includes('imageSelfie'))) throw err;
    run = await analyseFraudSides(p.integratorId, request, 'steps.fraud', reading);
  }
  const { analysis, sides } = run;
  const retry = sides.flatMap((s) => {
    const problem = sideProblem(s);
    return problem ? [retryOf(slotOf(s.field), problem, locale)] : [];
  });
  const out = await withFinish(async (tx) => {
    const [locked] = await tx.select().from(schema.stepProcesses).where(eq(schema.stepProcesses.id, p.id)).for('update');
    if (!locked || isFinal(locked.status)) throw conflict('process_finished', 'This process is already finished.');
    if (input.front) await storeCapture(tx, p.id, 'front', input.front, input.source);
    if (input.back) await storeCapture(tx, p.id, 'back', input.back, input.source);
    if (retry.length) {
      const { attempts, exhausted } = await recordRetry(tx, locked, retry);
      if (!exhausted) return { result: { outcome: 'retry', retry, attemptsLeft: maxAttempts() - attempts } as CaptureOutcome };
    }
    const now = new Date().toISOString();
    const { scoreResult, extractResult, faceMatchResult } = analysis;
    // The document image is not copied here: the result reads it from the sealed capture (webhooks never carry it).
    await patchResult(tx, p.id, {
      fraudResponse: {
        createdAt: now,
        requestId: p.id,
        scoreResult,
        extractResult,
        ...(faceMatchResult.compared ? { faceMatchResult: { createdAt: now, requestId: p.id, similarity: faceMatchResult.similarity, isMatch: faceMatchResult.match } } : {}),
      },
      fraudScore: scoreResult.score,
      ...(selfie && !faceMatchResult.compared ? { selfieUnusable: true } : {}),
    });
    const approved = !retry.length && !scoreResult.hardStop && scoreResult.score >= getConfig().STEP_FRAUD_MIN_SCORE;
    const statusReason = retry.length
      ? `${maxAttempts()} captures could not be read (${retry.map((r) => `${r.slot}: ${r.reason}`).join(', ')})`
      : approved
        ? undefined
        : scoreResult.hardStop
          ? `hard stop: ${scoreResult.penalties.filter((x) => x.hardStop).map((x) => x.rulesName).join(', ')}`
          : `score ${scoreResult.score} under ${getConfig().STEP_FRAUD_MIN_SCORE}`;
    const { eventIds } = await finishTx(tx, p.id, approved ? 'APPROVED' : 'REJECTED', statusReason ? { statusReason } : {});
    return { result: { outcome: approved ? 'approved' : 'rejected' } as CaptureOutcome, eventIds };
  });
  return out.result;
}
