import { defineJob } from '@/lib/platform/jobs';
import { getLogger } from '../../platform/log';
import { expireDue } from './lifecycle';

/** Every minute: processes past their lifetime become EXPIRED and fire step.expired. */
export const expireStepsJob = defineJob({
  queue: 'steps.expire',
  cron: '* * * * *',
  retryLimit: 0,
  async handler() {
    const n = await expireDue();
    if (n) getLogger().info({ expired: n }, 'step processes expired');
  },
});
