import { z } from 'zod';

/**
 * Calls the hosted pages make to their own server (cookie-authenticated,
 * under /p/{requestId}/api). Shared by the browser code and the route handlers.
 */
export const beginBodySchema = z.object({
  consent: z.boolean().default(false),
  channel: z.enum(['sms', 'email']).optional(),
  lang: z.enum(['pt-BR', 'en']).optional(),
});
export type BeginBody = z.input<typeof beginBodySchema>;

export const verifyBodySchema = z.object({ code: z.string().regex(/^\d{6}$/, 'The code has 6 digits') });

export const verifyResponseSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('approved') }),
  z.object({ outcome: z.literal('rejected') }),
  z.object({ outcome: z.literal('wrong'), attemptsLeft: z.number().int() }),
  z.object({ outcome: z.literal('code_expired') }),
]);
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

export const resendBodySchema = z.object({ lang: z.enum(['pt-BR', 'en']).optional() });
export const resendResponseSchema = z.object({ retryAfter: z.number().int(), resendsLeft: z.number().int() });
export type ResendResponse = z.infer<typeof resendResponseSchema>;
