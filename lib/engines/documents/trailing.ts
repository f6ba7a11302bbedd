import type { OcrLine, OcrWord } from '../ocr';
import type { Grey } from './box';
import { inkRun, readSpanAgain } from './leading';
import { levenshtein } from './text';

/**
 * A word's last letters or digits that the page reading dropped: Tesseract sometimes ends a word one glyph early
 * and leaves that glyph out of every word (`4303154` for an RG number `43031547`, its box stopping inside the 7).
 * Ink of letter width just after a word, joined to it by less than a letter gap and covered by no other word, is read
 * again together with the word as one line; the new reading replaces the word when it is the old one with one to four
 * glyphs of its own kind (digits after digits, letters after letters) joined to its end.
 */

/** The farthest the dropped run may reach past the word (four wide capitals), and the widest gap inside it, in word heights. */
const REACH = 4.5;
const GAP = 0.3;
/** The dropped run reaches at least this far past the word's box, with ink in at least this many columns (a rule or a bar is thinner). */
const MIN_EXTENT = 0.25;
const MIN_INKED = 0.2;
/** At most this many words are read again (the rescue is bounded in time). */
const MAX_WORDS = 4;
/** A new reading is kept at this confidence or above. */
const MIN_CONF = 60;

/** The lines, each word whose dropped last glyphs could be read again replaced by its new reading (the same array when none is). */
export async function withTrailingGlyphs(page: Grey, lines: OcrLine[]): Promise<OcrLine[]> {
  const words = lines.flatMap((l) => l.words);
  const candidates = lines
    .flatMap((line) => line.words.map((word) => ({ line, word, end: droppedEnd(page, word, words) })))
    .filter((c): c is { line: OcrLine; word: OcrWord; end: number } => c.end !== undefined)
    .slice(0, MAX_WORDS);
  if (candidates.length === 0) return lines;
  const again = new Map<OcrWord, OcrWord>();
  await Promise.all(
    candidates.map(async ({ word, end }) => {
      const [x, y, , h] = word.bbox;
      const read = await readSpanAgain(page, x, end, y, h);
      if (read && read.conf >= MIN_CONF && readWithSuffix(word.text, read.text)) again.set(word, { text: read.text.trim(), conf: read.conf, bbox: read.bbox });
    }),
  );
  if (again.size === 0) return lines;
  return lines.map((line) => (line.words.some((w) => again.has(w)) ? withWords(line, again) : line));
}

/** The line with some of its words replaced: in its text (each word found in order), its words and its box. */
function withWords(line: OcrLine, replaced: Map<OcrWord, OcrWord>): OcrLine {
  let text = line.text;
  let from = 0;
  const words = line.words.map((w) => {
    const at = text.indexOf(w.text, from);
    const next = replaced.get(w);
    if (at < 0) return next ?? w;
    if (next) text = text.slice(0, at) + next.text + text.slice(at + w.text.length);
    from = at + (next ?? w).text.length;
    return next ?? w;
  });
  const right = Math.max(...words.map((w) => w.bbox[0] + w.bbox[2]));
  const [x, y, , h] = line.bbox;
  return { ...line, text, words, bbox: [x, y, Math.max(line.bbox[2], right - x), h] };
}

/**
 * Where a dropped run of ink ends after a word: ink in the word's middle rows, from its box's right edge on, with no
 * gap wider than `GAP`, reaching at least `MIN_EXTENT` past the box and no farther than `REACH` (or than a word space
 * short of the next word read on the row, where it is cut), inked in at least
 * `MIN_INKED` of a word height of columns, that no other word covers. Undefined when there is none.
 */
function droppedEnd(page: Grey, word: OcrWord, words: OcrWord[]): number | undefined {
  const [x, y, w, h] = word.bbox;
  if (h < 8 || !/^[\p{L}\d]{2,}$/u.test(word.text)) return undefined;
  const right = Math.round(x + w);
  const [r0, r1] = [Math.round(y + h * 0.15), Math.round(y + h * 0.85)];
  // The next word of the line bounds the run: a word space blurred shut joins the dropped letters to it (VIT read,
  // ÓRIA dropped, JOSÉ next).
  const inRow = (o: OcrWord) => o.bbox[1] + o.bbox[3] / 2 > r0 && o.bbox[1] + o.bbox[3] / 2 < r1;
  const next = words.filter((o) => o !== word && o.bbox[0] >= right && inRow(o)).map((o) => o.bbox[0]);
  const limit = Math.min(REACH * h, ...next.map((left) => left - right - GAP * h));
  const run = inkRun(page, r0, r1, right, 1, limit, GAP * h, limit < REACH * h);
  if (run?.end === undefined || run.end - right < h * MIN_EXTENT || run.inked < h * MIN_INKED) return undefined;
  // Another word read there (the next word of the line): nothing was dropped.
  // (A word of the row: a photo's word boxes run tall, and the next line's reach into this one's rows.)
  const covered = words.some((o) => o !== word && o.bbox[0] < run.end! && o.bbox[0] + o.bbox[2] > right && inRow(o));
  return covered ? undefined : run.end;
}

/**
 * Whether `again` is the word `first` with one to four glyphs of its own kind joined to its end (digits after a
 * number, letters after letters), its own glyphs read the same (a number exactly, letters with at most one change).
 */
export function readWithSuffix(first: string, again: string): boolean {
  const [a, b] = [first.trim(), again.trim()];
  if (b.length <= a.length || b.length > a.length + 4 || /\s/.test(b)) return false;
  const [head, tail] = [b.slice(0, a.length), b.slice(a.length)];
  if (/^\d+$/.test(a)) return head === a && /^\d+$/.test(tail);
  return /^\p{L}+$/u.test(a) && /^\p{L}+$/u.test(tail) && levenshtein(head, a) <= 1;
}
