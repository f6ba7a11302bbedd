import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** A lease column free to take: never taken, or expired. */
export const leaseFree = (column: AnyColumn): SQL => sql`(${column} is null or ${column} < now())`;

/**
 * A lease free to take: expired, or held by a worker that is gone (its row in
 * `workers` was removed as dead). A lease without an owner waits for expiry.
 */
export const leaseTakeable = (until: AnyColumn, owner: AnyColumn): SQL =>
  sql`(${leaseFree(until)} or (${owner} is not null and not exists (select 1 from workers w where w.id = ${owner})))`;

/** The end of a lease taken now for `seconds`. */
export const leaseFor = (seconds: number): SQL => sql`now() + make_interval(secs => ${seconds})`;

/** A unique-index violation (SQLSTATE 23505), from node-postgres or through drizzle's wrapper. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505' || /duplicate key|unique/i.test(`${e?.message ?? ''} ${e?.cause?.message ?? ''}`);
}

/**
 * Renews a lease every third of its length while work goes on; call the
 * returned function when done. A renewal that fails is left to the next one.
 */
export function keepLease(renew: () => Promise<unknown>, leaseSeconds: number): () => void {
  const timer = setInterval(() => void renew().catch(() => undefined), (leaseSeconds * 1000) / 3);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * The database went away (refused, reset, terminated, administrator shutdown,
 * connection timeout), from node-postgres or through drizzle's wrapper: a
 * transient condition to retry, not a bug.
 */
export function isConnectionLost(err: unknown): boolean {
  const lost = (e: { code?: string; message?: string } | undefined) =>
    ['ECONNREFUSED', 'ECONNRESET', 'ENOENT', 'EPIPE', '57P01', '57P02', '57P03', '08006', '08001', '08003'].includes(e?.code ?? '') ||
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(e?.message ?? '');
  const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  return lost(e) || lost(e?.cause);
}
