import { z } from 'zod';
import { defineContract } from '@/lib/platform/http/shared';

/**
 * SPEC 5.2 leaves key issuance open. Integrator admins manage their own
 * x-api-key credentials here (and in the admin CLI); the secret is shown once.
 */
export const apiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    prefix: z.string().meta({ description: 'First characters of the key, to tell keys apart.' }),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable(),
    revokedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ApiKey' });

export const createdApiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    prefix: z.string(),
    key: z.string().meta({ description: 'The key itself. Shown only in this response; store it now.' }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'CreatedApiKey' });

export const createApiKeyBody = z
  .object({ name: z.string().trim().min(1).max(100).meta({ description: 'Unique among active keys.' }) })
  .meta({ id: 'CreateApiKeyRequest' });

const keyParams = z.object({ keyId: z.string().max(100) });

export const listApiKeys = defineContract({
  method: 'GET',
  path: '/services/api/v1/api-keys',
  bases: ['services'],
  operationId: 'listApiKeys',
  summary: 'List the integrator\'s API keys (x-api-key credentials)',
  tags: ['API keys'],
  auth: 'bearer',
  scope: 'services',
  responses: { 200: { description: 'Keys, newest first, without secrets', schema: z.object({ keys: z.array(apiKeySchema) }) } },
});

export const createApiKey = defineContract({
  usersOnly: true,
  method: 'POST',
  path: '/services/api/v1/api-keys',
  bases: ['services'],
  operationId: 'createApiKey',
  summary: 'Issue an API key (admin role)',
  tags: ['API keys'],
  auth: 'bearer',
  scope: 'services',
  body: { schema: createApiKeyBody },
  responses: { 201: { description: 'Created; `key` is shown only here', schema: createdApiKeySchema } },
  errors: [409],
});

export const revokeApiKey = defineContract({
  usersOnly: true,
  method: 'DELETE',
  path: '/services/api/v1/api-keys/{keyId}',
  bases: ['services'],
  operationId: 'revokeApiKey',
  summary: 'Revoke an API key (admin role)',
  tags: ['API keys'],
  auth: 'bearer',
  scope: 'services',
  params: keyParams,
  responses: { 204: { description: 'Revoked' } },
});

export const rotateApiKey = defineContract({
  usersOnly: true,
  method: 'POST',
  path: '/services/api/v1/api-keys/{keyId}/rotate',
  bases: ['services'],
  operationId: 'rotateApiKey',
  summary: 'Replace an API key with a new one of the same name (admin role)',
  tags: ['API keys'],
  auth: 'bearer',
  scope: 'services',
  params: keyParams,
  responses: { 201: { description: 'The replacement; the old key stops working at once', schema: createdApiKeySchema } },
});
