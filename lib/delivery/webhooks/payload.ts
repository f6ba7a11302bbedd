import { randomToken } from '../../platform/crypto';

export const WEBHOOK_EVENT_TYPES = [
  'onboarding.status_changed',
  'onboarding.completed',
  'step.completed',
  'step.expired',
  'step.canceled',
  'batch.completed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export interface WebhookPayload<T = unknown> {
  id: string;
  type: WebhookEventType;
  createdAt: string;
  /** Grows with every event of the integrator; for one subject, a later state has a higher number. */
  sequence: number;
  data: T;
}

export const newEventId = () => `msg_${randomToken(18)}`;

/** Image fields of result objects (selfieImage, documentImage, faceCrop, processedImage, image*). */
const IMAGE_KEY = /^(image[A-Z_]?\w*|\w*Image|faceCrop|photo\w*|selfie)$/;

/**
 * Biometric images never travel in a webhook: the receiver reads the result
 * by id with its credentials. Dropped at any depth.
 */
export function withoutImages<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutImages) as T;
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (!IMAGE_KEY.test(k)) out[k] = withoutImages(v);
  return out as T;
}
