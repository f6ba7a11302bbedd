export { emitWebhook, allowPrivateWebhooks, type EmitInput } from './outbox';
export { webhookUrlProblem, classifyAddress, addressAllowed, resolveChecked } from './ssrf';
export { signWebhook, webhookKey } from './signing';
export { deliverEvent, retryDelaySeconds, RETRY_SCHEDULE_SECONDS, MAX_ATTEMPTS, type AttemptOutcome } from './delivery';
export { deliverJob, sweepJob, kickDelivery, DELIVER_QUEUE } from './jobs';
export { listEvents, getEvent, type EventFilter } from './log';
export { WEBHOOK_EVENT_TYPES, withoutImages, type WebhookEventType, type WebhookPayload } from './payload';
export { webhookUrlSchema, basicAuthSchema } from './fields';
export { redeliver } from './redeliver';
