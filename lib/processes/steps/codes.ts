import { eq, sql } from 'drizzle-orm';
import { getConfig } from '../../platform/config';
import { keyedDigest, numericCode, safeEqual } from '../../platform/crypto';
import { schema, type Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { queueMessage, type Locale } from '../../delivery/notify';
import { senderName } from '../../platform/settings';
import type { StepProcess } from './records';

export const CODE_TTL_MINUTES = 10;
export const MAX_FAILED_ATTEMPTS = 5;
export const MAX_RESENDS = 3;

export type CodeRow = typeof schema.stepCodes.$inferSelect;

const hashCode = (processId: string, code: string) => keyedDigest(`step-code:${processId}:${code}`);

/** Issues a new code (replacing any previous one) and queues its message in the same transaction. */
export async function issueCode(
  tx: Executor,
  p: StepProcess,
  channel: 'sms' | 'email',
  locale: Locale,
  resend: boolean,
): Promise<{ messageId: string }> {
  const destination = channel === 'sms' ? p.cellphone : p.email;
  if (!destination) throw new AppError(400, 'channel_unavailable', `This process has no ${channel === 'sms' ? 'cellphone' : 'e-mail'} to send a code to.`);
  const code = numericCode();
  const now = new Date();
  const values = {
    processId: p.id,
    channel,
    destination,
    codeHash: hashCode(p.id, code),
    expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
    lastSentAt: now,
  };
  await tx
    .insert(schema.stepCodes)
    .values(values)
    .onConflictDoUpdate({
      target: schema.stepCodes.processId,
      set: { ...values, ...(resend ? { resends: sql`${schema.stepCodes.resends} + 1` } : {}) },
    });
  const messageId = await queueMessage(tx, {
    integratorId: p.integratorId,
    channel,
    to: destination,
    template: p.kind === 'mfa' ? 'mfa_code' : 'verification_code',
    locale,
    sender: await senderName(tx, p.integratorId),
    code,
    minutes: CODE_TTL_MINUTES,
  });
  return { messageId };
}

export async function codeOf(tx: Executor, processId: string, lock = false): Promise<CodeRow | undefined> {
  const q = tx.select().from(schema.stepCodes).where(eq(schema.stepCodes.processId, processId));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export function codeMatches(row: CodeRow, processId: string, code: string): boolean {
  return safeEqual(row.codeHash, hashCode(processId, code));
}

/** Seconds until a resend is allowed (0 = now), and how many are left. */
export function resendState(row: CodeRow, now = Date.now()): { retryAfter: number; resendsLeft: number } {
  const wait = Math.ceil((row.lastSentAt.getTime() + getConfig().STEP_RESEND_COOLDOWN_SECONDS * 1000 - now) / 1000);
  return { retryAfter: Math.max(0, wait), resendsLeft: Math.max(0, MAX_RESENDS - row.resends) };
}
