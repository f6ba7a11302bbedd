import { importDocJob, importSweepJob } from '../batch/jobs';
import { ensureQueues, startWorkers, type AnyJob } from '../jobs';
import { sendJob, sweepMessagesJob } from '../notify/jobs';
import { pipelineJob, pipelineSweepJob, retentionJob } from '../onboarding/jobs';
import { expireStepsJob } from '../steps/jobs';
import { deliverJob, sweepJob } from '../webhooks/jobs';
import { housekeeping } from './housekeeping';

/**
 * Every job of the service, in one place: the composition root. Capabilities
 * export their job definitions; `lib/jobs` runs whatever it is given and
 * knows nothing of the business.
 */
export const ALL_JOBS: readonly AnyJob[] = [housekeeping, deliverJob, sweepJob, sendJob, sweepMessagesJob, expireStepsJob, pipelineJob, pipelineSweepJob, retentionJob, importDocJob, importSweepJob];

/** Consumes every queue of the service in this process (the in-process worker, or `npm run worker`). */
export const startServiceWorkers = () => startWorkers(ALL_JOBS);

/** Creates every queue of the service (a web process that only sends). */
export const ensureServiceQueues = () => ensureQueues(ALL_JOBS);
