import { getConfig } from '../config';
import { seal } from '../crypto';
import { schema, type Executor } from '../db';
import { newEventId, withoutImages, type WebhookEventType, type WebhookPayload } from './payload';

export interface EmitInput {
  integratorId: string;
  type: WebhookEventType;
  url: string;
  /** `user:password` from basicAuth / webhookBasicAuth. */
  basicAuth?: string | null;
  subjectId?: string;
  /** Exactly the object the matching GET returns; image fields are dropped. */
  data: unknown;
}

/**
 * Writes the event in the caller's transaction, next to the state change that
 * causes it: if the change commits, the event exists; the worker delivers it.
 */
export async function emitWebhook(tx: Executor, input: EmitInput): Promise<string> {
  const id = newEventId();
  const payload: WebhookPayload = { id, type: input.type, createdAt: new Date().toISOString(), data: withoutImages(input.data) };
  await tx.insert(schema.webhookEvents).values({
    id,
    integratorId: input.integratorId,
    type: input.type,
    subjectId: input.subjectId,
    url: input.url,
    basicAuthEnc: input.basicAuth ? seal(input.basicAuth) : null,
    payloadEnc: seal(JSON.stringify(payload)),
  });
  return id;
}

/** Webhook URL validation for request schemas (SSRF rules that need no DNS). */
export { webhookUrlProblem } from './ssrf';
export const allowPrivateWebhooks = () => getConfig().WEBHOOK_ALLOW_PRIVATE_NETWORKS;
