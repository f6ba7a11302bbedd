import { z } from 'zod';
import { defineContract } from '@/lib/platform/http/shared';
import { basicAuthSchema, webhookUrlSchema } from '@/lib/delivery/webhooks/shared';
import { WEBHOOK_EVENT_TYPES } from '@/lib/delivery/webhooks/shared';

export const webhookPayloadSchema = z
  .object({
    id: z.string().meta({ description: 'Event id; also the `webhook-id` header, the same on every retry (deduplicate on it).' }),
    type: z.enum(WEBHOOK_EVENT_TYPES),
    createdAt: z.iso.datetime().meta({ description: 'When the state change was committed.' }),
    sequence: z
      .number()
      .int()
      .meta({ description: 'Grows with every event; for one subject (onboardingId, requestId, batchId) a later state always has a higher number. Keep the highest you have processed per subject and ignore a payload with a lower one.' }),
    data: z
      .record(z.string(), z.unknown())
      .meta({
        description:
          'Exactly the object the matching GET returns (onboarding record 2.2, step result 2.3 or 2.4, batch), without image fields: read images by id with your credentials.',
      }),
  })
  .meta({ id: 'WebhookEvent' });

const attemptSchema = z
  .object({
    attemptedAt: z.iso.datetime(),
    statusCode: z.number().int().nullable(),
    latencyMs: z.number().int(),
    error: z.string().nullable(),
    manual: z.boolean().meta({ description: 'True for an attempt you asked for with redeliver.' }),
  })
  .meta({ id: 'WebhookAttempt' });

const eventSummarySchema = z
  .object({
    id: z.string(),
    type: z.string(),
    subjectId: z.string().nullable(),
    url: z.string(),
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number().int().meta({ description: 'Scheduled attempts made so far.' }),
    nextAttemptAt: z.iso.datetime().nullable(),
    lastError: z.string().nullable(),
    createdAt: z.iso.datetime(),
    deliveredAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'WebhookEventSummary' });

const eventParams = z.object({ eventId: z.string().max(100) });

export const eventPageSchema = z.object({ events: z.array(eventSummarySchema), nextCursor: z.string().nullable() });
export const eventDetailSchema = eventSummarySchema
  .extend({ payload: webhookPayloadSchema, deliveryAttempts: z.array(attemptSchema).meta({ description: 'Every attempt, oldest first, scheduled and manual.' }) })
  .meta({ id: 'WebhookEventDetail' });

export const listWebhookEvents = defineContract({
  method: 'GET',
  path: '/services/api/v1/webhooks/events',
  bases: ['services'],
  operationId: 'listWebhookEvents',
  summary: 'Webhook delivery log: events, newest first',
  tags: ['Webhooks'],
  auth: 'bearer',
  scope: 'services',
  query: z.object({
    status: z.enum(['pending', 'delivered', 'failed']).optional(),
    type: z.enum(WEBHOOK_EVENT_TYPES).optional(),
    subjectId: z.string().max(100).optional().meta({ description: 'onboardingId, requestId or batchId' }),
    before: z.string().max(100).optional().meta({ description: 'Cursor: `nextCursor` of the previous page.' }),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  }),
  responses: { 200: { description: 'A page of events', schema: eventPageSchema } },
});

export const getWebhookEvent = defineContract({
  method: 'GET',
  path: '/services/api/v1/webhooks/events/{eventId}',
  bases: ['services'],
  operationId: 'getWebhookEvent',
  summary: 'One webhook event with its payload and every attempt',
  tags: ['Webhooks'],
  auth: 'bearer',
  scope: 'services',
  params: eventParams,
  responses: { 200: { description: 'The event', schema: eventDetailSchema } },
});

export const redeliverWebhookEvent = defineContract({
  method: 'POST',
  path: '/services/api/v1/webhooks/events/{eventId}/redeliver',
  bases: ['services'],
  operationId: 'redeliverWebhookEvent',
  summary: 'Send an event again now (same webhook-id) (admin role)',
  description: 'One extra attempt, outside the retry schedule. A success marks the event delivered.',
  tags: ['Webhooks'],
  auth: 'bearer',
  scope: 'services',
  params: eventParams,
  responses: { 202: { description: 'Queued', schema: z.object({ eventId: z.string(), queued: z.literal(true) }) } },
});

const secretSchema = z.object({ webhookSecret: z.string().meta({ description: 'Standard Webhooks secret (`whsec_…`) that signs every call.' }) }).meta({ id: 'WebhookSecret' });

export const getWebhookSecret = defineContract({
  usersOnly: true,
  method: 'GET',
  path: '/services/api/v1/webhooks/secret',
  bases: ['services'],
  operationId: 'getWebhookSecret',
  summary: 'The signing secret your receiver verifies with (admin role)',
  tags: ['Webhooks'],
  roles: ['admin'],
  auth: 'bearer',
  scope: 'services',
  responses: { 200: { description: 'Current secret', schema: secretSchema } },
});

export const rotateWebhookSecret = defineContract({
  usersOnly: true,
  method: 'POST',
  path: '/services/api/v1/webhooks/secret/rotate',
  bases: ['services'],
  operationId: 'rotateWebhookSecret',
  summary: 'Replace the signing secret (admin role)',
  description: 'Calls made from now on (including retries of older events) are signed with the new secret.',
  tags: ['Webhooks'],
  auth: 'bearer',
  scope: 'services',
  responses: { 200: { description: 'New secret', schema: secretSchema } },
});

const eventTypesSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length)
  .meta({ description: 'Event types this endpoint receives. `onboarding.status_changed` is the only intermediate one; the others carry a final result.' });

export const endpointSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    description: z.string().nullable(),
    hasBasicAuth: z.boolean().meta({ description: 'Whether calls carry Basic credentials (never shown again).' }),
    enabled: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'WebhookEndpoint' });

const endpointInput = z.object({
  url: webhookUrlSchema,
  eventTypes: eventTypesSchema,
  description: z.string().trim().max(200).nullable().optional(),
  basicAuth: basicAuthSchema.nullable().optional(),
  enabled: z.boolean().optional(),
});

const endpointParams = z.object({ endpointId: z.uuid() });

export const listWebhookEndpoints = defineContract({
  method: 'GET',
  path: '/services/api/v1/webhooks/endpoints',
  bases: ['services'],
  operationId: 'listWebhookEndpoints',
  summary: 'Webhook endpoints: standing subscriptions to event types',
  description: 'Besides the callBackUrl/webhookUrl of a process, which hears once with its final result, an endpoint receives every event of the types it lists, for every process.',
  tags: ['Webhooks'],
  auth: 'bearer',
  scope: 'services',
  responses: { 200: { description: 'Endpoints, oldest first', schema: z.object({ endpoints: z.array(endpointSchema) }) } },
});

export const createWebhookEndpoint = defineContract({
  method: 'POST',
  path: '/services/api/v1/webhooks/endpoints',
  bases: ['services'],
  operationId: 'createWebhookEndpoint',
  summary: 'Subscribe a URL to event types (admin role)',
  tags: ['Webhooks'],
  auth: 'bearer',
  scope: 'services',
  body: { schema: endpointInput.meta({ id: 'WebhookEndpointCreate' }) },
  responses: { 201: { description: 'Created', schema: endpointSchema } },
});

export const updateWebhookEndpoint = defineContract({
  method: 'PATCH',
  path: '/services/api/v1/webhooks/endpoints/{endpointId}',
  bases: ['services'],
  operationId: 'updateWebhookEndpoint',
  summary: 'Change an endpoint: URL, event types, credentials, enabled (admin role)',
  tags: ['Webhooks'],
  auth: 'bearer',
  scope: 'services',
  params: endpointParams,
  body: { schema: endpointInput.partial().meta({ id: 'WebhookEndpointUpdate', description: 'Partial: absent fields stay; basicAuth null removes the credentials.' }) },
  responses: { 200: { description: 'The endpoint', schema: endpointSchema } },
});

export const deleteWebhookEndpoint = defineContract({
  method: 'DELETE',
  path: '/services/api/v1/webhooks/endpoints/{endpointId}',
  bases: ['services'],
  operationId: 'deleteWebhookEndpoint',
  summary: 'Remove an endpoint (admin role); events already queued for it are still delivered',
  tags: ['Webhooks'],
  auth: 'bearer',
  scope: 'services',
  params: endpointParams,
  responses: { 204: { description: 'Removed' } },
});
