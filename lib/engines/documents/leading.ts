import { ocrPool, type OcrLine } from '../ocr';
import { cropped, INK, pgm, type Grey } from './box';
import { moved } from './page-read';
import { levenshtein } from './text';

/**
 * A line's first letters that the page reading dropped. Beside a picture (a portrait, a rule framing it) Tesseract can
 * take a line's first glyphs for part of the picture and begin the line after them: `ÃO CONCEIÇÃO` for `JOÃO
 * CONCEIÇÃO`, `LÓRIA` for `GLÓRIA`, `.396.683-26` for a CPF's `822.396.683-26`. Ink of letter height just before a
 * line's first word, that no word covers, is read again with the line as one line; the new reading replaces the line
 * when it is the old one with one to four letters or digits before it.
 */

/** The farthest a dropped run may reach before the first word, and the widest gap inside it, in line heights. */
const REACH = 2.5;
const GAP = 0.3;
/** At most this many lines are read again (the rescue is bounded in time). */
const MAX_LINES = 4;
/** A new reading is kept at this confidence or above. */
const MIN_CONF = 60;

/** The lines, each whose dropped first letters could be read again replaced by its new reading (the same array when none is). */
export async function withLeadingGlyphs(page: Grey, lines: OcrLine[]): Promise<OcrLine[]> {
  const words = lines.flatMap((l) => l.words);
  const candidates = lines
    .map((line) => ({ line, start: droppedStart(page, line, words) }))
    .filter((c): c is { line: OcrLine; start: number } => c.start !== undefined)
    .slice(0, MAX_LINES);
  if (candidates.length === 0) return lines;
  const again = new Map<OcrLine, OcrLine>();
  await Promise.all(
    candidates.map(async ({ line, start }) => {
      const [x, y, w, h] = line.bbox;
      const read = await readSpanAgain(page, start, x + w, y, h);
      if (read && read.conf >= MIN_CONF && readWithPrefix(line.text, read.text)) again.set(line, read);
    }),
  );
  return again.size ? lines.map((l) => again.get(l) ?? l) : lines;
}

/**
 * Columns `left` to `right` of a line `h` high at row `y`, with a margin of a third of its height across and a quarter
 * above and below, read again as one line: the first line read, in the page's pixels.
 */
export async function readSpanAgain(page: Grey, left: number, right: number, y: number, h: number): Promise<OcrLine | undefined> {
  const x0 = Math.max(0, Math.round(left - h * 0.3));
  const y0 = Math.max(0, Math.round(y - h * 0.25));
  const x1 = Math.min(page.width, Math.round(right + h * 0.3));
  const y1 = Math.min(page.height, Math.round(y + h * 1.25));
  const out = await ocrPool().recognize({ image: pgm(cropped(page, [x0, y0, x1 - x0, y1 - y0])), mode: 'line' });
  return moved(out.lines, x0, y0)[0];
}

/**
 * Where a dropped run of ink begins before the line's first word: ink in the line's middle rows within `REACH` line
 * heights, with no gap wider than `GAP`, that no word covers. Undefined when there is none, or when the ink runs on
 * past the reach (a picture or a column of print, not a few letters).
 */
function droppedStart(page: Grey, line: OcrLine, words: OcrLine['words']): number | undefined {
  const [x, y, , h] = line.bbox;
  if (h < 8 || line.text.replace(/\s/g, '').length < 3) return undefined;
  const [r0, r1] = [Math.round(y + h * 0.15), Math.round(y + h * 0.85)];
  const start = inkRun(page, r0, r1, Math.round(x) - 1, -1, REACH * h, GAP * h)?.end;
  if (start === undefined || x - start < h * 0.25) return undefined;
  // Another word read there (a label on the same row): nothing was dropped.
  const covered = words.some((w) => w.bbox[0] < x && w.bbox[0] + w.bbox[2] > start && w.bbox[1] < r1 && w.bbox[1] + w.bbox[3] > r0);
  return covered ? undefined : start;
}

/**
 * A run of ink in rows r0..r1, scanned from column `from` one column at a time by `step` (-1 leftwards, +1 rightwards):
 * its far end (the last inked column before a gap wider than `gap`) and how many of its columns hold ink. `end` is
 * undefined when no column does; the whole is undefined when the ink runs on past `reach` columns (a picture or a
 * column of print, not a few letters).
 */
export function inkRun(page: Grey, r0: number, r1: number, from: number, step: 1 | -1, reach: number, gap: number, stopAtReach = false): { end?: number; inked: number } | undefined {
  const inked = (c: number) => {
    for (let r = Math.max(0, r0); r <= Math.min(page.height - 1, r1); r++) if (page.data[r * page.width + c]! < INK) return true;
    return false;
  };
  let end: number | undefined;
  let count = 0;
  let blank = 0;
  for (let c = from, n = 0; c >= 0 && c < page.width; c += step, n++) {
    if (n > reach) {
      if (stopAtReach) break;
      return undefined;
    }
    if (inked(c)) {
      end = c;
      count++;
      blank = 0;
    } else if (++blank > gap) break;
  }
  return { end, inked: count };
}

/** Whether `again` is `first` with one to four letters or digits before it (read a little differently at most). */
export function readWithPrefix(first: string, again: string): boolean {
  const [a, b] = [first.trim(), again.trim()];
  if (b.length <= a.length || b.length > a.length + 5) return false;
  const tail = b.slice(b.length - a.length);
  if (levenshtein(tail, a) > Math.max(1, Math.floor(a.length / 10))) return false;
  const prefix = b.slice(0, b.length - a.length).replace(/\s/g, '');
  return prefix.length >= 1 && prefix.length <= 4 && /^[A-Za-zÀ-ÿ0-9.]+$/.test(prefix);
}
