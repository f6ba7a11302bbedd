import { and, inArray, lt } from 'drizzle-orm';
import { getConfig } from '../../platform/config';
import { openText, randomToken, seal, sha256Hex } from '../../platform/crypto';
import { getDb, schema, type Executor } from '../../platform/db';
import { unprocessable } from '../../platform/errors';
import { channelAvailable, channelNotConfigured } from '../../delivery/notify';
import { readSettings } from '../../platform/settings';
import { emitWebhook, kickDelivery, type WebhookEventType } from '../../delivery/webhooks';
import { findProcess, transition, type StepProcess } from './records';
import { resolveAppRedirect } from './app-redirect';
import { resultFor } from './results';
import type { StepKind, StepStatus } from './state';

export interface StartInput {
  kind: StepKind;
  api: 'bearer' | 'apiKey';
  cpf?: string;
  appRedirect: string;
  useIntroPage: boolean;
  useSuccessPage: boolean;
  cellphone?: string;
  email?: string;
  webhookUrl?: string;
  webhookBasicAuth?: string;
  options?: Record<string, unknown>;
}

/** SPEC 2.1 StepStartResponse. */
export interface StepStartResponse {
  requestProcessUrl: string;
  requestId: string;
  createdAt: string;
}

/** Channels a process will send codes through; each must be able to deliver. */
function requiredChannels(input: StartInput): ('sms' | 'email')[] {
  if (input.kind === 'validation') return ['sms'];
  if (input.kind === 'mfa') return [...(input.cellphone ? (['sms'] as const) : []), ...(input.email ? (['email'] as const) : [])];
  return [];
}

/** What the 422 says: a path needs an origin, and the three places to set one. */
export const APP_ORIGIN_HOW_TO =
  'appRedirect is an application path, but this integrator has no app origin to resolve it against. ' +
  'Send a full URL (https://app.example.com/done), or set the origin once: in the console (Integration > App origin), ' +
  'with `npm run admin -- integrator set-app-origin INTEGRATOR_ID https://app.example.com`, ' +
  'or with PUT /services/api/v1/settings {"appOrigin": "https://app.example.com"}.';

/**
 * Creates a process and its capability URL `{PUBLIC_URL}/p/{requestId}/{secret}`:
 * the secret has 256 bits and only its hash is kept.
 */
export async function startProcess(integratorId: string, input: StartInput): Promise<StepStartResponse> {
  const settings = await readSettings(integratorId);
  if (!resolveAppRedirect(input.appRedirect, settings.appOrigin)) {
    throw unprocessable('app_origin_not_configured', APP_ORIGIN_HOW_TO);
  }
  const channels = requiredChannels(input);
  // MFA with two channels works if at least one of them can deliver.
  if (channels.length && !channels.some(channelAvailable)) throw channelNotConfigured(channels[0]!);
  const secret = randomToken(32);
  const db = await getDb();
  const [row] = await db
    .insert(schema.stepProcesses)
    .values({
      integratorId,
      kind: input.kind,
      api: input.api,
      cpf: input.cpf,
      appRedirect: input.appRedirect.trim(),
      useIntroPage: input.useIntroPage,
      useSuccessPage: input.useSuccessPage,
      webhookUrl: input.webhookUrl,
      webhookBasicAuthEnc: input.webhookBasicAuth ? seal(input.webhookBasicAuth) : null,
      cellphone: input.cellphone,
      email: input.email?.toLowerCase(),
      secretHash: sha256Hex(secret),
      options: input.options ?? {},
      expiresAt: new Date(Date.now() + settings.stepLifetimeSeconds * 1000),
    })
    .returning();
  return {
    requestProcessUrl: `${getConfig().publicUrl}/p/${row!.id}/${secret}`,
    requestId: row!.id,
    createdAt: row!.createdAt.toISOString(),
  };
}

const EVENT_FOR: Partial<Record<StepStatus, WebhookEventType>> = {
  APPROVED: 'step.completed',
  REJECTED: 'step.completed',
  EXPIRED: 'step.expired',
  CANCELED: 'step.canceled',
};

/**
 * Moves a process to a final status and, in the same transaction, queues its
 * webhook with the result object as `data`. Returns the event id to kick.
 */
export async function finishTx(
  tx: Executor,
  processId: string,
  to: StepStatus,
  patch: Partial<typeof schema.stepProcesses.$inferInsert> = {},
): Promise<{ process: StepProcess; eventIds: string[] }> {
  const process = await transition(tx, processId, to, { finishedAt: new Date(), ...patch });
  const type = EVENT_FOR[to];
  if (!type) return { process, eventIds: [] };
  const eventIds = await emitWebhook(tx, {
    integratorId: process.integratorId,
    type,
    url: process.webhookUrl,
    basicAuth: process.webhookBasicAuthEnc ? openText(process.webhookBasicAuthEnc) : null,
    subjectId: process.id,
    data: () => resultFor(process),
  });
  return { process, eventIds };
}

/** Runs a transaction that may finish the process, then queues the webhook delivery. */
export async function withFinish<T>(fn: (tx: Executor) => Promise<T & { eventIds?: string[] }>): Promise<T & { eventIds?: string[] }> {
  const db = await getDb();
  const out = await db.transaction((tx) => fn(tx));
  if (out.eventIds?.length) await kickDelivery(out.eventIds).catch(() => undefined); // the sweep retries
  return out;
}

export async function cancelProcess(integratorId: string, requestId: string): Promise<StepProcess> {
  await findProcess(await getDb(), integratorId, requestId);
  const { process } = await withFinish((tx) => finishTx(tx, requestId, 'CANCELED', { statusReason: 'canceled by the integrator' }));
  return process;
}

/** Expires one process whose lifetime is over (no-op if it finished meanwhile). */
export async function expireIfDue(p: StepProcess): Promise<StepProcess> {
  if ((p.status !== 'PENDING' && p.status !== 'IN_PROGRESS') || p.expiresAt > new Date()) return p;
  try {
    return (await withFinish((tx) => finishTx(tx, p.id, 'EXPIRED', { statusReason: 'lifetime over before completion' }))).process;
  } catch {
    return findProcess(await getDb(), undefined, p.id);
  }
}

/** Periodic job: every process past its lifetime becomes EXPIRED and fires step.expired. */
export async function expireDue(limit = 200): Promise<number> {
  const db = await getDb();
  const due = await db
    .select()
    .from(schema.stepProcesses)
    .where(and(inArray(schema.stepProcesses.status, ['PENDING', 'IN_PROGRESS']), lt(schema.stepProcesses.expiresAt, new Date())))
    .limit(limit);
  for (const p of due) await expireIfDue(p);
  return due.length;
}

