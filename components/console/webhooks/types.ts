import type { getEvent, listEvents } from '@/lib/webhooks';
import type { Jsonified } from '../consoleApi';

export type EventPage = Jsonified<Awaited<ReturnType<typeof listEvents>>>;
export type EventSummary = EventPage['events'][number];
export type EventDetail = Jsonified<Awaited<ReturnType<typeof getEvent>>>;
export type Attempt = EventDetail['deliveryAttempts'][number];
