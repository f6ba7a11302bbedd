import { and, desc, eq, sql } from 'drizzle-orm';
import { getConfig } from '../../platform/config';
import { openText, seal } from '../../platform/crypto';
import { getDb, leaseFor, leaseFree, schema, type Executor } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { getLogger } from '../../platform/log';
import { normalizeBrazilianPhone } from './recipients';
import { render, type Locale, type TemplateName } from './templates';
import { PermanentSendError, transportFor } from './transports';

export interface MessageRequest {
  integratorId?: string;
  channel: 'sms' | 'email';
  to: string;
  template: TemplateName;
  locale?: Locale;
  code: string;
  minutes: number;
  /** Whose code it is, named in the text ("Seu código Banco Verde é …"); default Atesta. */
  sender?: string;
}

/** Whether a channel can deliver at all; callers answer "not configured" instead of pretending. */
export function channelAvailable(channel: 'sms' | 'email'): boolean {
  return transportFor(channel) !== undefined;
}

export function channelNotConfigured(channel: 'sms' | 'email'): AppError {
  const what = channel === 'sms' ? 'SMS (SMS_PROVIDER)' : 'e-mail (SMTP_URL)';
  return new AppError(503, `${channel}_not_configured`, `Sending ${what} is not configured on this server.`);
}

/**
 * Stores the message in the caller's transaction (with the code it carries,
 * sealed); the worker sends it. Returns the message id.
 */
export async function queueMessage(tx: Executor, req: MessageRequest): Promise<string> {
  if (!channelAvailable(req.channel)) throw channelNotConfigured(req.channel);
  const to = req.channel === 'sms' ? normalizeBrazilianPhone(req.to) : req.to.trim().toLowerCase();
  const { subject, text } = render(req.template, req.locale ?? getConfig().DEFAULT_LOCALE, { code: req.code, minutes: req.minutes, sender: req.sender });
  const [row] = await tx
    .insert(schema.messages)
    .values({ integratorId: req.integratorId, channel: req.channel, recipient: to, subject, bodyEnc: seal(text) })
    .returning({ id: schema.messages.id });
  return row!.id;
}

const LEASE_SECONDS = 60;
/** After this many tries a message is failed (a code that arrives hours later is useless anyway). */
export const MAX_SEND_ATTEMPTS = 6;
export type SendOutcome = 'sent' | 'failed' | 'skipped';

/** Sends one pending message; a transient failure throws so the job is retried. */
export async function deliverMessage(messageId: string): Promise<SendOutcome> {
  const db = await getDb();
  const [m] = await db
    .update(schema.messages)
    .set({ lockedUntil: leaseFor(LEASE_SECONDS), attempts: sql`${schema.messages.attempts} + 1` })
    .where(and(eq(schema.messages.id, messageId), eq(schema.messages.status, 'pending'), leaseFree(schema.messages.lockedUntil)))
    .returning();
  if (!m) return 'skipped';
  const transport = transportFor(m.channel);
  const finish = (set: Partial<typeof schema.messages.$inferInsert>) =>
    db.update(schema.messages).set({ ...set, lockedUntil: null }).where(eq(schema.messages.id, messageId));
  if (!transport) {
    await finish({ status: 'failed', lastError: `${m.channel} is not configured` });
    return 'failed';
  }
  try {
    const result = await transport.send({ id: m.id, channel: m.channel, to: m.recipient, subject: m.subject ?? undefined, text: openText(m.bodyEnc) });
    await finish({ status: 'sent', transport: transport.name, providerId: result.providerId ?? null, sentAt: new Date(), lastError: null });
    getLogger().info({ messageId, channel: m.channel, transport: transport.name }, 'message sent');
    return 'sent';
  } catch (err) {
    const permanent = err instanceof PermanentSendError || m.attempts >= MAX_SEND_ATTEMPTS;
    await finish({ transport: transport.name, lastError: (err as Error).message, ...(permanent ? { status: 'failed' as const } : {}) });
    getLogger().warn({ messageId, channel: m.channel, transport: transport.name, err }, 'message not sent');
    if (permanent) return 'failed';
    throw err;
  }
}

/** Pending messages that no worker holds and that have waited a little (their job may be lost). */
export async function stalledMessages(limit = 100): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: schema.messages.id })
    .from(schema.messages)
    .where(sql`${schema.messages.status} = 'pending' and ${schema.messages.createdAt} < now() - interval '30 seconds' and ${leaseFree(schema.messages.lockedUntil)}`)
    .limit(limit);
  return rows.map((r) => r.id);
}

export interface OutboxMessage {
  id: string;
  to: string;
  channel: 'sms' | 'email';
  subject: string | null;
  body: string;
  status: string;
  createdAt: Date;
}

/** The local outbox, newest first; `to` filters by phone (any format) or e-mail. */
export async function listOutbox(filter: { to?: string; limit: number }): Promise<OutboxMessage[]> {
  if (!getConfig().devOutbox) throw notFound('not_found', 'The local outbox is disabled on this server.');
  const db = await getDb();
  let recipient: string | undefined;
  if (filter.to) {
    try {
      recipient = filter.to.includes('@') ? filter.to.trim().toLowerCase() : normalizeBrazilianPhone(filter.to);
    } catch {
      return [];
    }
  }
  const rows = await db
    .select()
    .from(schema.messages)
    .where(and(eq(schema.messages.transport, 'outbox'), recipient ? eq(schema.messages.recipient, recipient) : undefined))
    .orderBy(desc(schema.messages.createdAt))
    .limit(filter.limit);
  return rows.map((m) => ({ id: m.id, to: m.recipient, channel: m.channel, subject: m.subject, body: openText(m.bodyEnc), status: m.status, createdAt: m.createdAt }));
}
