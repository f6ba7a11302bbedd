import type { OcrLine } from '../ocr';
import { thresholded, union, type Box, type Grey } from './box';
import { regionBelowLabel } from './extract';
import { cpfFrom, digitsOnly } from './normalize';
import { readLineAlone, REREAD_HEIGHTS } from './read-alone';
import type { OcrField, RecognizedType } from './types';

/** The documents that print the holder's CPF. */
const PRINTS_CPF = new Set<RecognizedType>(['CNH_FRENTE', 'CNH_ABERTA', 'RG_FRENTE', 'RG_VERSO', 'RG_ABERTO', 'CIN_FRENTE', 'CIN_VERSO', 'CPF']);
/** A printed CPF, "000.000.000-00": fourteen characters. */
const CPF_CHARACTERS = 14;
/** A word that may be a piece of a printed CPF: digits, its separators, and what OCR takes digits for. */
const PIECE = /^[\dOoIlSB|$.,\-–]+$/;
/** A word as a piece: brackets, colons and quotes at its ends are specks or the print around it. */
const isPiece = (text: string) => PIECE.test(text.replace(/^[()[\]{}:;'"]+|[()[\]{}:;'"]+$/g, ''));
/** What OCR makes of a digit, counted as one. */
const DIGIT_LIKE = /[\dOoIlSB|$]/g;
/** Ink thresholds besides the page as prepared: a light stroke kept, a dark smudge dropped. */
const THRESHOLDS = [undefined, 150];
/** At most this many places read. */
const MAX_PLACES = 2;

/**
 * Where a CPF may stand that the page reading broke ("$00 220 078." for 500.220.075-39: a digit taken for a sign, the
 * check digits lost): runs of neighbouring words of digits and separators, with six to thirteen digits and no slash
 * (a date). Each box reaches right to hold fourteen characters, short of the next word. Most digits first.
 */
export function cpfFragments(lines: OcrLine[]): Box[] {
  const found: { box: Box; digits: number }[] = [];
  for (const line of lines) {
    const words = [...line.words].sort((a, b) => a.bbox[0] - b.bbox[0]);
    for (let i = 0; i < words.length; i++) {
      if (!isPiece(words[i]!.text) || !/\d/.test(words[i]!.text)) continue;
      const h = words[i]!.bbox[3];
      let j = i + 1;
      while (j < words.length && isPiece(words[j]!.text) && words[j]!.bbox[0] - (words[j - 1]!.bbox[0] + words[j - 1]!.bbox[2]) < h * 0.8) j++;
      const run = words.slice(i, j);
      const previous = words[i - 1];
      const text = run.map((w) => w.text).join(' ');
      const digits = (text.match(DIGIT_LIKE) ?? []).length;
      const real = digitsOnly(text).length;
      // Groups split by separators or spaces: one plain number (an RG, a registration) is not a broken CPF.
      const grouped = /[.,\-–]\d/.test(text) || run.length >= 2;
      i = j - 1;
      if (digits < 6 || digits > 13 || real < 4 || !grouped) continue;
      const [x, y, w, wh] = union(run.map((r) => r.bbox));
      const charWidth = w / Math.max(1, text.length);
      // The next word bounds the box only when it is a word (specks and misread separators after a run may be its digits).
      const next = words.slice(j).find((w) => /\p{L}{2}/u.test(w.text))?.bbox[0] ?? Number.POSITIVE_INFINITY;
      // Margins short of the neighbours: a stray stroke of the next column reads as a digit.
      const before = Math.min(wh * 0.6, previous ? (x - (previous.bbox[0] + previous.bbox[2])) / 2 : wh * 0.6);
      const width = Math.min(Math.max(w, charWidth * (CPF_CHARACTERS + 0.5)), next - x - wh * 0.2);
      const after = Math.min(wh * 0.6, Math.max(0, (next - x - width) / 2));
      found.push({ box: [x - before, y - wh * 0.35, width + before + after, wh * 1.7], digits });
    }
  }
  return found.sort((a, b) => Math.abs(a.digits - 11) - Math.abs(b.digits - 11)).map((f) => f.box);
}

/**
 * A CPF the reading did not find, looked for again: the broken runs of digits on the page, then the place under its
 * label, each read alone as one line of digits and separators, at two text heights and with two ink thresholds (a blurred
 * 5 reads as two digits at one scale and right at another), until a reading's check digits pass (a misread CPF almost
 * never does). Never the digits of another field. Boxes are in the prepared page's pixels.
 */
export async function rescueMissingCpf(page: Grey, lines: OcrLine[], fields: OcrField[], type: RecognizedType, photo?: Grey): Promise<void> {
  if (!PRINTS_CPF.has(type) || fields.some((f) => f.key === 'cpf')) return;
  const below = regionBelowLabel(lines, ['CPF', 'C.P.F']);
  const places = [...cpfFragments(lines).map((box) => ({ box, text: box[3] / 1.7 })), ...(below ? [{ box: below, text: below[3] / 2.2 }] : [])].slice(0, MAX_PLACES);
  const taken = new Set(fields.map((f) => digitsOnly(f.value)).filter((d) => d.length >= 8));
  for (const { box, text } of places) {
    const sources = [...THRESHOLDS.map((t) => (t === undefined ? page : thresholded(page, box, t))), ...(photo ? [photo] : [])];
    for (const source of sources) {
      // Both heights at once: the pool's two threads take them together.
      const readings = await Promise.all(REREAD_HEIGHTS.map((height) => readLineAlone(source, box, (h) => (height * h) / text, 4, '0123456789.-')));
      for (const again of readings) {
        const cpf = again && cpfFrom(again.out.text);
        if (!again || !cpf?.valid || taken.has(cpf.value)) continue;
        fields.push({ key: 'cpf', value: cpf.value, conf: Math.round(again.out.conf), bbox: box.map(Math.round) as Box, valid: true });
        return;
      }
    }
  }
}
