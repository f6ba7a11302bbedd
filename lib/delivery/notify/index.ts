export { queueMessage, deliverMessage, listOutbox, channelAvailable, channelNotConfigured, type MessageRequest, type OutboxMessage } from './messages';
export { sendJob, sweepMessagesJob, kickMessages, SEND_QUEUE } from './jobs';
export { render, type Locale, type TemplateName } from './templates';
export { maskPhone, maskEmail, normalizeBrazilianPhone, toE164 } from './recipients';
export { transportFor } from './transports';
