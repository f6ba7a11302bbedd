import { AsyncLocalStorage } from 'node:async_hooks';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { getConfig } from '../../platform/config';
import { CallThread, processWide, takeProcessWide, WorkerPool, type Reply } from '../../platform/workers';

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
  /** false: boxes and landmarks only, no template (set by `withoutTemplates`). */
  describe?: boolean;
}

const facesOnly = new AsyncLocalStorage<true>();

/**
 * Runs `fn` with every face job it starts answered without templates: a caller
 * that only needs where the face is (passive liveness) skips the descriptor,
 * about a fifth of a detection job. The faces it gets have an empty descriptor.
 */
export const withoutTemplates = <T>(fn: () => Promise<T>): Promise<T> => facesOnly.run(true, fn);
/** Whether the current call asked for faces without templates. */
export const templatesWanted = (): boolean => !facesOnly.getStore();

/** Milliseconds the workers spent, summed over every job since the pool started. */
export interface FaceStageTotals {
  /** Finding faces: detector and 68 landmarks. */
  detectMs: number;
  /** Describing them: alignment and the 128-d descriptor. */
  embedMs: number;
  jobs: number;
}

type FaceReply = Reply & { faces?: RawFace[]; ms?: { detect: number; embed: number } };

/** A face model thread (workers/face.mjs): one job at a time, its stage times added to `spent`. */
class FaceThread {
  private readonly thread: CallThread<FaceReply>;

  constructor(private readonly spent: FaceStageTotals, broken: (err: Error) => void) {
    this.thread = new CallThread<FaceReply>(new Worker(path.join(process.cwd(), 'workers', 'face.mjs'), { workerData: { root: process.cwd() } }), broken);
  }

  get worker() {
    return this.thread.worker;
  }

  async run(job: FaceJob): Promise<RawFace[]> {
    const rgb = new Uint8Array(job.rgb).buffer;
    const reply = await this.thread.call({ op: job.op, rgb, width: job.width, height: job.height, minConfidence: job.minConfidence, detector: job.detector, describe: job.describe }, [rgb]);
    if (reply.ms) {
      this.spent.detectMs += reply.ms.detect;
      this.spent.embedMs += reply.ms.embed;
      this.spent.jobs++;
    }
    return reply.faces!;
  }
}

/**
 * The face model threads (models loaded once each) in the shared worker pool
 * (lib/platform/workers): a thread that dies is replaced and its call fails instead of
 * hanging; a job's own error keeps the thread.
 */
export class FacePool {
  private pool: WorkerPool<FaceThread>;
  /** Read before and after a call made alone to see where its time went (the benchmark's stages). */
  readonly spent: FaceStageTotals = { detectMs: 0, embedMs: 0, jobs: 0 };

  constructor(size: number) {
    this.pool = new WorkerPool({
      size,
      spawn: (broken) => new FaceThread(this.spent, broken),
      terminate: (t) => t.worker.terminate(),
      replaceAfterError: () => false,
    });
  }

  get size() {
    return this.pool.size;
  }

  run(job: FaceJob): Promise<RawFace[]> {
    const describe = job.describe ?? templatesWanted();
    return this.pool.use((thread) => thread.run({ ...job, describe }));
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

const KEY = 'atesta.facePool';

/** Face threads per process: FACE_WORKERS, else the CPU count. */
export const faceThreadCount = (): number => getConfig().FACE_WORKERS ?? Math.max(1, os.availableParallelism());

/** The process-wide pool of faceThreadCount() threads. */
export function facePool(): FacePool {
  return processWide(KEY, () => new FacePool(faceThreadCount()));
}

export async function closeFacePool(): Promise<void> {
  await takeProcessWide<FacePool>(KEY)?.close();
}
