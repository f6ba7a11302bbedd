import { z } from 'zod';
import { defineContract } from '@/lib/platform/http/shared';
import { loginBodySchema } from './auth';

/** Integrator console (issue 12): the signed-in user, held by an HttpOnly cookie. */
export const consoleUserSchema = z
  .object({
    username: z.string(),
    role: z.enum(['admin', 'analyst', 'viewer']),
    integratorName: z.string(),
  })
  .meta({ id: 'ConsoleUser' });

const base = { path: '/console/api/session', bases: ['services' as const], tags: ['Console'], auth: 'none' as const };

export const consoleSignIn = defineContract({
  ...base,
  method: 'POST',
  operationId: 'consoleSignIn',
  summary: 'Sign in to the console (sets the session cookie)',
  description: 'Same credentials, throttling and session as POST /services/api/v1/authentication; the session is held by an HttpOnly, SameSite=Strict cookie that the console pages send to the JSON API instead of a Bearer token.',
  body: { schema: loginBodySchema },
  responses: { 200: { description: 'Signed in', schema: consoleUserSchema } },
  errors: [401, 429],
});

export const consoleWhoAmI = defineContract({
  ...base,
  method: 'GET',
  operationId: 'consoleWhoAmI',
  summary: 'The signed-in console user',
  responses: { 200: { description: 'Signed in', schema: consoleUserSchema } },
  errors: [401],
});

export const consoleSignOut = defineContract({
  ...base,
  method: 'DELETE',
  operationId: 'consoleSignOut',
  summary: 'Sign out (revokes the session, clears the cookie)',
  responses: { 204: { description: 'Signed out' } },
  errors: [403],
});
