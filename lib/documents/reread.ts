import sharp, { type Metadata } from 'sharp';
import { isValidCpf } from '../br';
import { ocrPool } from '../ocr';
import { digitsOnly, isoDate, isValidCnhNumber } from './normalize';
import { FAST_PNG, type Box } from './box';
import type { OcrField } from './types';

/** Text height a single-line re-read is scaled to (Tesseract reads best around 30-40 px capitals). */
const LINE_HEIGHT = 56;
/** At most this many re-reads per document, so a bad photo cannot multiply the latency. */
const MAX_REREADS = 4;
/** Below this confidence a number is read again even when it looks right. */
const DOUBTFUL = 80;

const DATE_KEYS = new Set(['dataNascimento', 'dataEmissao', 'validade', 'dataExpedicao', 'primeiraHabilitacao']);

/** What a number field must look like, and its value from a re-read line. */
function parse(key: string, text: string): { value: string; valid: boolean } | undefined {
  if (DATE_KEYS.has(key)) {
    const iso = isoDate(text);
    return iso ? { value: iso, valid: true } : undefined;
  }
  const digits = digitsOnly(text);
  if (key === 'cpf') return digits.length === 11 ? { value: digits, valid: isValidCpf(digits) } : undefined;
  if (key === 'numeroRegistro') return digits.length === 11 ? { value: digits, valid: isValidCnhNumber(digits) } : undefined;
  return undefined;
}

/**
 * Numbers read again on their own: the field's box cut out of the prepared
 * page, scaled to a comfortable text height and read as one line restricted
 * to digits and separators. The second reading replaces the first when its
 * check digits pass where the first failed, or when it is more confident.
 * Boxes are in the prepared image's pixels.
 */
export async function rereadNumbers(image: Buffer, fields: OcrField[]): Promise<void> {
  const meta = await sharp(image).metadata();
  const doubtful = fields.filter((f) => (DATE_KEYS.has(f.key) || f.key === 'cpf' || f.key === 'numeroRegistro') && (f.valid === false || f.conf < DOUBTFUL)).slice(0, MAX_REREADS);
  for (const f of doubtful) {
    const [x, y, w, h] = f.bbox;
    if (w < 4 || h < 4 || h > w * 2) continue;
    const region: Box = [x - h * 0.6, y - h * 0.35, w + h * 1.2, h * 1.7];
    const again = await readLineAlone(image, meta, region, (height) => (LINE_HEIGHT * height) / h, 4, '0123456789./-');
    if (!again) continue;
    const parsed = parse(f.key, again.out.text);
    if (!parsed) continue;
    const better = (parsed.valid && f.valid === false) || (parsed.valid && again.out.conf > f.conf && parsed.value !== f.value);
    if (better) {
      f.value = parsed.value;
      f.conf = Math.round(again.out.conf);
      f.valid = parsed.valid;
    }
  }
}

/** White margin around a crop read alone (Tesseract misses letters that touch the border). */
const PAD = 16;

/**
 * A region of the prepared page read on its own as one line: clamped to the
 * page, scaled to `outHeight(height)` pixels high, padded with white, read
 * with a restricted alphabet. `toImage` maps a box of the crop back to the
 * page. Undefined when the clamped region is smaller than `minSide`.
 */
async function readLineAlone(image: Buffer, meta: Metadata, region: Box, outHeight: (height: number) => number, minSide: number, whitelist: string) {
  const left = Math.max(0, Math.round(region[0]));
  const top = Math.max(0, Math.round(region[1]));
  const width = Math.min(meta.width! - left, Math.round(region[2]));
  const height = Math.min(meta.height! - top, Math.round(region[3]));
  if (width < minSide || height < minSide) return undefined;
  const scaled = Math.round(outHeight(height));
  const crop = await sharp(image)
    .extract({ left, top, width, height })
    .resize({ height: scaled, kernel: 'lanczos3' })
    .extend({ top: PAD, bottom: PAD, left: PAD, right: PAD, background: '#ffffff' })
    .png(FAST_PNG)
    .toBuffer();
  const out = await ocrPool().recognize({ image: crop, mode: 'line', whitelist });
  const k = scaled / height;
  const toImage = ([x, y, w, h]: Box): Box => [Math.round(left + (x - PAD) / k), Math.round(top + (y - PAD) / k), Math.round(w / k), Math.round(h / k)];
  return { out, toImage };
}

const CATEGORIES = /^(ACC|AB|AC|AD|AE|A|B|C|D|E)$/;

/**
 * The CNH category (one to three capitals, easily lost as a speck) read again
 * from under its label, restricted to the letters categories use. Replaces a
 * missing or doubtful value; `region` is in the prepared image's pixels.
 */
export async function rereadCategory(image: Buffer, fields: OcrField[], region: Box | undefined): Promise<void> {
  const current = fields.find((f) => f.key === 'categoria');
  if (!region || (current && current.conf >= DOUBTFUL && CATEGORIES.test(current.value))) return;
  const meta = await sharp(image).metadata();
  // The region is about two lines tall: scale its letters to the comfortable height.
  const again = await readLineAlone(image, meta, region, () => LINE_HEIGHT * 2.2, 8, 'ABCDE');
  const word = again?.out.lines.flatMap((l) => l.words).find((w) => CATEGORIES.test(w.text.trim()) && w.conf >= 50);
  if (!again || !word) return;
  const bbox = again.toImage(word.bbox);
  if (current) Object.assign(current, { value: word.text.trim(), conf: Math.round(word.conf), bbox });
  else fields.push({ key: 'categoria', value: word.text.trim(), conf: Math.round(word.conf), bbox });
}
