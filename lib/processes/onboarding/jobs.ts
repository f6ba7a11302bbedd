import { defineJob } from '@/lib/platform/jobs';
import { getLogger } from '../../platform/log';
import { runPipeline, strandedOnboardings } from './pipeline';
import { enqueuePipeline, PIPELINE_QUEUE } from './queue';
import { purgeExpiredMedia } from './retention';

/** One pipeline run; retried with backoff by pg-boss, bounded by ONBOARDING_MAX_ATTEMPTS. */
export const pipelineJob = defineJob<{ onboardingId: string }>({
  queue: PIPELINE_QUEUE,
  retryLimit: 6,
  retryDelaySeconds: 5,
  expireInSeconds: 15 * 60,
  async handler(data) {
    const outcome = await runPipeline(data.onboardingId);
    getLogger().debug({ onboardingId: data.onboardingId, outcome }, 'onboarding pipeline run');
  },
});

/** Queues again what a crashed or lost run left behind (runs at worker start, then every minute). */
export const pipelineSweepJob = defineJob({
  queue: 'onboarding-sweep',
  cron: '* * * * *',
  onWorkerLost: true,
  retryLimit: 0,
  async handler() {
    const ids = await strandedOnboardings();
    if (ids.length) {
      getLogger().info({ count: ids.length }, 'stranded onboardings queued again');
      await enqueuePipeline(ids);
    }
  },
});

/** Retention: daily purge of pictures and face templates past their period. */
export const retentionJob = defineJob({
  queue: 'onboarding-retention',
  cron: '17 3 * * *',
  retryLimit: 2,
  async handler() {
    await purgeExpiredMedia();
  },
});
