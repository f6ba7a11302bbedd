import type { Worker } from 'node:worker_threads';

/** What a worker script posts back for a call: its id, and the result or the error's message. */
export interface Reply {
  id: number;
  ok: boolean;
  error?: string;
}

/**
 * A worker thread (a plain .mjs under workers/) that takes one call at a time (a WorkerPool sees to that) and answers it by id.
 * If the thread dies, the call in flight fails and `broken` is told, so the
 * pool replaces it. With `holdsProcess: false` the thread keeps the process
 * alive only while a call is in flight (a script or a test that is done need
 * not close its pool to exit).
 */
export class CallThread<R extends Reply> {
  readonly worker: Worker;
  private nextId = 1;
  private pending?: { id: number; resolve: (reply: R) => void; reject: (err: Error) => void };
  private dead?: Error;

  /** `worker` is started by the caller, with its script's path written out: Next.js bundles each worker script it can see by name, and fails on one it cannot. */
  constructor(worker: Worker, broken: (err: Error) => void, private readonly opts: { holdsProcess?: boolean } = {}) {
    this.worker = worker;
    this.worker.on('message', (m: R) => {
      const p = this.pending;
      if (!p || p.id !== m.id) return;
      this.pending = undefined;
      this.idle();
      if (m.ok) p.resolve(m);
      else p.reject(new Error(m.error));
    });
    const die = (err: Error) => {
      this.dead = err;
      this.pending?.reject(err);
      this.pending = undefined;
      broken(err);
    };
    this.worker.on('error', die);
    this.worker.on('exit', (code) => code !== 0 && die(new Error(`worker thread exited (${code})`)));
    // After the listeners: adding a 'message' listener refs the thread's port again.
    this.idle();
  }

  private idle() {
    if (this.opts.holdsProcess === false) this.worker.unref();
  }

  /** Posts the call (its buffers in `transfer` are moved, not copied) and resolves with the thread's reply. */
  call(message: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<R> {
    if (this.dead) return Promise.reject(this.dead);
    return new Promise<R>((resolve, reject) => {
      const id = this.nextId++;
      this.pending = { id, resolve, reject };
      if (this.opts.holdsProcess === false) this.worker.ref();
      this.worker.postMessage({ ...message, id }, transfer);
    });
  }
}
