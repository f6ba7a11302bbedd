import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { extractDocument, warmMrzThread } from '../engines/documents';
import { facePool, warmPadThreads } from '../engines/face';
import { ocrPool } from '../engines/ocr';
import { getConfig } from '../platform/config';
import { getLogger } from '../platform/log';

/**
 * A synthetic opened CNH (scripts/synth: a fictitious holder, a silhouette for a portrait, its QR code) read once at boot.
 * An opened CNH takes the most paths of the document engine: two cards, a QR code, labels, names, dates and numbers.
 */
export const WARM_DOCUMENT = path.join(process.cwd(), 'lib', 'ops', 'warm-document.jpg');

/** The longest the boot waits for the warm-up (it takes about 2.5 s on 2 cores). */
const WARM_UP_LIMIT_MS = 30_000;

/** Reads the bundled document; resolves to the type it was placed as. */
export async function warmDocumentReading(): Promise<string> {
  const image = await readFile(WARM_DOCUMENT);
  return (await extractDocument(image.toString('base64'))).typeRecognized;
}

/**
 * Starts the OCR threads while the process boots and, unless WARM_ENGINES_ON_BOOT is false, warms what a first call
 * would otherwise pay for:
 * - the face threads: each loads its models and runs them once (workers/face.mjs). The first 4.7 call after a start
 *   took 3.1 s with the threads started on demand, 0.5 s with them started and warm, 0.2–0.35 s for the next calls;
 * - the liveness signal threads, each measuring a plain frame (the first 4.8 call: 1.17 s, the next 0.3–0.4 s);
 * - the thread that judges a garbled zone's mixed readings, judging one zone (it loads its code on its first call);
 * - one document read. Loading Tesseract and its Portuguese model takes one to two seconds, and the first reading
 *   after that runs the engine's code, the OCR threads' recogniser and the QR decoder cold: on an opened CNH, the
 *   first call of a process took 2.2–2.4 s against 1.3–1.6 s once warm, most of it in what the processes share (the
 *   OCR threads, native code). It spent that call's time budget, so the first document read after every restart
 *   lost its fallbacks (an upside-down page read as nothing; a second parent not looked for).
 */
export function warmEngines(): Promise<void> {
  ocrPool();
  if (!getConfig().WARM_ENGINES_ON_BOOT) return Promise.resolve();
  facePool();
  const pad = warmPadThreads().catch((err) => getLogger().warn({ err }, 'warming the liveness signal threads failed'));
  const mrz = warmMrzThread().catch((err) => getLogger().warn({ err }, 'warming the machine-readable zone thread failed'));
  const started = performance.now();
  const document = warmDocumentReading().then(
    (type) => getLogger().info({ ms: Math.round(performance.now() - started), type }, 'document engine warm'),
    (err) => getLogger().warn({ err }, 'warming the document engine failed'),
  );
  // The web process listens once this settles: a warm-up that hangs must not keep it from serving.
  return waitAtMost(Promise.all([pad, mrz, document]), WARM_UP_LIMIT_MS, () =>
    getLogger().warn({ seconds: WARM_UP_LIMIT_MS / 1000 }, 'warming the engines is taking long; serving without waiting'),
  );
}

/** Settles when `work` does or once `limitMs` has passed, whichever comes first (`late` is told of the second); never rejects. */
export function waitAtMost(work: Promise<unknown>, limitMs: number, late: () => void): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      late();
      resolve();
    }, limitMs);
    timer.unref();
  });
  return Promise.race([work.then(() => undefined, () => undefined), limit]).then(() => clearTimeout(timer));
}
