import { z } from 'zod';
import { DEVICE_ACTIVITIES } from '@/lib/processes/steps/shared';

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

export const resendBodySchema = z.object({
  lang: z.enum(['pt-BR', 'en']).optional(),
  channel: z.enum(['sms', 'email']).optional().meta({ description: 'MFA with both: send the new code through this channel instead (counts as a resend).' }),
});
export const resendResponseSchema = z.object({ retryAfter: z.number().int(), resendsLeft: z.number().int() });
export type ResendResponse = z.infer<typeof resendResponseSchema>;

const retrySchema = z.object({
  slot: z.enum(['front', 'back', 'selfie']),
  reason: z.string(),
  message: z.string().meta({ description: 'What to do, in the page language.' }),
});

export type CaptureRetry = z.infer<typeof retrySchema>;

/** What a capture submission ends in. */
export const captureResponseSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('approved') }),
  z.object({ outcome: z.literal('rejected') }),
  z.object({ outcome: z.literal('retry'), retry: z.array(retrySchema), attemptsLeft: z.number().int() }),
]);
export type CaptureResponse = z.infer<typeof captureResponseSchema>;

/** A document side: data URL or base64 of a JPEG, PNG or PDF. */
const picture = z.string().min(1).max(16 * 1024 * 1024);

export const documentBodySchema = z
  .object({ front: picture.optional(), back: picture.optional(), source: z.enum(['camera', 'upload']), lang: z.enum(['pt-BR', 'en']).optional() })
  .refine((b) => b.front || b.back, { message: 'Send front, back or both.', path: ['front'] });
export type DocumentBody = z.input<typeof documentBodySchema>;

export const challengeResponseSchema = z.object({ token: z.string(), action: z.enum(['turn_left', 'turn_right', 'come_closer']), expiresAt: z.string() });
export type ChallengeResponse = z.infer<typeof challengeResponseSchema>;

export const selfieBodySchema = z.object({
  challenge: z.string().min(1).max(4096),
  frames: z
    .array(z.object({ image: picture.max(4 * 1024 * 1024), at: z.number().int().nonnegative() }))
    .min(3)
    .max(12),
  lang: z.enum(['pt-BR', 'en']).optional(),
});
export type SelfieBody = z.input<typeof selfieBodySchema>;

export const handoffResponseSchema = z.object({ url: z.url(), qrSvg: z.string(), expiresAt: z.string() });
export type HandoffResponse = z.infer<typeof handoffResponseSchema>;

/** What the phone of a handoff is doing, told to its desktop. */
export const deviceActivitySchema = z.enum(DEVICE_ACTIVITIES);
export type DeviceActivity = z.infer<typeof deviceActivitySchema>;
export const activityBodySchema = z.object({ activity: deviceActivitySchema });

/** Where the process stands, polled by a page that handed off to a phone. */
export const stateResponseSchema = z.object({
  stage: z.string(),
  status: z.string(),
  phone: z
    .object({
      connected: z.boolean(),
      activity: deviceActivitySchema.optional(),
      attempts: z.number().int(),
      retry: z.array(z.object({ slot: z.string(), reason: z.string() })).optional(),
    })
    .optional()
    .meta({ description: 'For a desktop that handed the process to a phone: whether the phone opened the link, what it is doing now (capturing, sending), attempts sent, what was asked again.' }),
});
export type StateResponse = z.infer<typeof stateResponseSchema>;
