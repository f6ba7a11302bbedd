import { describe, expect, it } from 'vitest';
import { WorkerPool } from '.';

/** Fake workers: numbered as spawned, with their `broken` callback kept so a test can kill one. */
function fakes() {
  const made: { n: number; broken: (e: Error) => void; terminated: boolean }[] = [];
  return {
    made,
    spawn: (broken: (e: Error) => void) => {
      const w = { n: made.length + 1, broken, terminated: false };
      made.push(w);
      return w;
    },
    terminate: (w: { terminated: boolean }) => void (w.terminated = true),
  };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('worker pool (OCR and face)', () => {
  it('runs at most `size` jobs at once and queues the rest in order', async () => {
    const f = fakes();
    const pool = new WorkerPool({ size: 2, spawn: f.spawn, terminate: f.terminate });
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const job = (i: number) =>
      pool.use(async () => {
        most = Math.max(most, ++running);
        await tick();
        order.push(i);
        running--;
        return i;
      });
    expect(await Promise.all([1, 2, 3, 4, 5].map(job))).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(f.made).toHaveLength(2);
  });

  it('recycles a worker after N jobs and replaces it after a failed job', async () => {
    const f = fakes();
    const pool = new WorkerPool({ size: 1, recycleAfter: 3, spawn: f.spawn, terminate: f.terminate });
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) await pool.use(async (w) => void seen.push(w.n));
    expect(seen).toEqual([1, 1, 1, 2]);
    await expect(pool.use(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await pool.use(async (w) => void seen.push(w.n));
    expect(seen.at(-1)).toBe(3);
    await tick();
    expect(f.made.slice(0, 2).every((w) => w.terminated)).toBe(true);
  });

  it('keeps the worker after a job error when told to, and replaces one that dies on its own (not after close)', async () => {
    const f = fakes();
    const pool = new WorkerPool({ size: 1, spawn: f.spawn, terminate: f.terminate, replaceAfterError: () => false });
    await expect(pool.use(async () => Promise.reject(new Error('no face')))).rejects.toThrow();
    expect(await pool.use(async (w) => w.n)).toBe(1);
    f.made[0]!.broken(new Error('exited'));
    expect(await pool.use(async (w) => w.n)).toBe(2);
    // A worker already replaced dying later changes nothing.
    f.made[0]!.broken(new Error('exited again'));
    expect(await pool.use(async (w) => w.n)).toBe(2);
    await pool.close();
    f.made[1]!.broken(new Error('terminated'));
    expect(f.made).toHaveLength(2);
  });
});
