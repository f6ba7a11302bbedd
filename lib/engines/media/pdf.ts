import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { getConfig } from '../../platform/config';
import { unprocessable } from '../../platform/errors';
import type { DecodedFile } from './decode';

export interface PdfContent {
  pageCount: number;
  pages: { png: Buffer; width: number; height: number }[];
  /** The text layer (empty for a scanned PDF). */
  text: string;
  hasSignature: boolean;
}

/** Render scale: 2 = 144 dpi, enough for OCR of an ID card page. */
const SCALE = 2;

/** Renders the pages and reads the text layer in a worker thread, bounded in time. */
export async function readPdf(file: Pick<DecodedFile, 'bytes' | 'field'>): Promise<PdfContent> {
  const c = getConfig();
  const worker = new Worker(path.join(process.cwd(), 'workers', 'pdf.mjs'), {
    workerData: { bytes: file.bytes, maxPages: c.MEDIA_MAX_PDF_PAGES, maxMegapixels: c.MEDIA_MAX_MEGAPIXELS, scale: SCALE, root: process.cwd() },
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  });
  const corrupt = (why: string) => unprocessable('corrupt_file', `${file.field} could not be read as a PDF (${why}).`, { errors: [{ pointer: `/${file.field}`, message: why }] });
  try {
    const message = await new Promise<{ ok: boolean; result?: PdfContent & { error?: string; page?: number; megapixels?: number }; error?: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`took longer than ${c.MEDIA_DECODE_TIMEOUT_SECONDS} s`)), c.MEDIA_DECODE_TIMEOUT_SECONDS * 1000);
      worker.once('message', (m) => (clearTimeout(timer), resolve(m)));
      worker.once('error', (e) => (clearTimeout(timer), reject(e)));
      worker.once('exit', (code) => (clearTimeout(timer), reject(new Error(`renderer exited (${code})`))));
    });
    if (!message.ok) throw corrupt(message.error!.slice(0, 120));
    const r = message.result!;
    if (r.error === 'too_many_pages') {
      throw unprocessable('pdf_too_many_pages', `${file.field} has ${r.pageCount} pages; the limit is ${c.MEDIA_MAX_PDF_PAGES}.`, { errors: [{ pointer: `/${file.field}`, message: 'too many pages' }] });
    }
    if (r.error === 'too_large') {
      throw unprocessable('image_too_large', `${file.field} page ${r.page} renders at ${r.megapixels!.toFixed(1)} megapixels; the limit is ${c.MEDIA_MAX_MEGAPIXELS}.`, { errors: [{ pointer: `/${file.field}`, message: 'too many pixels' }] });
    }
    return { ...r, pages: r.pages.map((p) => ({ ...p, png: Buffer.from(p.png) })) };
  } catch (err) {
    if ((err as { status?: number }).status) throw err;
    throw corrupt((err as Error).message.slice(0, 120));
  } finally {
    await worker.terminate();
  }
}
