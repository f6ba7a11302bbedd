import { importDocJob, importSweepJob } from '@/lib/processes/batch';
import { ensureQueues, startWorkers, type AnyJob } from '../platform/jobs';
import { sendJob, sweepMessagesJob } from '@/lib/delivery/notify';
import { pipelineJob, pipelineSweepJob, retentionJob } from '@/lib/processes/onboarding';
import { expireStepsJob } from '@/lib/processes/steps';
import { deliverJob, sweepJob } from '@/lib/delivery/webhooks';
import { housekeeping } from './housekeeping';

/**
 * Every job of the service, in one place: the composition root. Capabilities
 * export their job definitions; `lib/platform/jobs` runs whatever it is given and
 * knows nothing of the business.
 */
export const ALL_JOBS: readonly AnyJob[] = [housekeeping, deliverJob, sweepJob, sendJob, sweepMessagesJob, expireStepsJob, pipelineJob, pipelineSweepJob, retentionJob, importDocJob, importSweepJob];

/** Consumes every queue of the service in this process (the in-process worker, or `npm run worker`). */
export const startServiceWorkers = () => startWorkers(ALL_JOBS);

/** Creates every queue of the service (a web process that only sends). */
export const ensureServiceQueues = () => ensureQueues(ALL_JOBS);
