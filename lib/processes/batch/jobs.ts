import { defineJob } from '@/lib/platform/jobs';
import { getLogger } from '../../platform/log';
import { runDoc, strandedDocs } from './process';
import { enqueueDocs, IMPORT_DOC_QUEUE } from './queue';

/** One document's analysis; retried with backoff, bounded by IMPORT_MAX_ATTEMPTS. */
export const importDocJob = defineJob<{ docId: string }>({
  queue: IMPORT_DOC_QUEUE,
  retryLimit: 4,
  retryDelaySeconds: 5,
  expireInSeconds: 15 * 60,
  async handler(data) {
    await runDoc(data.docId);
  },
});

/** Queues again the documents a crashed or lost run left behind (at worker start, then every minute). */
export const importSweepJob = defineJob({
  queue: 'import-sweep',
  cron: '* * * * *',
  onWorkerLost: true,
  retryLimit: 0,
  async handler() {
    const ids = await strandedDocs();
    if (ids.length) {
      getLogger().info({ count: ids.length }, 'import documents queued again');
      await enqueueDocs(ids);
    }
  },
});
