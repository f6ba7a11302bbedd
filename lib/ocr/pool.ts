import os from 'node:os';
import path from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { getConfig } from '../config';

export type PageMode = 'block' | 'line' | 'word' | 'sparse' | 'auto';

export interface OcrJob {
  /** PNG or JPEG bytes. */
  image: Buffer;
  mode?: PageMode;
  /** Characters the engine may output (e.g. digits for a CPF field). */
  whitelist?: string;
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
}

const PSM_OF: Record<PageMode, PSM> = {
  block: PSM.SINGLE_BLOCK,
  line: PSM.SINGLE_LINE,
  word: PSM.SINGLE_WORD,
  sparse: PSM.SPARSE_TEXT,
  auto: PSM.AUTO,
};

interface Slot {
  worker: Promise<Worker>;
  jobs: number;
  busy: boolean;
}

type Box = { x0: number; y0: number; x1: number; y1: number };
const toBbox = (b: Box): [number, number, number, number] => [b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0];

/** Portuguese model from npm (`@tesseract.js-data/por`), never downloaded. */
function langPath(): string {
  return path.join(process.cwd(), 'node_modules', '@tesseract.js-data', 'por', '4.0.0_best_int');
}

function spawn(): Promise<Worker> {
  return createWorker('por', OEM.LSTM_ONLY, { langPath: langPath(), cacheMethod: 'none', gzip: true });
}

/**
 * A fixed pool of Tesseract workers (each a worker thread, so the request
 * event loop never blocks). Workers are replaced after a number of jobs
 * because long-lived ones grow in memory.
 */
export class OcrPool {
  private slots: Slot[];
  private queue: (() => void)[] = [];
  private readonly recycleAfter: number;

  constructor(size: number, recycleAfter: number) {
    this.recycleAfter = recycleAfter;
    this.slots = Array.from({ length: size }, () => ({ worker: spawn(), jobs: 0, busy: false }));
  }

  get size() {
    return this.slots.length;
  }

  get pending() {
    return this.queue.length;
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

  /** A fresh worker in the slot; the old one is terminated in the background. */
  private replace(slot: Slot) {
    const old = slot.worker;
    slot.worker = spawn();
    slot.jobs = 0;
    void old.then((w) => w.terminate()).catch(() => undefined);
  }

  private release(slot: Slot) {
    slot.jobs++;
    if (slot.jobs >= this.recycleAfter) this.replace(slot);
    slot.busy = false;
    this.queue.shift()?.();
  }

  async recognize(job: OcrJob): Promise<OcrOutput> {
    const slot = await this.acquire();
    try {
      const worker = await slot.worker;
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
    } catch (err) {
      // A worker that failed is replaced rather than reused.
      this.replace(slot);
      throw err;
    } finally {
      this.release(slot);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.worker.then((w) => w.terminate()).catch(() => undefined)));
  }
}

const KEY = Symbol.for('atesta.ocrPool');
type Holder = { [KEY]?: OcrPool };

/** The process-wide pool, sized to the CPU count unless OCR_WORKERS says otherwise. */
export function ocrPool(): OcrPool {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const c = getConfig();
    holder[KEY] = new OcrPool(c.OCR_WORKERS ?? Math.max(1, os.availableParallelism()), c.OCR_RECYCLE_AFTER_JOBS);
  }
  return holder[KEY];
}

export async function closeOcrPool(): Promise<void> {
  const holder = globalThis as Holder;
  const pool = holder[KEY];
  delete holder[KEY];
  await pool?.close();
}
