import { and, eq, gt } from 'drizzle-orm';
import { webhookSecret } from '../../platform/auth';
import { randomToken, safeEqual, sha256Hex } from '../../platform/crypto';
import { getDb, isUuid, schema, type Executor } from '../../platform/db';
import { AppError, badRequest, conflict, tooManyRequests } from '../../platform/errors';
import { kickMessages, maskEmail, maskPhone, type Locale } from '../../delivery/notify';
import { readSettings } from '../../platform/settings';
import { codeMatches, codeOf, issueCode, MAX_FAILED_ATTEMPTS, MAX_RESENDS, resendState } from './codes';
import { expireIfDue, finishTx, withFinish } from './lifecycle';
import { findProcess, patchResult, transition, type StepProcess } from './records';
import { resolveAppRedirect } from './app-redirect';
import { completionUrl } from './redirect';
import { isFinal, type DeviceActivity } from './state';
import type { Channel, FlowView } from './flow-view';
import { captureState, maxAttempts, requiresLiveCapture, type Retry } from './captures';
import { redeemHandoff } from './handoff';

export type { Channel, FlowView } from './flow-view';

export const masked = (channel: Channel, value: string) => (channel === 'sms' ? maskPhone(value) : maskEmail(value));

function channelsOf(p: StepProcess): { channel: Channel; destination: string }[] {
  const list: { channel: Channel; destination: string }[] = [];
  if (p.cellphone && (p.kind === 'validation' || p.kind === 'mfa')) list.push({ channel: 'sms', destination: masked('sms', p.cellphone) });
  if (p.email && p.kind === 'mfa') list.push({ channel: 'email', destination: masked('email', p.email) });
  return list;
}

export interface Opened {
  token?: string;
  expiresAt: Date;
}

/**
 * Redeems the capability secret of a requestProcessUrl. While the process is
 * not finished each opening gets a session (a person may switch browsers);
 * once finished the secret opens only the finished page (no session).
 */
export async function openProcess(requestId: string, secret: string, locale: Locale): Promise<Opened | undefined> {
  let p: StepProcess;
  try {
    p = await findProcess(await getDb(), undefined, requestId);
  } catch {
    return undefined;
  }
  const db = await getDb();
  // The process's own secret, or a one-time handoff link made for another device (checked before any other work).
  const ownSecret = safeEqual(p.secretHash, sha256Hex(secret));
  if (!ownSecret && (isFinal(p.status) || !(await redeemHandoff(db, p.id, secret)))) return undefined;
  p = await expireIfDue(p);
  if (isFinal(p.status)) return { expiresAt: p.expiresAt };
  const token = randomToken(32);
  await db.insert(schema.stepSessions).values({ tokenHash: sha256Hex(token), processId: p.id, expiresAt: p.expiresAt, viaHandoff: !ownSecret });
  if (p.status === 'PENDING') {
    p = await db.transaction((tx) => transition(tx, p.id, 'IN_PROGRESS', { openedAt: new Date(), locale })).catch(() => p);
  }
  // Without an intro page a single-channel code is sent as soon as the link is opened.
  const channels = channelsOf(p);
  if (!p.useIntroPage && channels.length === 1) await begin(p, { consent: false, channel: channels[0]!.channel, locale }).catch(() => undefined);
  return { token, expiresAt: p.expiresAt };
}

/** The process a step-session cookie belongs to, with lazy expiry; undefined when the cookie is not valid for it. */
export async function sessionProcess(requestId: string, token: string | undefined): Promise<StepProcess | undefined> {
  return (await sessionOf(requestId, token))?.process;
}

/** A browser's session of a process: its process, whether it came from a handoff link (the phone of a desktop), and its row's key. */
export interface StepSession {
  process: StepProcess;
  viaHandoff: boolean;
  tokenHash: string;
}

export async function sessionOf(requestId: string, token: string | undefined): Promise<StepSession | undefined> {
  // The id goes into a uuid comparison: anything else would be a database error, not "no session".
  if (!token || !isUuid(requestId)) return undefined;
  const db = await getDb();
  const tokenHash = sha256Hex(token);
  const [row] = await db
    .select({ processId: schema.stepSessions.processId, viaHandoff: schema.stepSessions.viaHandoff })
    .from(schema.stepSessions)
    .where(and(eq(schema.stepSessions.tokenHash, tokenHash), eq(schema.stepSessions.processId, requestId), gt(schema.stepSessions.expiresAt, new Date())));
  if (!row) return undefined;
  return { process: await expireIfDue(await findProcess(await getDb(), undefined, row.processId)), viaHandoff: row.viaHandoff, tokenHash };
}

/**
 * What a browser without a session for the process may see: only that it is
 * finished, expired or canceled (a replayed finished link), else "invalid".
 */
export async function anonymousView(requestId: string): Promise<{ view: FlowView; integratorId?: string }> {
  const p = await findProcess(await getDb(), undefined, requestId).then(expireIfDue).catch(() => undefined);
  if (!p) return { view: { stage: 'invalid' } };
  const stage = p.status === 'EXPIRED' ? 'expired' : p.status === 'CANCELED' ? 'canceled' : p.status === 'APPROVED' || p.status === 'REJECTED' ? 'already-finished' : undefined;
  if (!stage) return { view: { stage: 'invalid' } };
  return { view: { stage, backTo: await appAddress(p) }, integratorId: p.integratorId };
}

/** The integrator's app as a plain address (no result parameters: those go only through /done, with the session). */
async function appAddress(p: StepProcess): Promise<string | undefined> {
  const target = resolveAppRedirect(p.appRedirect, (await readSettings(p.integratorId)).appOrigin);
  if (!target) return undefined;
  try {
    const u = new URL(target);
    return u.protocol === 'javascript:' || u.protocol === 'data:' ? undefined : target;
  } catch {
    return undefined;
  }
}

/** What the page shows now. */
export async function viewOf(p: StepProcess | undefined): Promise<FlowView> {
  if (!p) return { stage: 'invalid' };
  if (p.status === 'EXPIRED') return { stage: 'expired', backTo: await appAddress(p) };
  if (p.status === 'CANCELED') return { stage: 'canceled', backTo: await appAddress(p) };
  if (p.status === 'APPROVED' || p.status === 'REJECTED') return { stage: 'finished', status: p.status, showSuccessPage: p.useSuccessPage, kind: p.kind };
  if (p.kind === 'fraud' || p.kind === 'liveness') {
    if (p.useIntroPage && !p.consentAt) return { stage: 'intro', kind: p.kind, channels: [] };
    const { attempts, retry } = captureState(p);
    const attemptsLeft = maxAttempts() - attempts;
    if (p.kind === 'liveness') return { stage: 'selfie', attemptsLeft, ...(retry ? { retry } : {}) };
    return { stage: 'document', requireLiveCapture: requiresLiveCapture(p), attemptsLeft, ...(retry ? { retry } : {}) };
  }
  const channels = channelsOf(p);
  const db = await getDb();
  const code = await codeOf(db, p.id);
  if (!code) {
    if (p.useIntroPage && !p.consentAt) return { stage: 'intro', kind: p.kind, channels };
    return { stage: 'choose', channels };
  }
  const { retryAfter, resendsLeft } = resendState(code);
  return {
    stage: 'code',
    channel: code.channel,
    destination: masked(code.channel, code.destination),
    attemptsLeft: MAX_FAILED_ATTEMPTS - code.failedAttempts,
    retryAfter,
    resendsLeft,
    // MFA with a phone and an e-mail: the person may move to the other one (a resend through it).
    otherChannels: channels.filter((c) => c.channel !== code.channel),
  };
}

function assertOpen(p: StepProcess) {
  if (isFinal(p.status)) throw conflict('process_finished', `This process is already ${p.status}.`);
}

/** Consent given (intro page) and channel chosen: the first code is sent. Idempotent once a code exists. */
export async function begin(p: StepProcess, input: { consent: boolean; channel?: Channel; locale: Locale }): Promise<void> {
  assertOpen(p);
  if (p.kind === 'fraud' || p.kind === 'liveness') {
    // No code: the consent of the intro page opens the capture.
    if (!input.consent) throw badRequest('consent_required', 'Consent is required to continue.');
    const db = await getDb();
    if (!p.consentAt) await db.update(schema.stepProcesses).set({ consentAt: new Date() }).where(eq(schema.stepProcesses.id, p.id));
    return;
  }
  if (p.useIntroPage && !p.consentAt && !input.consent) throw badRequest('consent_required', 'Consent is required to continue.');
  const channels = channelsOf(p).map((c) => c.channel);
  const channel = input.channel ?? (channels.length === 1 ? channels[0] : undefined);
  const db = await getDb();
  if (!channel && input.consent && channels.length > 1) {
    // Consent now; the person picks the channel on the next page.
    await db.update(schema.stepProcesses).set({ consentAt: new Date() }).where(eq(schema.stepProcesses.id, p.id));
    return;
  }
  if (!channel || !channels.includes(channel)) throw badRequest('channel_required', `Choose one of: ${channels.join(', ')}.`);
  const messageId = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(schema.stepProcesses).where(eq(schema.stepProcesses.id, p.id)).for('update');
    if (!locked || isFinal(locked.status)) throw conflict('process_finished', 'This process is already finished.');
    if (input.consent && !locked.consentAt) await tx.update(schema.stepProcesses).set({ consentAt: new Date() }).where(eq(schema.stepProcesses.id, p.id));
    if (await codeOf(tx, p.id)) return undefined;
    await patchResult(tx, p.id, { channel });
    return (await issueCode(tx, locked, channel, input.locale, false)).messageId;
  });
  if (messageId) await kickMessages([messageId]).catch(() => undefined);
}

export type VerifyOutcome = { outcome: 'approved' } | { outcome: 'rejected' } | { outcome: 'wrong'; attemptsLeft: number } | { outcome: 'code_expired' };

/** Checks a typed code: right approves; the fifth wrong one rejects the process. */
export async function verifyCode(p: StepProcess, code: string): Promise<VerifyOutcome> {
  assertOpen(p);
  const out = await withFinish(async (tx: Executor) => {
    const row = await codeOf(tx, p.id, true);
    if (!row) throw badRequest('no_code', 'No code was sent yet.');
    const [current] = await tx.select({ status: schema.stepProcesses.status }).from(schema.stepProcesses).where(eq(schema.stepProcesses.id, p.id));
    if (!current || isFinal(current.status)) throw conflict('process_finished', 'This process is already finished.');
    if (row.expiresAt <= new Date()) return { result: { outcome: 'code_expired' } as VerifyOutcome };
    if (codeMatches(row, p.id, code)) {
      await tx.update(schema.stepCodes).set({ verifiedAt: new Date() }).where(eq(schema.stepCodes.processId, p.id));
      await patchResult(tx, p.id, { isCodeValid: true, failedAttempts: row.failedAttempts });
      const { eventIds } = await finishTx(tx, p.id, 'APPROVED');
      return { result: { outcome: 'approved' } as VerifyOutcome, eventIds };
    }
    const failed = row.failedAttempts + 1;
    await tx.update(schema.stepCodes).set({ failedAttempts: failed }).where(eq(schema.stepCodes.processId, p.id));
    await patchResult(tx, p.id, { isCodeValid: false, failedAttempts: failed });
    if (failed >= MAX_FAILED_ATTEMPTS) {
      const { eventIds } = await finishTx(tx, p.id, 'REJECTED', { statusReason: `${MAX_FAILED_ATTEMPTS} wrong codes` });
      return { result: { outcome: 'rejected' } as VerifyOutcome, eventIds };
    }
    return { result: { outcome: 'wrong', attemptsLeft: MAX_FAILED_ATTEMPTS - failed } as VerifyOutcome };
  });
  return out.result;
}

/**
 * A new code after the cooldown, at most MAX_RESENDS times (429 with
 * Retry-After otherwise), through the same channel or, for an MFA process
 * that has both, through the other one.
 */
export async function resendCode(p: StepProcess, locale: Locale, channel?: Channel): Promise<{ retryAfter: number; resendsLeft: number }> {
  assertOpen(p);
  if (channel && !channelsOf(p).some((c) => c.channel === channel)) throw badRequest('channel_unavailable', `This process cannot send a code by ${channel === 'sms' ? 'SMS' : 'e-mail'}.`);
  const db = await getDb();
  const { messageId, state } = await db.transaction(async (tx) => {
    const row = await codeOf(tx, p.id, true);
    if (!row) throw badRequest('no_code', 'No code was sent yet.');
    const { retryAfter, resendsLeft } = resendState(row);
    if (resendsLeft <= 0) throw new AppError(429, 'resend_limit', `A code can be resent at most ${MAX_RESENDS} times.`);
    if (retryAfter > 0) throw tooManyRequests(`Wait ${retryAfter} s before asking for a new code.`, retryAfter);
    const [locked] = await tx.select().from(schema.stepProcesses).where(eq(schema.stepProcesses.id, p.id));
    const issued = await issueCode(tx, locked!, channel ?? row.channel, locale, true);
    if (channel && channel !== row.channel) await patchResult(tx, p.id, { channel });
    return { messageId: issued.messageId, state: resendState({ ...row, resends: row.resends + 1, lastSentAt: new Date() }) };
  });
  await kickMessages([messageId]).catch(() => undefined);
  return state;
}

/** Where a finished process sends the person: appRedirect with requestId, status and signature. */
export async function completionTarget(p: StepProcess): Promise<string> {
  if (!isFinal(p.status)) throw conflict('process_not_finished', 'This process is not finished yet.');
  const settings = await readSettings(p.integratorId);
  const target = resolveAppRedirect(p.appRedirect, settings.appOrigin);
  if (!target) throw conflict('app_origin_not_configured', 'The integrator has no app origin for this redirect path.');
  return completionUrl(target, p.id, p.status, await webhookSecret(p.integratorId));
}

/** The stage and status a page polls while another device carries the process on. */
export async function processState(requestId: string, token: string | undefined): Promise<{ stage: string; status: string; phone?: PhoneState }> {
  const p = await sessionProcess(requestId, token);
  if (!p) {
    const { view } = await anonymousView(requestId);
    return { stage: view.stage, status: view.stage === 'invalid' ? 'UNKNOWN' : view.stage.toUpperCase() };
  }
  return { stage: (await viewOf(p)).stage, status: p.status, phone: await phoneState(p) };
}

/** What the phone a desktop handed over is doing, for the desktop's live status. */
export interface PhoneState {
  /** The handoff link was opened on another device. */
  connected: boolean;
  /** What the phone said it is doing, within the last ACTIVITY_FRESH_MS. */
  activity?: DeviceActivity;
  /** Capture attempts sent so far (by any device), and what was asked again after the last one. */
  attempts: number;
  retry?: { slot: string; reason: string }[];
}

async function phoneState(p: StepProcess): Promise<PhoneState> {
  const db = await getDb();
  const rows = await db
    .select({ activity: schema.stepSessions.activity, activityAt: schema.stepSessions.activityAt })
    .from(schema.stepSessions)
    .where(and(eq(schema.stepSessions.processId, p.id), eq(schema.stepSessions.viaHandoff, true)));
  const latest = rows.filter((r) => r.activityAt && Date.now() - r.activityAt.getTime() < ACTIVITY_FRESH_MS).sort((a, b) => b.activityAt!.getTime() - a.activityAt!.getTime())[0];
  const { attempts, retry } = captureState(p);
  return {
    connected: rows.length > 0,
    ...(latest?.activity ? { activity: latest.activity as DeviceActivity } : {}),
    attempts,
    ...(retry?.length ? { retry: retry.map(({ slot, reason }) => ({ slot, reason })) } : {}),
  };
}

/** A phone that has said nothing for this long is no longer "capturing" (it may have been put down). */
const ACTIVITY_FRESH_MS = 120_000;

/**
 * The phone of a handoff says what it is doing (camera open, sending), so
 * that the desktop shows it live. Only a handoff session's word is kept: the
 * desktop itself has no one to tell.
 */
export async function reportActivity(session: StepSession, activity: DeviceActivity): Promise<void> {
  if (!session.viaHandoff || isFinal(session.process.status)) return;
  const db = await getDb();
  await db.update(schema.stepSessions).set({ activity, activityAt: new Date() }).where(eq(schema.stepSessions.tokenHash, session.tokenHash));
}
