import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb, leaseTakeable, schema } from '../db';
import { backends, createTestDatabase, type TestDatabase } from '../../testing';
import { buryDeadWorkers, startHeartbeat, stopHeartbeat, WORKER_ID } from './identity';

describe.each(backends())('worker identity and heartbeat on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(async () => {
    await stopHeartbeat();
    await db.close();
  });

  it('buries gone workers (no such process here, our own pid, or silent elsewhere) and frees their leases; keeps the living', async () => {
    let swept = 0;
    await startHeartbeat(async () => void swept++);
    const d = await getDb();
    const w = schema.workers;
    await d.insert(w).values([
      { id: 'here:dead', hostname: os.hostname(), pid: 2 ** 22 + 1 }, // above pid_max: no such process
      { id: 'here:ourpid', hostname: os.hostname(), pid: process.pid },
      { id: 'there:silent', hostname: 'other-host', pid: 10, beatAt: sql`now() - interval '60 seconds'` },
      { id: 'there:alive', hostname: 'other-host', pid: 11 },
    ]);
    // A lease far from expiry, held by a dead worker, and one by a living worker.
    const lease = (owner: string) => sql`select ${leaseTakeable(sql`now() + interval '120 seconds'` as never, sql`${owner}::text` as never)} as free`;
    const free = async (owner: string) => ((await d.execute<{ free: boolean }>(lease(owner))).rows[0] as { free: boolean }).free;
    expect(await free('here:dead')).toBe(false);
    expect(await buryDeadWorkers()).toBe(3);
    expect((await d.select({ id: w.id }).from(w)).map((r) => r.id).sort()).toEqual([WORKER_ID, 'there:alive'].sort());
    expect(await free('here:dead')).toBe(true);
    expect(await free('there:alive')).toBe(false);
    expect(await free(WORKER_ID)).toBe(false);
    await stopHeartbeat();
    expect(await d.select().from(w).where(eq(w.id, WORKER_ID))).toEqual([]);
    expect(swept).toBe(0);
  });

  it('a process that has not beaten since it left does not touch the database when it leaves again', async () => {
    const d = await getDb();
    const w = schema.workers;
    // A row under our id that this process did not write (stopHeartbeat above already removed ours): leaving must not look for it.
    await d.insert(w).values({ id: WORKER_ID, hostname: os.hostname(), pid: process.pid });
    await stopHeartbeat();
    expect(await d.select({ id: w.id }).from(w).where(eq(w.id, WORKER_ID))).toHaveLength(1);
    await d.delete(w).where(eq(w.id, WORKER_ID));
  });
});
