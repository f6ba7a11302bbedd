import { purgeEndedSessions } from '../auth';
import { purgeExpiredBuckets } from '../http/rate-limit';
import { getLogger } from '../log';
import { defineJob } from '../jobs';

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
