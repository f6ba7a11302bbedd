/**
 * A fixed pool of workers (threads that hold loaded models: OCR, face), so
 * heavy work never runs on the request event loop. Calls queue for a free
 * worker; a worker is replaced after `recycleAfter` jobs (long-lived ones
 * grow in memory), after a failed job when `replaceAfterError` says so, and
 * at once when it reports itself broken (its thread died), so a call fails
 * instead of hanging and the next one gets a fresh worker.
 */
export interface PoolOptions<W> {
  size: number;
  /** Starts one worker; `broken` is called if it dies on its own. */
  spawn: (broken: (err: Error) => void) => W;
  terminate: (worker: W) => Promise<unknown> | unknown;
  /** Jobs after which a worker is replaced (default: never). */
  recycleAfter?: number;
  /** Whether a job's error means its worker must go (default: always). */
  replaceAfterError?: (err: unknown) => boolean;
}

interface Slot<W> {
  worker: W;
  jobs: number;
  busy: boolean;
}

export class WorkerPool<W> {
  private slots: Slot<W>[];
  private queue: (() => void)[] = [];
  private closed = false;

  constructor(private readonly options: PoolOptions<W>) {
    this.slots = Array.from({ length: options.size }, () => this.fresh());
  }

  get size() {
    return this.slots.length;
  }

  /** Calls waiting for a free worker. */
  get pending() {
    return this.queue.length;
  }

  private fresh(): Slot<W> {
    const slot = { jobs: 0, busy: false } as Slot<W>;
    this.attach(slot);
    return slot;
  }

  /** Starts the slot's worker; if it later dies while still the slot's (not one replaced or closed by us), the slot gets another. */
  private attach(slot: Slot<W>) {
    const worker: W = this.options.spawn(() => {
      if (slot.worker === worker && !this.closed) this.replace(slot);
    });
    slot.worker = worker;
  }

  /** A new worker in the slot; the old one is terminated in the background. */
  private replace(slot: Slot<W>) {
    const old = slot.worker;
    this.attach(slot);
    slot.jobs = 0;
    void Promise.resolve()
      .then(() => this.options.terminate(old))
      .catch(() => undefined);
  }

  private async acquire(): Promise<Slot<W>> {
    for (;;) {
      const free = this.slots.find((s) => !s.busy);
      if (free) {
        free.busy = true;
        return free;
      }
      await new Promise<void>((resolve) => this.queue.push(resolve));
    }
  }

  private release(slot: Slot<W>) {
    slot.jobs++;
    if (this.options.recycleAfter && slot.jobs >= this.options.recycleAfter) this.replace(slot);
    slot.busy = false;
    this.queue.shift()?.();
  }

  /** Runs `job` on a free worker (waiting for one if all are busy). */
  async use<T>(job: (worker: W) => Promise<T>): Promise<T> {
    const slot = await this.acquire();
    try {
      return await job(slot.worker);
    } catch (err) {
      if (this.options.replaceAfterError?.(err) ?? true) this.replace(slot);
      throw err;
    } finally {
      this.release(slot);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => Promise.resolve().then(() => this.options.terminate(s.worker)).catch(() => undefined)));
  }
}

/** One pool per process under `key` (kept on globalThis, so Next.js's bundles and the tests share it), made on first use. */
export function processWide<P>(key: string, make: () => P): P {
  const holder = globalThis as unknown as Record<symbol, P | undefined>;
  const k = Symbol.for(key);
  holder[k] ??= make();
  return holder[k]!;
}

/** Removes the process-wide pool under `key` and returns it (to close). */
export function takeProcessWide<P>(key: string): P | undefined {
  const holder = globalThis as unknown as Record<symbol, P | undefined>;
  const k = Symbol.for(key);
  const pool = holder[k];
  delete holder[k];
  return pool;
}
