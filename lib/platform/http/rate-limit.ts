import { sql } from 'drizzle-orm';
import { getDb } from '../db';
import { tooManyRequests } from '../errors';

export interface Window {
  limit: number;
  seconds: number;
}

/**
 * Fixed-window counter in the database, so every web process shares it.
 * Returns the count after this hit and the seconds left in the window.
 */
/** The fixed window `now` falls in, and the seconds left in it. */
function windowAt(window: Window, now: number): { start: Date; retryAfter: number } {
  const windowMs = window.seconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  return { start: new Date(start), retryAfter: (start + windowMs - now) / 1000 };
}

export async function hit(key: string, window: Window, now = Date.now()): Promise<{ count: number; retryAfter: number }> {
  const { start, retryAfter } = windowAt(window, now);
  const db = await getDb();
  const result = await db.execute<{ count: number }>(sql`
    insert into rate_limit_buckets (key, window_start, count) values (${key}, ${start}, 1)
    on conflict (key, window_start) do update set count = rate_limit_buckets.count + 1
    returning count`);
  return { count: Number(result.rows[0]?.count ?? 1), retryAfter };
}

/** Current count without counting a hit. */
export async function peek(key: string, window: Window, now = Date.now()): Promise<{ count: number; retryAfter: number }> {
  const { start, retryAfter } = windowAt(window, now);
  const db = await getDb();
  const result = await db.execute<{ count: number }>(
    sql`select count from rate_limit_buckets where key = ${key} and window_start = ${start}`,
  );
  return { count: Number(result.rows[0]?.count ?? 0), retryAfter };
}

/** Counts a hit and throws 429 with Retry-After when the window is full. */
export async function enforce(key: string, window: Window, what: string): Promise<void> {
  const { count, retryAfter } = await hit(key, window);
  if (count > window.limit) throw tooManyRequests(`Too many ${what}; try again in ${Math.ceil(retryAfter)} s.`, retryAfter);
}

/** Old windows are useless; the housekeeping job deletes them. */
export async function purgeExpiredBuckets(olderThanSeconds = 86400): Promise<number> {
  const db = await getDb();
  const result = await db.execute(sql`delete from rate_limit_buckets where window_start < now() - make_interval(secs => ${olderThanSeconds})`);
  return result.rowCount ?? 0;
}

export interface Quota {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

/** RateLimit-* response headers (IETF draft "RateLimit header fields for HTTP"). */
export function quotaHeaders(q: Quota): Record<string, string> {
  return { 'ratelimit-limit': String(q.limit), 'ratelimit-remaining': String(q.remaining), 'ratelimit-reset': String(q.resetSeconds) };
}

/**
 * The integrator's API quota (API_RATE_LIMIT_PER_MINUTE, counted in 10 s
 * windows so a burst cannot spend a whole minute's allowance at once).
 * Throws 429 beyond it; undefined when the quota is off.
 */
export async function spendApiQuota(integratorId: string, perMinute: number): Promise<Quota | undefined> {
  if (perMinute <= 0) return undefined;
  const window: Window = { limit: Math.max(1, Math.ceil(perMinute / 6)), seconds: 10 };
  const { count, retryAfter } = await hit(`api:${integratorId}`, window);
  const quota = { limit: window.limit, remaining: Math.max(0, window.limit - count), resetSeconds: Math.max(1, Math.ceil(retryAfter)) };
  if (count > window.limit) {
    const err = tooManyRequests(`This integrator's API quota (${perMinute} requests per minute) is spent; retry in ${quota.resetSeconds} s.`, retryAfter);
    Object.assign(err.headers, quotaHeaders(quota));
    throw err;
  }
  return quota;
}
