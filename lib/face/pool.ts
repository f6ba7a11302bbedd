import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { getConfig } from '../config';

/** One face as the model worker reports it, in pixels of the image it was given. */
export interface RawFace {
  box: [number, number, number, number];
  /** Detector confidence 0..1 (0 when the whole image was taken as the face). */
  score: number;
  /** 68 points (iBUG layout). */
  landmarks: [number, number][];
  /** 128-d dlib ResNet descriptor (euclidean distance compares faces). */
  descriptor: number[];
}

export interface FaceJob {
  rgb: Buffer;
  width: number;
  height: number;
  /** `detect`: find every face; `whole`: the image is one tight face crop. */
  op: 'detect' | 'whole';
  minConfidence?: number;
  /** `tiny`: fast detector for selfies; `ssd` (default): small and difficult faces. */
  detector?: 'tiny' | 'ssd';
}

/** Milliseconds the workers spent, summed over every job since the pool started. */
export interface FaceStageTotals {
  /** Finding faces: detector and 68 landmarks. */
  detectMs: number;
  /** Describing them: alignment and the 128-d descriptor. */
  embedMs: number;
  jobs: number;
}

interface Pending {
  resolve: (faces: RawFace[]) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  busy: boolean;
  pending?: Pending & { id: number };
}

/**
 * A fixed pool of model workers (worker threads, models loaded once each),
 * so inference never runs on the request event loop. A worker that dies is
 * replaced and its job fails instead of hanging.
 */
export class FacePool {
  private slots: Slot[];
  private queue: (() => void)[] = [];
  private nextId = 1;
  /** Read before and after a call made alone to see where its time went (the benchmark's stages). */
  readonly spent: FaceStageTotals = { detectMs: 0, embedMs: 0, jobs: 0 };

  constructor(size: number) {
    this.slots = Array.from({ length: size }, () => this.spawn());
  }

  get size() {
    return this.slots.length;
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(path.join(process.cwd(), 'workers', 'face.mjs'), { workerData: { root: process.cwd() } }), busy: false };
    slot.worker.on('message', (m: { id: number; ok: boolean; faces?: RawFace[]; error?: string; ms?: { detect: number; embed: number } }) => {
      const p = slot.pending;
      if (!p || p.id !== m.id) return;
      slot.pending = undefined;
      if (m.ms) {
        this.spent.detectMs += m.ms.detect;
        this.spent.embedMs += m.ms.embed;
        this.spent.jobs++;
      }
      if (m.ok) p.resolve(m.faces!);
      else p.reject(new Error(m.error));
    });
    slot.worker.on('error', (err) => this.fail(slot, err));
    slot.worker.on('exit', (code) => code !== 0 && this.fail(slot, new Error(`face worker exited (${code})`)));
    return slot;
  }

  private fail(slot: Slot, err: Error) {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    slot.pending?.reject(err);
    this.slots[index] = this.spawn();
    this.release(this.slots[index]!);
  }

  private async acquire(): Promise<Slot> {
    for (;;) {
      const free = this.slots.find((s) => !s.busy);
      if (free) {
        free.busy = true;
        return free;
      }
      await new Promise<void>((resolve) => this.queue.push(resolve));
    }
  }

  private release(slot: Slot) {
    slot.busy = false;
    this.queue.shift()?.();
  }

  async run(job: FaceJob): Promise<RawFace[]> {
    const slot = await this.acquire();
    try {
      return await new Promise<RawFace[]>((resolve, reject) => {
        const id = this.nextId++;
        slot.pending = { id, resolve, reject };
        const rgb = new Uint8Array(job.rgb).buffer;
        slot.worker.postMessage({ id, op: job.op, rgb, width: job.width, height: job.height, minConfidence: job.minConfidence, detector: job.detector }, [rgb]);
      });
    } finally {
      if (this.slots.includes(slot)) this.release(slot);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}

const KEY = Symbol.for('atesta.facePool');
type Holder = { [KEY]?: FacePool };

/** The process-wide pool, sized to the CPU count unless FACE_WORKERS says otherwise. */
export function facePool(): FacePool {
  const holder = globalThis as Holder;
  holder[KEY] ??= new FacePool(getConfig().FACE_WORKERS ?? Math.max(1, os.availableParallelism()));
  return holder[KEY];
}

export async function closeFacePool(): Promise<void> {
  const holder = globalThis as Holder;
  const pool = holder[KEY];
  delete holder[KEY];
  await pool?.close();
}
