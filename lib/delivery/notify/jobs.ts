import { getBoss } from '@/lib/platform/jobs';
import { defineJob } from '@/lib/platform/jobs';
import { deliverMessage, stalledMessages } from './messages';

export const SEND_QUEUE = 'notify.send';

export const sendJob = defineJob<{ messageId: string }>({
  queue: SEND_QUEUE,
  retryLimit: 5,
  retryDelaySeconds: 5,
  batchSize: 4,
  async handler({ messageId }) {
    await deliverMessage(messageId);
  },
});

/** Re-queues messages whose job was lost (process died after commit). */
export const sweepMessagesJob = defineJob({
  queue: 'notify.sweep',
  cron: '* * * * *',
  retryLimit: 0,
  async handler() {
    await kickMessages(await stalledMessages());
  },
});

/** Queues sending right after the producer's commit. */
export async function kickMessages(messageIds: string[]): Promise<void> {
  if (messageIds.length === 0) return;
  const boss = await getBoss();
  await boss.insert(messageIds.map((messageId) => ({ name: SEND_QUEUE, data: { messageId } })));
}
