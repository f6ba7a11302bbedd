import { getConfig } from '../../platform/config';
import { getDb } from '../../platform/db';
import { AppError, conflict } from '../../platform/errors';
import { channelAvailable, channelNotConfigured, kickMessages, type Locale } from '../../delivery/notify';
import type { OnboardingPolicy } from './accept';
import { enqueuePipeline } from './queue';
import { findOnboarding, onboardingRecord, recordHistory, transition, withTransition, type Actor } from './records';
import { isFinal } from './state';
import { assertCanResend, checkToken, destinationOf, issueToken, tokenOf, wrongToken, type ContactChannel } from './tokens';
import { onboardingView, type OnboardingRecord } from './view';

const label = (c: ContactChannel) => (c === 'sms' ? 'phone' : 'e-mail');

/**
 * Confirms the e-mail or phone with the token the person received. When the
 * integrator requires confirmation and this was the last contact waiting,
 * the onboarding leaves PENDING and processing starts.
 */
export async function confirmContact(integratorId: string, onboardingId: string, channel: ContactChannel, token: string, actor: Actor): Promise<OnboardingRecord> {
  const row = await findOnboarding(await getDb(), integratorId, onboardingId);
  if (row.erasedAt) throw conflict('onboarding_erased', 'This onboarding was erased.');
  const out = await withTransition(async (tx) => {
    const check = await checkToken(tx, row, channel, token);
    if (check.outcome === 'wrong') return { check, eventIds: [] as string[], started: false };
    if (check.outcome === 'already_confirmed') return { check, eventIds: [] as string[], started: false };
    await recordHistory(tx, { onboardingId, action: 'contact_confirmed', actor, reason: label(channel) });
    const current = await findOnboarding(tx, integratorId, onboardingId);
    if (current.status !== 'PENDING') return { check, eventIds: [] as string[], started: false };
    const waiting = await stillWaiting(tx, current);
    if (waiting.length) return { check, eventIds: [] as string[], started: false };
    const moved = await transition(tx, onboardingId, 'PROCESSING', { actor, reason: 'contacts confirmed' });
    return { check, eventIds: moved.eventIds, started: true };
  });
  if (out.check.outcome === 'wrong') throw wrongToken(out.check.attemptsLeft);
  if (out.started) await enqueuePipeline([onboardingId]).catch(() => undefined); // the sweep picks it up otherwise
  return onboardingRecord(integratorId, onboardingId);
}

async function stillWaiting(tx: Parameters<typeof tokenOf>[0], o: Awaited<ReturnType<typeof findOnboarding>>): Promise<ContactChannel[]> {
  if ((o.policy as OnboardingPolicy).confirmContacts !== 'given') return [];
  const out: ContactChannel[] = [];
  for (const c of ['email', 'sms'] as const) {
    if (!destinationOf(o, c)) continue;
    const t = await tokenOf(tx, o.id, c);
    if (!t?.confirmedAt) out.push(c);
  }
  return out;
}

/** A new token for one contact (cooldown and cap apply). */
export async function resendToken(integratorId: string, onboardingId: string, channel: ContactChannel, locale?: Locale): Promise<OnboardingRecord> {
  const db = await getDb();
  const row = await findOnboarding(db, integratorId, onboardingId);
  if (row.erasedAt || isFinal(row.status)) throw conflict('onboarding_finished', `This onboarding is ${row.status}; no token is sent.`);
  if (!destinationOf(row, channel)) throw new AppError(400, 'channel_unavailable', `This onboarding has no ${label(channel)}.`);
  if (!channelAvailable(channel)) throw channelNotConfigured(channel);
  const messageId = await db.transaction(async (tx) => {
    const current = await tokenOf(tx, onboardingId, channel, true);
    assertCanResend(current);
    const id = await issueToken(tx, row, channel, locale ?? getConfig().DEFAULT_LOCALE, Boolean(current));
    await recordHistory(tx, { onboardingId, action: 'tokens_sent', actor: 'system', reason: label(channel) });
    return id;
  });
  await kickMessages([messageId]).catch(() => undefined);
  return onboardingRecord(integratorId, onboardingId);
}

/** Any status that is not final can be canceled by the integrator. */
export async function cancelOnboarding(integratorId: string, onboardingId: string, actor: Actor, reason?: string): Promise<OnboardingRecord> {
  const db = await getDb();
  await findOnboarding(db, integratorId, onboardingId);
  const { onboarding } = await withTransition((tx) => transition(tx, onboardingId, 'CANCELED', { actor, reason: reason ? `canceled: ${reason}` : 'canceled by the integrator' }));
  return onboardingView(db, onboarding);
}
