import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { getConfig } from '../../platform/config';
import { epochNow, processWide, takeProcessWide, WorkerPool } from '../../platform/workers';

export type PageMode = 'block' | 'line' | 'word' | 'sparse' | 'auto';

export interface OcrJob {
  /** PNG or JPEG bytes. */
  image: Buffer;
  mode?: PageMode;
  /** Characters the engine may output (e.g. digits for a CPF field). */
  whitelist?: string;
  /**
   * When the reading must end, in milliseconds since the epoch (`performance.timeOrigin + performance.now()`): a reading
   * still running then is stopped, its thread replaced, and nothing is returned for it (`cut`).
   */
  deadline?: number;
}

export interface OcrWord {
  text: string;
  conf: number;
  /** [x, y, width, height] in pixels of the image that was read. */
  bbox: [number, number, number, number];
}

export interface OcrLine extends OcrWord {
  words: OcrWord[];
}

export interface OcrOutput {
  text: string;
  conf: number;
  lines: OcrLine[];
  /** The reading was stopped at its deadline (or not started, the deadline past): its text is missing, not empty. */
  cut?: boolean;
}

/** A reading stopped at its deadline (its thread is replaced: Tesseract cannot be interrupted any other way). */
class ReadingCut extends Error {}

/** A reading stopped (or never started) at its deadline. */
const cut = (): OcrOutput => ({ text: '', conf: 0, lines: [], cut: true });

const PSM_OF: Record<PageMode, PSM> = {
  block: PSM.SINGLE_BLOCK,
  line: PSM.SINGLE_LINE,
  word: PSM.SINGLE_WORD,
  sparse: PSM.SPARSE_TEXT,
  auto: PSM.AUTO,
};

type Box = { x0: number; y0: number; x1: number; y1: number };
const toBbox = (b: Box): [number, number, number, number] => [b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0];

/** Portuguese model from npm (`@tesseract.js-data/por`), never downloaded. */
function langPath(): string {
  return path.join(process.cwd(), 'node_modules', '@tesseract.js-data', 'por', '4.0.0_best_int');
}

/** A few dark strokes on white: enough for a first reading to run every stage of the recogniser. */
let warmPage: Promise<Buffer> | undefined;
function strokes(): Promise<Buffer> {
  warmPage ??= (() => {
    const [w, h] = [160, 40];
    const px = Buffer.alloc(w * h, 255);
    for (let x = 12; x < w - 12; x += 14) for (let y = 10; y < 30; y++) for (let k = 0; k < 4; k++) px[y * w + x + k] = 0;
    return sharp(px, { raw: { width: w, height: h, channels: 1 } }).png().toBuffer();
  })();
  return warmPage;
}

/** A Tesseract thread with the Portuguese model, warmed by one small reading (a thread's first reading is slow). */
async function spawn(): Promise<Worker> {
  const worker = await createWorker('por', OEM.LSTM_ONLY, { langPath: langPath(), cacheMethod: 'none', gzip: true });
  await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_LINE, user_defined_dpi: '300' });
  await worker.recognize(await strokes());
  return worker;
}

/**
 * Tesseract workers (each a worker thread, so the request event loop never
 * blocks) in the shared worker pool (lib/platform/workers): replaced after a number of
 * jobs, because long-lived ones grow in memory (the old one serving until the new one
 * is loaded and warm), and after any failed job.
 */
export class OcrPool {
  private pool: WorkerPool<Promise<Worker>>;

  constructor(size: number, recycleAfter: number) {
    this.pool = new WorkerPool({ size, recycleAfter, spawn: () => spawn(), terminate: (w) => w.then((x) => x.terminate()), ready: (w) => w });
  }

  get size() {
    return this.pool.size;
  }

  get pending() {
    return this.pool.pending;
  }

  /**
   * Reads one image. With a `deadline`, a reading that outlasts it is stopped (a photo of a document on a patterned
   * surface, read whole, took 8 s in Tesseract's layout analysis against a budget of 2.5 s): its thread is terminated
   * and replaced, and the reading comes back `cut`.
   */
  async recognize(job: OcrJob): Promise<OcrOutput> {
    if (job.deadline !== undefined && job.deadline <= epochNow()) return cut();
    try {
      return await this.pool.use(async (slot) => {
        const worker = await slot;
        const reading = this.read(worker, job);
        if (job.deadline === undefined) return reading;
        // (The reading is abandoned, not awaited: terminating its thread rejects it.)
        reading.catch(() => undefined);
        let timer: NodeJS.Timeout | undefined;
        const stop = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new ReadingCut()), Math.max(0, job.deadline! - epochNow()));
        });
        try {
          return await Promise.race([reading, stop]);
        } finally {
          clearTimeout(timer);
        }
      });
    } catch (err) {
      if (err instanceof ReadingCut) return cut();
      throw err;
    }
  }

  private async read(worker: Worker, job: OcrJob): Promise<OcrOutput> {
    await worker.setParameters({
      tessedit_pageseg_mode: PSM_OF[job.mode ?? 'block'],
      tessedit_char_whitelist: job.whitelist ?? '',
      preserve_interword_spaces: '1',
      // Our PNGs carry no density; without one Tesseract guesses and warns on stderr.
      user_defined_dpi: '300',
      // Documents print dark on light: trying each doubtful line inverted costs time and finds nothing.
      tessedit_do_invert: '0',
    });
    const { data } = await worker.recognize(job.image, {}, { blocks: true, text: true });
    const lines: OcrLine[] = [];
    for (const block of data.blocks ?? []) {
      for (const para of block.paragraphs) {
        for (const line of para.lines) {
          lines.push({
            text: line.text.trim(),
            conf: line.confidence,
            bbox: toBbox(line.bbox),
            words: line.words.map((w) => ({ text: w.text, conf: w.confidence, bbox: toBbox(w.bbox) })),
          });
        }
      }
    }
    return { text: data.text, conf: data.confidence, lines };
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

const KEY = 'atesta.ocrPool';

/** The process-wide pool, sized to the CPU count unless OCR_WORKERS says otherwise. */
export function ocrPool(): OcrPool {
  return processWide(KEY, () => {
    const c = getConfig();
    return new OcrPool(c.OCR_WORKERS ?? Math.max(1, os.availableParallelism()), c.OCR_RECYCLE_AFTER_JOBS);
  });
}

export async function closeOcrPool(): Promise<void> {
  await takeProcessWide<OcrPool>(KEY)?.close();
}
