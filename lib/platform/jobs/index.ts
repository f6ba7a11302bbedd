import type PgBoss from 'pg-boss';
import { getLogger } from '../log';
import { getBoss, stopBoss } from './boss';
import { joinWorkers, startHeartbeat, stopHeartbeat } from './identity';
import type { AnyJob, JobDefinition } from './registry';

export { getBoss, stopBoss } from './boss';
export { defineJob, type AnyJob, type JobDefinition } from './registry';
export { WORKER_ID, buryDeadWorkers } from './identity';

async function ensureQueue(boss: PgBoss, job: JobDefinition): Promise<void> {
  await boss.createQueue(job.queue, {
    name: job.queue,
    retryLimit: job.retryLimit ?? 5,
    retryDelay: job.retryDelaySeconds ?? 30,
    retryBackoff: true,
    ...(job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {}),
  });
}

/** Queues exist before anything is sent to them, in web processes too. */
export async function ensureQueues(jobs: readonly AnyJob[]): Promise<void> {
  const boss = await getBoss();
  for (const job of jobs) await ensureQueue(boss, job);
}

/** A fetched batch, one job after another; a failure is logged and thrown for pg-boss to retry. */
async function runBatch(job: AnyJob, batch: PgBoss.Job<unknown>[]): Promise<void> {
  const log = getLogger();
  for (const item of batch) {
    const started = performance.now();
    try {
      await job.handler(item.data as object, item as PgBoss.Job<object>);
      log.debug({ queue: job.queue, jobId: item.id, ms: Math.round(performance.now() - started) }, 'job done');
    } catch (err) {
      log.warn({ queue: job.queue, jobId: item.id, err }, 'job failed; pg-boss will retry');
      throw err;
    }
  }
}

/**
 * Starts consuming the given queues in this process (the service's list is
 * composed in lib/ops/workers.ts) (in-process worker of the web
 * server, or `npm run worker`). Returns the number of queues served.
 */
export async function startWorkers(jobs: readonly AnyJob[]): Promise<number> {
  const boss = await getBoss();
  // First: workers gone since the last start have their leases freed before the start-time sweeps below.
  await joinWorkers();
  for (const job of jobs) {
    await ensureQueue(boss, job);
    // pg-boss waits out its polling interval after every fetch, even one that found work: a queue of quick jobs would
    // drain at one batch a second. A worker that just finished a batch asks again at once; an empty fetch waits.
    let workerId = '';
    workerId = await boss.work(job.queue, { batchSize: job.batchSize ?? 1, pollingIntervalSeconds: 1 }, async (batch) => {
      try {
        await runBatch(job, batch);
      } finally {
        if (workerId) boss.notifyWorker(workerId);
      }
    });
    if (job.cron) {
      await boss.schedule(job.queue, job.cron, {}, { tz: 'UTC' });
      // Run each periodic job once at start too: a restart catches up at once (e.g. the webhook sweep).
      await boss.send(job.queue, {});
    }
  }
  // After the queues: a worker found gone later has its work swept at once.
  await startHeartbeat(async () => {
    for (const job of jobs) if (job.onWorkerLost) await boss.send(job.queue, {});
  });
  return jobs.length;
}

export async function stopWorkers(): Promise<void> {
  await stopHeartbeat();
  await stopBoss();
}
