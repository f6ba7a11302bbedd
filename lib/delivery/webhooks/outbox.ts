import { sql } from 'drizzle-orm';
import { getConfig } from '../../platform/config';
import { seal } from '../../platform/crypto';
import { schema, type Executor } from '../../platform/db';
import { subscribersOf } from './endpoints';
import { newEventId, withoutImages, type WebhookEventType, type WebhookPayload } from './payload';

export interface EmitInput {
  integratorId: string;
  type: WebhookEventType;
  /** The process's own URL (callBackUrl / webhookUrl), if it has one and this event is for it. */
  url?: string | null;
  /** `user:password` from basicAuth / webhookBasicAuth. */
  basicAuth?: string | null;
  subjectId?: string;
  /** Exactly the object the matching GET returns; image fields are dropped. A function is called only when someone receives the event. */
  data: unknown;
}

type Destination = { url: string; basicAuth: string | null; endpointId: string | null };

/**
 * Writes the event in the caller's transaction, next to the state change that
 * causes it: if the change commits, the event exists; the worker delivers it.
 * One row per destination: the process's own URL, and every subscribed
 * endpoint of the integrator (a URL that is both gets it once). All rows share
 * one sequence number, taken under the subject's row lock, so a receiver can
 * drop a payload older than one it already holds.
 */
export async function emitWebhook(tx: Executor, input: EmitInput): Promise<string[]> {
  const destinations: Destination[] = input.url ? [{ url: input.url, basicAuth: input.basicAuth ?? null, endpointId: null }] : [];
  for (const endpoint of await subscribersOf(tx, input.integratorId, input.type)) {
    if (!destinations.some((d) => d.url === endpoint.url)) destinations.push(endpoint);
  }
  if (destinations.length === 0) return [];
  const data = withoutImages(typeof input.data === 'function' ? await (input.data as () => Promise<unknown>)() : input.data);
  const [{ sequence }] = (await tx.execute<{ sequence: string }>(sql`select nextval('webhook_event_sequence') as sequence`)).rows as [{ sequence: string }];
  const createdAt = new Date().toISOString();
  const ids: string[] = [];
  for (const d of destinations) {
    const id = newEventId();
    const payload: WebhookPayload = { id, type: input.type, createdAt, sequence: Number(sequence), data };
    await tx.insert(schema.webhookEvents).values({
      id,
      integratorId: input.integratorId,
      type: input.type,
      subjectId: input.subjectId,
      endpointId: d.endpointId,
      sequence: Number(sequence),
      url: d.url,
      basicAuthEnc: d.basicAuth ? seal(d.basicAuth) : null,
      payloadEnc: seal(JSON.stringify(payload)),
    });
    ids.push(id);
  }
  return ids;
}

/** Webhook URL validation for request schemas (SSRF rules that need no DNS). */
export { webhookUrlProblem } from './ssrf';
export const allowPrivateWebhooks = () => getConfig().WEBHOOK_ALLOW_PRIVATE_NETWORKS;
