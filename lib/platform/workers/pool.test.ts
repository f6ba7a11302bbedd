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

describe('worker pool recycling with a readiness check', () => {
  /** Fake workers whose readiness a test settles by hand. */
  function readied() {
    const f = fakes();
    const gates = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
    const ready = (w: { n: number }) => new Promise<void>((resolve, reject) => gates.set(w.n, { resolve, reject }));
    return { ...f, gates, ready };
  }

  it('keeps the recycled worker serving until its replacement is ready, then hands over and terminates it', async () => {
    const f = readied();
    const pool = new WorkerPool({ size: 1, recycleAfter: 2, spawn: f.spawn, terminate: f.terminate, ready: f.ready });
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) await pool.use(async (w) => void seen.push(w.n));
    // Due after job 2: worker 2 is started but not ready, so worker 1 took jobs 3 and 4.
    expect(seen).toEqual([1, 1, 1, 1]);
    expect(f.made).toHaveLength(2);
    f.gates.get(2)!.resolve();
    await tick();
    await pool.use(async (w) => void seen.push(w.n));
    expect(seen.at(-1)).toBe(2);
    await tick();
    expect(f.made[0]!.terminated).toBe(true);
    expect(f.made[1]!.terminated).toBe(false);
  });

  it('hands over after the running job when the replacement gets ready during it', async () => {
    const f = readied();
    const pool = new WorkerPool({ size: 1, recycleAfter: 1, spawn: f.spawn, terminate: f.terminate, ready: f.ready });
    await pool.use(async () => undefined);
    const seen: number[] = [];
    await pool.use(async (w) => {
      f.gates.get(2)!.resolve();
      await tick();
      seen.push(w.n);
    });
    await pool.use(async (w) => void seen.push(w.n));
    expect(seen).toEqual([1, 2]);
  });

  it('drops a replacement that fails to get ready and keeps the old worker for another round', async () => {
    const f = readied();
    const pool = new WorkerPool({ size: 1, recycleAfter: 2, spawn: f.spawn, terminate: f.terminate, ready: f.ready });
    for (let i = 0; i < 2; i++) await pool.use(async () => undefined);
    f.gates.get(2)!.reject(new Error('model missing'));
    await tick();
    await tick();
    expect(f.made[1]!.terminated).toBe(true);
    const seen: number[] = [];
    for (let i = 0; i < 2; i++) await pool.use(async (w) => void seen.push(w.n));
    expect(seen).toEqual([1, 1]);
    // Another round of jobs, another try.
    expect(f.made).toHaveLength(3);
    await pool.close();
    expect(f.made.every((w) => w.terminated)).toBe(true);
  });
});

describe('worker pool recycling: a replacement that dies once ready', () => {
  it('is dropped before it takes over, and the slot keeps its serving worker', async () => {
    const made: { n: number; broken: (e: Error) => void; terminated: boolean }[] = [];
    const spawn = (broken: (e: Error) => void) => {
      const w = { n: made.length + 1, broken, terminated: false };
      made.push(w);
      return w;
    };
    const gates = new Map<number, () => void>();
    const ready = (w: { n: number }) => new Promise<void>((resolve) => gates.set(w.n, resolve));
    const pool = new WorkerPool({ size: 1, recycleAfter: 1, spawn, terminate: (w: { terminated: boolean }) => void (w.terminated = true), ready });
    const seen: number[] = [];
    await pool.use(async (w) => void seen.push(w.n));
    // Worker 2 gets ready while job 2 runs (so it waits for the slot to be free), then dies before it takes over.
    await pool.use(async (w) => {
      seen.push(w.n);
      gates.get(2)!();
      await tick();
      made[1]!.broken(new Error('exited'));
    });
    await pool.use(async (w) => void seen.push(w?.n));
    expect(seen).toEqual([1, 1, 1]);
  });
});
