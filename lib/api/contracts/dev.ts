import { z } from 'zod';
import { defineContract } from '@/lib/platform/http/shared';

export const outboxMessageSchema = z
  .object({
    id: z.uuid(),
    to: z.string(),
    channel: z.enum(['sms', 'email']),
    subject: z.string().nullable(),
    body: z.string(),
    status: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'OutboxMessage' });

export const outboxMessages = defineContract({
  method: 'GET',
  path: '/dev/outbox/messages',
  bases: ['services'],
  operationId: 'devOutboxMessages',
  summary: 'Local outbox: messages that would have been sent (development only)',
  description:
    'Enabled when no SMS/e-mail transport is configured and NODE_ENV is not production (or DEV_OUTBOX=true). Newest first; `to` filters by phone (any format) or e-mail.',
  tags: ['Development'],
  auth: 'none',
  query: z.object({ to: z.string().max(200).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
  responses: { 200: { description: 'Messages', schema: z.object({ messages: z.array(outboxMessageSchema) }) } },
});
