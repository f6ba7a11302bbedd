import path from 'node:path';
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

/** padSignals (./signals.ts) on a worker thread: the request's event loop stays free. */
export async function padSignalsOffThread(png: Buffer, width: number, height: number, box: Box, opts: { grids?: boolean } = {}): Promise<PadSignals> {
  const bytes = new Uint8Array(png).buffer;
  const reply = await padPool().use((t) => t.call({ png: bytes, width, height, box, grids: opts.grids !== false }, [bytes]));
  return reply.signals!;
}

export async function closePadPool(): Promise<void> {
  await takeProcessWide<WorkerPool<PadThread>>(KEY)?.close();
}
