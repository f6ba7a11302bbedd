import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { schema } from '../../platform/db';
import { getConfig } from '../../platform/config';
import { conflict, isAppError, type AppError } from '../../platform/errors';
import { assessLiveness, issueChallenge, pictureFrom, verifyChallenge, type Challenge, type ChallengeFrame, type QualityIssueCode } from '../../engines/face';
import type { Locale } from '../../delivery/notify';
import { readSettings } from '../../platform/settings';
import { assertCapturing, maxAttempts, recordRetry, retryOf, storeCapture, type CaptureOutcome, type Retry } from './captures';
import { finishTx, withFinish } from './lifecycle';
import { patchResult, type StepProcess } from './records';
import { isFinal } from './state';

export interface SelfieSubmission {
  /** The token of the challenge the page was given. */
  challenge: string;
  /** 3 to 12 frames (data URLs or base64 JPEG/PNG) taken while the person made the movement, each with its capture time (ms since the epoch). */
  frames: { image: string; at: number }[];
}

/**
 * A movement for the person to make while the camera records (sealed, single
 * use, two minutes), drawn from STEP_LIVENESS_ACTIONS. By default a head turn,
 * left or right: a turn shows the head's depth most plainly ("come closer"
 * also changes the proportions of a real face, but less, and a phone held at
 * arm's length cannot come much closer).
 */
export function livenessChallenge(p: StepProcess): Challenge {
  assertCapturing(p, 'liveness');
  const actions = getConfig().STEP_LIVENESS_ACTIONS;
  return issueChallenge(actions[randomInt(actions.length)]);
}

const CHALLENGE_REASON: Record<string, Retry['reason']> = {
  challenge_expired: 'expired',
  challenge_reused: 'expired',
  frames_not_fresh: 'expired',
  frames_too_close_in_time: 'too_fast',
  different_person: 'different_person',
  did_not_turn: 'did_not_move',
  did_not_come_closer: 'did_not_move',
  flat_face: 'flat_face',
};

const QUALITY_REASON: Record<QualityIssueCode, Retry['reason']> = { face_too_small: 'face_too_small', too_dark: 'too_dark', too_blurry: 'hold_still', too_bright: 'too_bright' };

/** The retry reasons of a 422 `image_quality_insufficient` (its `issues[]`). */
function qualityRetryReasons(err: AppError): Retry['reason'][] {
  const issues = ((err.extensions?.issues as { code: QualityIssueCode }[] | undefined) ?? []).map((i) => QUALITY_REASON[i.code]).filter(Boolean);
  return issues.length ? [...new Set(issues)] : ['face_too_small'];
}

/**
 * SPEC 4.13/4.17 hosted liveness: the frames must show the movement asked for
 * by one live, three-dimensional head (lib/engines/face/challenge.ts), and the most
 * frontal frame must pass the passive presentation-attack check (the face
 * engine's 4.8). That frame is the selfie of `livenessResponse`. A failure is
 * asked again with guidance; the attempts are limited, then REJECTED.
 */
export async function submitSelfie(p: StepProcess, input: SelfieSubmission, locale: Locale): Promise<CaptureOutcome> {
  assertCapturing(p, 'liveness');
  const pictures = await Promise.all(input.frames.map((f, i) => pictureFrom(f.image, `frames/${i}`)));
  const frames: ChallengeFrame[] = pictures.map((picture, i) => ({ picture, at: input.frames[i]!.at }));
  const reasons: Retry['reason'][] = [];
  let selfie = 0;
  let measures: Record<string, unknown> = {};
  try {
    const verdict = await verifyChallenge(input.challenge, frames);
    reasons.push(...new Set(verdict.reasons.map((r) => CHALLENGE_REASON[r] ?? 'not_live')));
    // The most frontal frame is the selfie.
    const yaw = verdict.measures.yaw;
    selfie = yaw.reduce((best, v, i) => (Math.abs(v) < Math.abs(yaw[best]!) ? i : best), 0);
    // verifyChallenge orders frames by time; the yaw list follows that order.
    const ordered = [...frames.keys()].sort((a, b) => frames[a]!.at - frames[b]!.at);
    selfie = ordered[selfie]!;
    const settings = await readSettings(p.integratorId);
    const passive = await assessLiveness(pictures[selfie]!, `frames/${selfie}`, settings.livenessThreshold ?? undefined);
    if (!passive.alive) reasons.push('not_live');
    measures = { attackScore: passive.score, threshold: passive.threshold, ...verdict.measures };
  } catch (err) {
    if (!isAppError(err)) throw err;
    if (err.code === 'no_face_detected') reasons.push('no_face');
    // The selfie could not be judged: asked again with what to fix, never counted as an attack.
    else if (err.code === 'image_quality_insufficient') reasons.push(...qualityRetryReasons(err));
    else throw err;
  }
  const alive = reasons.length === 0;
  const retry = reasons.map((r) => retryOf('selfie', r, locale));
  const out = await withFinish(async (tx) => {
    const [locked] = await tx.select().from(schema.stepProcesses).where(eq(schema.stepProcesses.id, p.id)).for('update');
    if (!locked || isFinal(locked.status)) throw conflict('process_finished', 'This process is already finished.');
    await storeCapture(tx, p.id, 'selfie', input.frames[selfie]!.image, 'camera');
    await patchResult(tx, p.id, { livenessMeasures: measures });
    if (!alive) {
      const { attempts, exhausted } = await recordRetry(tx, locked, retry);
      if (!exhausted) return { result: { outcome: 'retry', retry, attemptsLeft: maxAttempts() - attempts } as CaptureOutcome };
    }
    await patchResult(tx, p.id, {
      livenessResponse: { createdAt: new Date().toISOString(), requestId: p.id, isAlive: alive },
      livenessResult: alive ? 'LIVE' : 'NOT_LIVE',
    });
    const statusReason = alive ? undefined : `${maxAttempts()} attempts failed (${reasons.join(', ')})`;
    const { eventIds } = await finishTx(tx, p.id, alive ? 'APPROVED' : 'REJECTED', statusReason ? { statusReason } : {});
    return { result: { outcome: alive ? 'approved' : 'rejected' } as CaptureOutcome, eventIds };
  });
  return out.result;
}
