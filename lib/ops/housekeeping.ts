import { purgeEndedSessions } from '../platform/auth';
import { purgeExpiredBuckets } from '@/lib/platform/http';
import { getLogger } from '../platform/log';
import { defineJob } from '../platform/jobs';

/** Deletes ended sessions (with their refresh tokens) and spent rate-limit windows. */
export const housekeeping = defineJob({
  queue: 'housekeeping',
  cron: '*/10 * * * *',
  retryLimit: 0,
  async handler() {
    const sessions = await purgeEndedSessions();
    const buckets = await purgeExpiredBuckets();
    getLogger().info({ sessions, buckets }, 'housekeeping done');
  },
});
