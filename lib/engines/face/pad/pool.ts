import path from 'node:path';
import sharp from 'sharp';
import { Worker } from 'node:worker_threads';
import { CallThread, processWide, takeProcessWide, WorkerPool, type Reply } from '../../../platform/workers';
import { faceThreadCount } from '../pool';
import type { PadSignals } from './signals';

type Box = [number, number, number, number];
type PadThread = CallThread<Reply & { signals?: PadSignals }>;

const KEY = 'atesta.padPool';

/** The process-wide signals threads (workers/pad.mjs), as many as the face model threads. */
function padPool(): WorkerPool<PadThread> {
  return processWide(KEY, () => new WorkerPool<PadThread>({
    size: faceThreadCount(),
    // Held open only while working: a script or a test that is done exits without closing the pool.
    spawn: (broken) => new CallThread(new Worker(path.join(process.cwd(), 'workers', 'pad.mjs'), { workerData: { root: process.cwd() } }), broken, { holdsProcess: false }),
    terminate: (t) => t.worker.terminate(),
    replaceAfterError: () => false,
  }));
}

/** Which signals a thread measures: the grid measures and the rest are about even halves of the work. */
type Part = 'grids' | 'rest';

function measure(png: Buffer, width: number, height: number, box: Box, part: Part): Promise<Partial<PadSignals>> {
  const bytes = new Uint8Array(png).buffer;
  return padPool()
    .use((t) => t.call({ png: bytes, width, height, box, part }, [bytes]))
    .then((reply) => reply.signals!);
}

/**
 * padSignals (./signals.ts) on worker threads: the request's event loop stays
 * free. With the grid measures, they and the rest go to two threads at once
 * (one call at a time then takes about half as long; under load the pool
 * queues them like any other call).
 */
export async function padSignalsOffThread(png: Buffer, width: number, height: number, box: Box, opts: { grids?: boolean } = {}): Promise<PadSignals> {
  if (opts.grids === false) return (await measure(png, width, height, box, 'rest')) as PadSignals;
  const [rest, grids] = await Promise.all([measure(png, width, height, box, 'rest'), measure(png, width, height, box, 'grids')]);
  return { ...rest, ...grids } as PadSignals;
}

/**
 * Starts the signal threads and has them measure a plain noisy frame, both halves of the work twice over: their first
 * measurement ran the signals' code cold (the first 4.8 over HTTP after a start took 1.17–1.28 s, 0.87–0.98 s with the
 * threads warm, the next calls 0.3–0.56 s).
 */
export async function warmPadThreads(): Promise<void> {
  const [width, height] = [320, 240];
  const grey = Buffer.alloc(width * height * 3);
  for (let i = 0; i < grey.length; i++) grey[i] = 96 + ((i * 2654435761) >>> 27);
  const png = await sharp(grey, { raw: { width, height, channels: 3 } }).png().toBuffer();
  const box: Box = [100, 60, 120, 140];
  await Promise.all([0, 1].map(() => padSignalsOffThread(png, width, height, box)));
}

export async function closePadPool(): Promise<void> {
  await takeProcessWide<WorkerPool<PadThread>>(KEY)?.close();
}
