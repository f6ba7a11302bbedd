import sharp from 'sharp';
import { isValidCpf } from '../br';
import { ocrPool } from '../ocr';
import { digitsOnly, isoDate, isValidCnhNumber } from './normalize';
import type { OcrField } from './types';

const FAST_PNG = { compressionLevel: 0 } as const;

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
    const left = Math.max(0, Math.round(x - h * 0.6));
    const top = Math.max(0, Math.round(y - h * 0.35));
    const width = Math.min(meta.width! - left, Math.round(w + h * 1.2));
    const height = Math.min(meta.height! - top, Math.round(h * 1.7));
    if (width < 4 || height < 4) continue;
    const crop = await sharp(image)
      .extract({ left, top, width, height })
      .resize({ height: Math.round((LINE_HEIGHT * height) / h), kernel: 'lanczos3' })
      .extend({ top: 16, bottom: 16, left: 16, right: 16, background: '#ffffff' })
      .png(FAST_PNG)
      .toBuffer();
    const again = await ocrPool().recognize({ image: crop, mode: 'line', whitelist: '0123456789./-' });
    const parsed = parse(f.key, again.text);
    if (!parsed) continue;
    const better = (parsed.valid && f.valid === false) || (parsed.valid && again.conf > f.conf && parsed.value !== f.value);
    if (better) {
      f.value = parsed.value;
      f.conf = Math.round(again.conf);
      f.valid = parsed.valid;
    }
  }
}

const CATEGORIES = /^(ACC|AB|AC|AD|AE|A|B|C|D|E)$/;

/**
 * The CNH category (one to three capitals, easily lost as a speck) read again
 * from under its label, restricted to the letters categories use. Replaces a
 * missing or doubtful value; `region` is in the prepared image's pixels.
 */
export async function rereadCategory(image: Buffer, fields: OcrField[], region: [number, number, number, number] | undefined): Promise<void> {
  const current = fields.find((f) => f.key === 'categoria');
  if (!region || (current && current.conf >= DOUBTFUL && CATEGORIES.test(current.value))) return;
  const meta = await sharp(image).metadata();
  const left = Math.max(0, Math.round(region[0]));
  const top = Math.max(0, Math.round(region[1]));
  const width = Math.min(meta.width! - left, Math.round(region[2]));
  const height = Math.min(meta.height! - top, Math.round(region[3]));
  if (width < 8 || height < 8) return;
  // The region is about two lines tall: scale its letters to the comfortable height.
  const k = (LINE_HEIGHT * 2.2) / height;
  const pad = 16;
  const crop = await sharp(image)
    .extract({ left, top, width, height })
    .resize({ height: Math.round(height * k), kernel: 'lanczos3' })
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: '#ffffff' })
    .png(FAST_PNG)
    .toBuffer();
  const again = await ocrPool().recognize({ image: crop, mode: 'line', whitelist: 'ABCDE' });
  const word = again.lines.flatMap((l) => l.words).find((w) => CATEGORIES.test(w.text.trim()) && w.conf >= 50);
  if (!word) return;
  const [wx, wy, ww, wh] = word.bbox;
  const bbox: [number, number, number, number] = [Math.round(left + (wx - pad) / k), Math.round(top + (wy - pad) / k), Math.round(ww / k), Math.round(wh / k)];
  if (current) Object.assign(current, { value: word.text.trim(), conf: Math.round(word.conf), bbox });
  else fields.push({ key: 'categoria', value: word.text.trim(), conf: Math.round(word.conf), bbox });
}
