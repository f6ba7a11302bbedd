import { and, eq, sql } from 'drizzle-orm';
import { getConfig } from '../../platform/config';
import { keyedDigest, numericCode, safeEqual } from '../../platform/crypto';
import { schema, type Executor } from '../../platform/db';
import { AppError, conflict, tooManyRequests, unprocessable } from '../../platform/errors';
import { channelAvailable, queueMessage, type Locale } from '../../delivery/notify';
import { senderName } from '../../platform/settings';
import type { Onboarding } from './records';

export type ContactChannel = 'email' | 'sms';
export const MAX_TOKEN_FAILURES = 5;
export const MAX_TOKEN_SENDS = 5;

const ttlMinutes = (channel: ContactChannel) =>
  channel === 'email' ? getConfig().ONBOARDING_EMAIL_TOKEN_TTL_MINUTES : getConfig().ONBOARDING_SMS_TOKEN_TTL_MINUTES;

const hashToken = (onboardingId: string, channel: ContactChannel, token: string) => keyedDigest(`onboarding-token:${onboardingId}:${channel}:${token}`);

export const destinationOf = (o: Onboarding, channel: ContactChannel) => (channel === 'email' ? o.email : o.phone);

/** Channels this onboarding has a contact for and this server can send through. */
export const sendableChannels = (o: Pick<Onboarding, 'email' | 'phone'>): ContactChannel[] =>
  (['email', 'sms'] as const).filter((c) => (c === 'email' ? o.email : o.phone) && channelAvailable(c));

/** A new six-digit token (replacing any previous one), its message queued in the same transaction. */
export async function issueToken(tx: Executor, o: Onboarding, channel: ContactChannel, locale: Locale, resend = false): Promise<string> {
  const to = destinationOf(o, channel);
  if (!to) throw new AppError(400, 'channel_unavailable', `This onboarding has no ${channel === 'email' ? 'e-mail' : 'phone'} to confirm.`);
  const token = numericCode();
  const minutes = ttlMinutes(channel);
  const now = new Date();
  const values = { onboardingId: o.id, channel, tokenHash: hashToken(o.id, channel, token), expiresAt: new Date(now.getTime() + minutes * 60_000), lastSentAt: now, failedAttempts: 0 };
  await tx
    .insert(schema.onboardingTokens)
    .values(values)
    .onConflictDoUpdate({
      target: [schema.onboardingTokens.onboardingId, schema.onboardingTokens.channel],
      set: { ...values, ...(resend ? { sends: sql`${schema.onboardingTokens.sends} + 1` } : {}) },
    });
  return queueMessage(tx, { integratorId: o.integratorId, channel, to, template: channel === 'email' ? 'email_confirmation' : 'verification_code', locale, code: token, minutes, sender: await senderName(tx, o.integratorId) });
}

export type TokenRow = typeof schema.onboardingTokens.$inferSelect;

export async function tokenOf(tx: Executor, onboardingId: string, channel: ContactChannel, lock = false): Promise<TokenRow | undefined> {
  const q = tx
    .select()
    .from(schema.onboardingTokens)
    .where(and(eq(schema.onboardingTokens.onboardingId, onboardingId), eq(schema.onboardingTokens.channel, channel)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export type TokenCheck = { outcome: 'confirmed' | 'already_confirmed' } | { outcome: 'wrong'; attemptsLeft: number };

/**
 * Checks a token. A wrong one costs an attempt (returned, not thrown, so the
 * count commits); after five the token is spent and a new one must be sent.
 */
export async function checkToken(tx: Executor, o: Onboarding, channel: ContactChannel, token: string): Promise<TokenCheck> {
  const row = await tokenOf(tx, o.id, channel, true);
  if (!row) throw conflict('no_token', `No ${channel} token was sent for this onboarding.`);
  if (row.confirmedAt) return { outcome: 'already_confirmed' };
  if (row.failedAttempts >= MAX_TOKEN_FAILURES) throw conflict('token_locked', 'Too many wrong tokens: send a new one.');
  if (row.expiresAt <= new Date()) throw unprocessable('token_expired', 'The token has expired: send a new one.');
  if (!safeEqual(row.tokenHash, hashToken(o.id, channel, token))) {
    await tx
      .update(schema.onboardingTokens)
      .set({ failedAttempts: sql`${schema.onboardingTokens.failedAttempts} + 1` })
      .where(and(eq(schema.onboardingTokens.onboardingId, o.id), eq(schema.onboardingTokens.channel, channel)));
    return { outcome: 'wrong', attemptsLeft: MAX_TOKEN_FAILURES - row.failedAttempts - 1 };
  }
  await tx
    .update(schema.onboardingTokens)
    .set({ confirmedAt: new Date() })
    .where(and(eq(schema.onboardingTokens.onboardingId, o.id), eq(schema.onboardingTokens.channel, channel)));
  return { outcome: 'confirmed' };
}

export const wrongToken = (attemptsLeft: number) =>
  unprocessable('invalid_token', `The token is not correct; ${attemptsLeft} attempt(s) left.`, { extensions: { attemptsLeft } });

/** Resend rules: a cooldown between sends and a cap per channel. */
export function assertCanResend(row: TokenRow | undefined): void {
  if (row?.confirmedAt) throw conflict('already_confirmed', 'This contact is already confirmed.');
  if (!row) return;
  if (row.sends >= MAX_TOKEN_SENDS) throw new AppError(429, 'resend_limit', `At most ${MAX_TOKEN_SENDS} tokens are sent per contact.`);
  const wait = Math.ceil((row.lastSentAt.getTime() + getConfig().STEP_RESEND_COOLDOWN_SECONDS * 1000 - Date.now()) / 1000);
  if (wait > 0) throw tooManyRequests(`Wait ${wait} s before sending a new token.`, wait);
}
