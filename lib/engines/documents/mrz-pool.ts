import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { CallThread, processWide, WorkerPool, type Reply } from '../../platform/workers';
import type { MrzRead } from './mrz';
import { getLogger } from '../../platform/log';
import { affordsUntil, always, readMrzFromReadings, type AffordsMore } from './mrz-mix';

type MrzThread = CallThread<Reply & { read?: MrzRead }>;

const KEY = 'atesta.mrzPool';

/**
 * The process-wide thread that judges a zone's mixed readings (workers/mrz.mjs). One: a garbled zone is rare, and one
 * call's mixes run in turn anyway.
 */
function mrzPool(): WorkerPool<MrzThread> {
  return processWide(KEY, () => new WorkerPool<MrzThread>({
    size: 1,
    // Held open only while working: a script or a test that is done exits without closing the pool.
    spawn: (broken) => new CallThread(new Worker(path.join(process.cwd(), 'workers', 'mrz.mjs'), { workerData: { root: process.cwd() } }), broken, { holdsProcess: false }),
    terminate: (t) => t.worker.terminate(),
    replaceAfterError: () => false,
  }));
}

/**
 * `readMrzFromReadings` (mrz-mix.ts) on a thread of its own: each mix of a garbled zone runs the check-digit repair
 * search (tens of milliseconds each, 81 mixes of a TD1 took 3.2 s), which would hold the request's event loop. The
 * thread keeps the call's time by `more.until`; a `more` without one is asked once, now. Should the thread fail, the
 * zone is judged on the calling thread (within the same time).
 */
export async function mixedZone(readings: string[][], more: AffordsMore = always): Promise<MrzRead | undefined> {
  if (readings.length === 0) return undefined;
  const until = more.until ?? (more() ? Infinity : 0);
  try {
    return (await mrzPool().use((t) => t.call({ readings, until }))).read;
  } catch (err) {
    // A thread that died mid-call (the pool starts another): this zone is judged here rather than lost.
    getLogger().warn({ err }, 'the machine-readable zone thread failed; judging the zone on the calling thread');
    return readMrzFromReadings(readings, affordsUntil(until));
  }
}

/** Starts the thread (if not yet started): loading its code takes 0.26 s on an idle machine (1.5 s with both cores busy), time a document's reading has spent by the time it needs the thread. */
export function startMrzThread(): void {
  mrzPool();
}

/** Starts the thread and has it judge a zone once (its first call would otherwise load its code cold). */
export async function warmMrzThread(): Promise<void> {
  await mixedZone([['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10']]);
}
