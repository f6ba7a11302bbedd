import { getBoss } from '@/lib/platform/jobs';
import { defineJob } from '@/lib/platform/jobs';
import { getLogger } from '../../platform/log';
import { deliverEvent, dueEvents, nextAttemptOf } from './delivery';

export const DELIVER_QUEUE = 'webhooks.deliver';

export const deliverJob = defineJob<{ eventId: string; manual?: boolean }>({
  queue: DELIVER_QUEUE,
  retryLimit: 3,
  retryDelaySeconds: 10,
  batchSize: 4,
  async handler({ eventId, manual }) {
    const outcome = await deliverEvent(eventId, { manual });
    if (outcome === 'retry' && !manual) {
      const at = await nextAttemptOf(eventId);
      if (at) await (await getBoss()).send(DELIVER_QUEUE, { eventId }, { startAfter: at });
    }
  },
});

/**
 * Safety net of the outbox: every minute, due events that have no job (the
 * process died after commit, before or during delivery) are queued again.
 */
export const sweepJob = defineJob({
  queue: 'webhooks.sweep',
  cron: '* * * * *',
  retryLimit: 0,
  async handler() {
    const due = await dueEvents();
    if (due.length === 0) return;
    await kickDelivery(due.map((d) => d.id));
    getLogger().info({ count: due.length }, 'webhook sweep queued due events');
  },
});

/** Queues delivery right after the producer's commit (best effort: the sweep covers a crash here). */
export async function kickDelivery(eventIds: string[], manual = false): Promise<void> {
  if (eventIds.length === 0) return;
  const boss = await getBoss();
  await boss.insert(eventIds.map((eventId) => ({ name: DELIVER_QUEUE, data: { eventId, manual } })));
}
