import crypto from 'node:crypto';
import os from 'node:os';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { getDb, schema } from '../db';
import { getLogger } from '../log';

/** This process as a lease owner: host, pid and a random part (a container restart reuses host and pid 1). */
export const WORKER_ID = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
export const HEARTBEAT_SECONDS = 5;
/** Silent this long, a worker on another host is taken for dead (four missed beats). */
export const DEAD_AFTER_SECONDS = 20;

let timer: NodeJS.Timeout | undefined;
/** Whether this process wrote its worker row: a process that never beat has nothing to delete (and need not open the database to leave). */
let registered = false;

const pidAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

async function beat(): Promise<void> {
  const db = await getDb();
  await db
    .insert(schema.workers)
    .values({ id: WORKER_ID, hostname: os.hostname(), pid: process.pid })
    .onConflictDoUpdate({ target: schema.workers.id, set: { beatAt: sql`now()` } });
  registered = true;
}

/**
 * Removes workers that are gone, so their leases are free at once: on this
 * host, those whose process no longer exists or whose pid is now ours; on any
 * host, those silent for DEAD_AFTER_SECONDS. Returns how many were removed.
 */
export async function buryDeadWorkers(): Promise<number> {
  const db = await getDb();
  const w = schema.workers;
  const here = await db.select({ id: w.id, pid: w.pid }).from(w).where(and(eq(w.hostname, os.hostname()), ne(w.id, WORKER_ID)));
  const gone = here.filter((r) => r.pid === process.pid || !pidAlive(r.pid)).map((r) => r.id);
  let buried = 0;
  for (const id of gone) buried += (await db.delete(w).where(eq(w.id, id)).returning({ id: w.id })).length;
  buried += (await db.delete(w).where(and(ne(w.id, WORKER_ID), lt(w.beatAt, sql`now() - make_interval(secs => ${DEAD_AFTER_SECONDS})`))).returning({ id: w.id })).length;
  if (buried) getLogger().info({ buried }, 'leases of gone workers freed');
  return buried;
}

/** Registers this process as a worker and buries the dead: call before the start-time sweeps, which then find their work free. */
export async function joinWorkers(): Promise<void> {
  await beat();
  await buryDeadWorkers();
}

/** Beats every HEARTBEAT_SECONDS; each beat also buries the dead and calls `onBuried` (to sweep their work at once). */
export async function startHeartbeat(onBuried: () => Promise<void>): Promise<void> {
  await beat();
  if (timer) return;
  timer = setInterval(() => {
    void (async () => {
      await beat();
      if (await buryDeadWorkers()) await onBuried();
    })().catch((err) => getLogger().warn({ err }, 'worker heartbeat failed'));
  }, HEARTBEAT_SECONDS * 1000);
  timer.unref();
}

/** Leaves cleanly: its leases were released by the runs that ended. */
export async function stopHeartbeat(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = undefined;
  if (!registered) return;
  registered = false;
  const db = await getDb();
  await db.delete(schema.workers).where(eq(schema.workers.id, WORKER_ID)).catch(() => undefined);
}
