import { z } from 'zod';
import { ROLES } from '@/lib/platform/auth/shared';
import { SCOPES } from '@/lib/platform/auth/shared';
import { defineContract } from '@/lib/platform/http/shared';

/**
 * The integrator's console users and OAuth clients, managed by its admins
 * (API keys are in keys.ts). Secrets and generated passwords are shown once.
 */
const users = { tags: ['Users'], auth: 'bearer' as const, scope: 'services' as const, bases: ['services' as const] };
const clients = { ...users, tags: ['OAuth clients'] };

const role = z.enum(ROLES).meta({ description: '`admin`: everything; `analyst`: reads and review decisions; `viewer`: reads only.' });

export const userSchema = z
  .object({ id: z.uuid(), username: z.string(), role, createdAt: z.iso.datetime(), revokedAt: z.iso.datetime().nullable() })
  .meta({ id: 'User' });

export const createUserBody = z
  .object({
    username: z.string().trim().min(3).max(64).meta({ description: 'Letters, digits or . _ @ -; unique across the service (it is the login).' }),
    role,
    password: z.string().min(12).max(200).optional().meta({ description: 'Initial password (12+ characters). Omit it to have one generated and returned once.' }),
  })
  .meta({ id: 'CreateUserRequest' });

const userParams = z.object({ userId: z.string().max(100) });

export const listUsers = defineContract({
  ...users,
  method: 'GET',
  path: '/services/api/v1/users',
  operationId: 'listUsers',
  summary: 'List the integrator\'s users with their roles',
  responses: { 200: { description: 'Users, oldest first, revoked ones included', schema: z.object({ users: z.array(userSchema) }) } },
});

export const createUser = defineContract({
  usersOnly: true,
  ...users,
  method: 'POST',
  path: '/services/api/v1/users',
  operationId: 'createUser',
  summary: 'Create a user (admin role)',
  body: { schema: createUserBody },
  responses: {
    201: {
      description: 'Created; `password` is present only when it was generated, and only here',
      schema: z.object({ id: z.uuid(), username: z.string(), role, createdAt: z.iso.datetime(), password: z.string().optional() }).meta({ id: 'CreatedUser' }),
    },
  },
  errors: [409, 422],
});

export const updateUser = defineContract({
  usersOnly: true,
  ...users,
  method: 'PATCH',
  path: '/services/api/v1/users/{userId}',
  operationId: 'updateUser',
  summary: 'Change a user\'s role (admin role)',
  description: 'Applies to the user\'s open sessions at once. The last admin cannot be demoted (409 `last_admin`).',
  params: userParams,
  body: { schema: z.object({ role }).meta({ id: 'UpdateUserRequest' }) },
  responses: { 200: { description: 'The user', schema: userSchema } },
  errors: [409],
});

export const revokeUser = defineContract({
  usersOnly: true,
  ...users,
  method: 'DELETE',
  path: '/services/api/v1/users/{userId}',
  operationId: 'revokeUser',
  summary: 'Revoke a user and end their sessions (admin role)',
  description: 'The last admin cannot be revoked (409 `last_admin`).',
  params: userParams,
  responses: { 204: { description: 'Revoked' } },
  errors: [409],
});

export const clientSchema = z
  .object({ id: z.uuid(), clientId: z.string(), name: z.string(), scope: z.string(), createdAt: z.iso.datetime(), revokedAt: z.iso.datetime().nullable() })
  .meta({ id: 'OAuthClient' });

const clientSecretSchema = z.string().meta({ description: 'The client secret. Shown only in this response; store it now.' });
const clientParams = z.object({ clientId: z.string().max(100) });

export const listClients = defineContract({
  ...clients,
  method: 'GET',
  path: '/services/api/v1/clients',
  operationId: 'listClients',
  summary: 'List the integrator\'s OAuth clients (client_credentials, e.g. for batch import)',
  responses: { 200: { description: 'Clients, newest first, without secrets', schema: z.object({ clients: z.array(clientSchema) }) } },
});

export const createClient = defineContract({
  usersOnly: true,
  ...clients,
  method: 'POST',
  path: '/services/api/v1/clients',
  operationId: 'createClient',
  summary: 'Create an OAuth client (admin role)',
  body: {
    schema: z
      .object({
        name: z.string().trim().min(1).max(100),
        scope: z.array(z.enum(SCOPES)).min(1).default(['import']).meta({ description: 'Scopes its tokens carry (default: import).' }),
      })
      .meta({ id: 'CreateClientRequest' }),
  },
  responses: {
    201: {
      description: 'Created; `clientSecret` is shown only here',
      schema: clientSchema.omit({ revokedAt: true }).extend({ clientSecret: clientSecretSchema }).meta({ id: 'CreatedOAuthClient' }),
    },
  },
});

export const revokeClient = defineContract({
  usersOnly: true,
  ...clients,
  method: 'DELETE',
  path: '/services/api/v1/clients/{clientId}',
  operationId: 'revokeClient',
  summary: 'Revoke an OAuth client and end its sessions (admin role)',
  params: clientParams,
  responses: { 204: { description: 'Revoked' } },
});

export const rotateClientSecret = defineContract({
  usersOnly: true,
  ...clients,
  method: 'POST',
  path: '/services/api/v1/clients/{clientId}/rotate',
  operationId: 'rotateClientSecret',
  summary: 'New secret for the same client id (admin role)',
  description: 'The old secret and the tokens issued with it stop working at once.',
  params: clientParams,
  responses: { 200: { description: 'The new secret', schema: z.object({ clientId: z.string(), clientSecret: clientSecretSchema }) } },
});
