// The webhook vocabulary the contracts use: endpoint field schemas and the event types.
export * from './fields';
export { WEBHOOK_EVENT_TYPES, type WebhookEventType, type WebhookPayload } from './payload';
