import type { z } from 'zod';
import type { eventDetailSchema, eventPageSchema } from '@/lib/api/contracts/webhooks';

/** GET /services/api/v1/webhooks/events and /events/{id} as the browser receives them (their contracts' schemas). */
export type EventPage = z.infer<typeof eventPageSchema>;
export type EventSummary = EventPage['events'][number];
export type EventDetail = z.infer<typeof eventDetailSchema>;
export type Attempt = EventDetail['deliveryAttempts'][number];
