import { z } from 'zod';
import { defineContract } from '@/lib/platform/http/shared';

/** SPEC 2.5. */
export const tokenResponseSchema = z
  .object({
    access_token: z.string().meta({ description: 'JWT (ES256) access token; send as Authorization: Bearer.' }),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int().meta({ format: 'int32', description: 'Seconds until the access token expires (300 by default).' }),
    refresh_token: z.string().optional().meta({ description: 'Opaque, single-use: each redemption returns a new one. Absent for client_credentials.' }),
    refresh_expires_in: z.number().int().optional().meta({ format: 'int32', description: 'Seconds until the refresh token expires (1800 by default).' }),
    session_state: z.string().meta({ description: 'Session identifier.' }),
    scope: z.string().meta({ description: 'Space-separated scopes: `services` (main API), `import` (batch import API).' }),
  })
  .meta({ id: 'TokenResponse' });

export const loginBodySchema = z
  .object({
    username: z.string().min(1).max(200),
    password: z.string().min(1).max(1024),
  })
  .meta({ id: 'AuthenticationRequest' });

export const refreshBodySchema = z.object({ refresh_token: z.string().min(1).max(512) }).meta({ id: 'RefreshRequest' });

export const oauthTokenBodySchema = z
  .object({
    grant_type: z.string().optional().meta({ description: '`password`, `refresh_token` or `client_credentials`.' }),
    username: z.string().max(200).optional(),
    password: z.string().max(1024).optional(),
    refresh_token: z.string().max(512).optional(),
    scope: z.string().max(200).optional(),
    client_id: z.string().max(200).optional(),
    client_secret: z.string().max(512).optional(),
  })
  .meta({ id: 'OAuthTokenRequest' });

export const revokeBodySchema = z
  .object({
    token: z.string().min(1).max(4096),
    token_type_hint: z.enum(['access_token', 'refresh_token']).optional(),
  })
  .meta({ id: 'RevocationRequest' });

export const authenticate = defineContract({
  method: 'POST',
  path: '/services/api/v1/authentication',
  bases: ['services'],
  operationId: 'authenticate',
  summary: 'Log in with username and password (SPEC 4.1)',
  description: 'Returns a short-lived access token and a single-use refresh token. Throttled per username (failures) and per client address.',
  tags: ['Authentication'],
  auth: 'none',
  body: { schema: loginBodySchema },
  responses: { 200: { description: 'Token object (SPEC 2.5)', schema: tokenResponseSchema } },
  errors: [401, 403, 429],
});

export const refresh = defineContract({
  method: 'POST',
  path: '/services/api/v1/authentication/refresh',
  bases: ['services'],
  operationId: 'refreshToken',
  summary: 'Redeem a refresh token',
  description:
    'Rotates the refresh token: the presented one is spent and a new pair is returned. Presenting a spent refresh token again revokes the whole session (RFC 9700 reuse detection).',
  tags: ['Authentication'],
  auth: 'none',
  body: { schema: refreshBodySchema },
  responses: { 200: { description: 'New token object', schema: tokenResponseSchema } },
});

export const logout = defineContract({
  method: 'POST',
  path: '/services/api/v1/authentication/logout',
  bases: ['services'],
  operationId: 'logout',
  summary: 'End the session of a refresh token',
  tags: ['Authentication'],
  auth: 'none',
  body: { schema: refreshBodySchema },
  responses: { 204: { description: 'Session ended (also when the token was unknown)' } },
});

export const oauthToken = defineContract({
  method: 'POST',
  path: '/oauth/token',
  bases: ['services', 'import'],
  operationId: 'oauthToken',
  summary: 'OAuth 2.0 token endpoint ({auth_url})',
  description:
    'RFC 6749 token endpoint, form-encoded (JSON also accepted). Grants: `password`, `refresh_token`, `client_credentials` (client authenticates with HTTP Basic or client_id/client_secret). Errors are problem+json that also carry RFC 6749 `error` and `error_description`.',
  tags: ['OAuth 2.0'],
  auth: 'none',
  body: { schema: oauthTokenBodySchema, kind: 'json-or-form' },
  responses: { 200: { description: 'Token object (SPEC 2.5)', schema: tokenResponseSchema } },
  errors: [401, 429],
});

export const oauthRevoke = defineContract({
  method: 'POST',
  path: '/oauth/revoke',
  bases: ['services', 'import'],
  operationId: 'oauthRevoke',
  summary: 'OAuth 2.0 token revocation (RFC 7009)',
  description: 'Revokes the session behind a refresh or access token. Answers 200 whether or not the token was known.',
  tags: ['OAuth 2.0'],
  auth: 'none',
  body: { schema: revokeBodySchema, kind: 'json-or-form' },
  responses: { 200: { description: 'Revoked (or unknown)' } },
});

export const jwksResponseSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) }).meta({ id: 'JWKS' });

export const jwksContract = defineContract({
  method: 'GET',
  path: '/.well-known/jwks.json',
  bases: ['services', 'import'],
  operationId: 'jwks',
  summary: 'Public keys that verify access tokens',
  tags: ['OAuth 2.0'],
  auth: 'none',
  responses: { 200: { description: 'JSON Web Key Set', schema: jwksResponseSchema } },
});
