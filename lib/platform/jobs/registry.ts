import type PgBoss from 'pg-boss';

export interface JobDefinition<T extends object = object> {
  queue: string;
  /** Cron schedule (UTC) for recurring jobs. */
  cron?: string;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How long a fetched job may stay active before pg-boss retries it (a crashed worker's job). */
  expireInSeconds?: number;
  batchSize?: number;
  /** Run at once when a gone worker is found (a sweep that takes over its leased work). */
  onWorkerLost?: boolean;
  handler: (data: T, job: PgBoss.Job<T>) => Promise<void>;
}

export const defineJob = <T extends object>(job: JobDefinition<T>) => job;

/** A job of any payload (the lists that workers are started with). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJob = JobDefinition<any>;
