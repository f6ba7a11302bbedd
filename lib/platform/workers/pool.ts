/**
 * A fixed pool of workers (threads that hold loaded models: OCR, face), so
 * heavy work never runs on the request event loop. Calls queue for a free
 * worker; a worker is replaced after `recycleAfter` jobs (long-lived ones
 * grow in memory), after a failed job when `replaceAfterError` says so, and
 * at once when it reports itself broken (its thread died), so a call fails
 * instead of hanging and the next one gets a fresh worker.
 *
 * With `ready`, a worker due for recycling keeps taking jobs until its
 * replacement is ready: starting a Tesseract thread takes about half a second
 * and its first reading is slow, and a job that waited for them spent its
 * document's time budget (one call in about fifty lost its fallbacks).
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
  /** Settles when a new worker can take a job quickly (loaded and warmed); a recycled worker serves until then. */
  ready?: (worker: W) => Promise<unknown>;
}

interface Slot<W> {
  worker: W;
  jobs: number;
  busy: boolean;
  /** A replacement being readied for a recycle (the slot's worker serves meanwhile). */
  next?: W;
  /** The replacement is ready: it takes over when the slot is next free. */
  nextReady?: boolean;
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

  /** A new worker in the slot; the old one (and a replacement being readied) is terminated in the background. */
  private replace(slot: Slot<W>) {
    const old = [slot.worker, slot.next];
    slot.next = undefined;
    slot.nextReady = false;
    this.attach(slot);
    slot.jobs = 0;
    for (const w of old) if (w !== undefined) this.retire(w);
  }

  private retire(worker: W) {
    void Promise.resolve()
      .then(() => this.options.terminate(worker))
      .catch(() => undefined);
  }

  /** Recycling with `ready`: the replacement starts now and takes over once ready; if it fails, the old worker serves another round. */
  private recycle(slot: Slot<W>) {
    const ready = this.options.ready;
    if (!ready) return this.replace(slot);
    if (slot.next !== undefined) return;
    // (A replacement that dies before it takes over is dropped; the slot's worker keeps serving and recycling starts again.)
    const next: W = this.options.spawn(() => {
      if (slot.next === next) {
        slot.next = undefined;
        slot.nextReady = false;
      } else if (slot.worker === next && !this.closed) this.replace(slot);
    });
    slot.next = next;
    slot.nextReady = false;
    ready(next).then(
      () => {
        if (slot.next !== next || this.closed) return;
        slot.nextReady = true;
        if (!slot.busy) this.takeOver(slot);
      },
      () => {
        if (slot.next !== next) return;
        slot.next = undefined;
        slot.jobs = 0;
        this.retire(next);
      },
    );
  }

  /** The readied replacement becomes the slot's worker; the old one is terminated. */
  private takeOver(slot: Slot<W>) {
    const old = slot.worker;
    slot.worker = slot.next!;
    slot.next = undefined;
    slot.nextReady = false;
    slot.jobs = 0;
    this.retire(old);
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
    if (slot.nextReady) this.takeOver(slot);
    else if (this.options.recycleAfter && slot.jobs >= this.options.recycleAfter) this.recycle(slot);
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
    const all = this.slots.flatMap((s) => (s.next === undefined ? [s.worker] : [s.worker, s.next]));
    await Promise.all(all.map((w) => Promise.resolve().then(() => this.options.terminate(w)).catch(() => undefined)));
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
