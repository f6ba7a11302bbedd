import type { OcrWord } from '../ocr';
import { restoreAccents } from './accents';
import { INK, type Box, type Grey } from './box';
import { accentedForms, capitals, confusionCandidates, lostInitialCandidates, MARKED_CAPITAL } from './names-known';
import { readLineAlone } from './read-alone';
import { fold, foldedLetters } from './text';

/** Text height (px) the word is read again at: larger than the line re-read, where thin strokes (I against T) part better. */
const WORD_HEIGHT = 84;
/** A constrained re-read at least this confident in the letters first read contradicts the lexicon. */
const CONTRADICTS = 85;

/** The one known name a word read with one OCR letter confusion stands for (CATO → CAIO), or undefined; `first`: the name's first word, a given name. */
export function lexiconRepair(word: string, first = false): string | undefined {
  const candidates = confusionCandidates(word, first);
  return candidates.length === 1 ? candidates[0] : undefined;
}

/** The one known name a word read without its first letter stands for (USTAVO → GUSTAVO), or undefined. */
export function initialRepair(word: string, first = false): string | undefined {
  const candidates = lostInitialCandidates(word, first);
  return candidates.length === 1 ? candidates[0] : undefined;
}

/** Whether any word of a name has a lexicon repair (the name is worth reading again). */
export const needsRepair = (name: string) => name.split(' ').some((w, i) => lexiconRepair(w, i === 0) !== undefined || initialRepair(w, i === 0) !== undefined);

/**
 * Words of a name read with a letter confusion replaced by the one known name
 * close to them, unless the picture says otherwise: the word is read again
 * alone, larger, allowed only the letters of the two readings, and a
 * confident second reading of the first letters keeps them (surnames and
 * rare names outside the lexicon exist). `seen` are the words of a reading of
 * the line with their boxes on `page`; a word not found among them is
 * repaired on the lexicon's word alone. The repaired word gets its accents
 * from the picture as any other (restoreAccents).
 */
export async function repairName(page: Grey, name: string, seen: OcrWord[]): Promise<string> {
  const out: string[] = [];
  for (const [i, word] of name.split(' ').entries()) {
    const known = lexiconRepair(word, i === 0);
    if (!known) {
      out.push((await withLostInitial(page, word, i === 0, seen)) ?? word);
      continue;
    }
    const at = seen.find((w) => fold(w.text) === fold(word))?.bbox;
    if (at && (await contradicted(page, at, fold(word), known))) {
      out.push(word);
      continue;
    }
    const repaired: OcrWord = { text: known, conf: 0, bbox: at ?? [0, 0, 0, 0] };
    if (at) restoreAccents(page, [{ ...repaired, words: [repaired] }]);
    out.push(markedAsRead(word, repaired.text) ?? repaired.text);
  }
  return out.join(' ');
}

/**
 * The known name's spelling with a mark on the letter where the reading saw one (LÓCIA read, LUCIA known: LÚCIA), when
 * the repair lost it: OCR saw that mark, it only took the letter under it for another vowel.
 */
function markedAsRead(read: string, repaired: string): string | undefined {
  const letters = capitals(read);
  const marked = letters.findIndex((c) => MARKED_CAPITAL.test(c));
  if (marked < 0 || letters.length !== repaired.length || repaired[marked] !== fold(repaired)[marked]) return undefined;
  return accentedForms(repaired).find((s) => s.length === repaired.length && s[marked] !== fold(s)[marked]);
}

async function contradicted(page: Grey, [x, y, w, h]: Box, read: string, known: string): Promise<boolean> {
  const letters = [...new Set(read + known)].join('');
  const again = await readLineAlone(page, [x - h * 0.4, y - h * 0.35, w + h * 0.8, h * 1.7], (rh) => (WORD_HEIGHT * rh) / h, 6, letters);
  if (!again) return false;
  const text = fold(again.out.text).replace(/\s+/g, '');
  return text === read && again.out.conf >= CONTRADICTS;
}

const ACCENTED = 'ÁÂÃÉÊÍÓÔÕÚÇ';

/**
 * A word read without its first letter given it back (USTAVO → GUSTAVO, SIS → ÍSIS), when the lexicon knows one
 * name it can be and the picture confirms it: a stroke stands in the room before it (up to a letter's height, short
 * of the previous word), and word and room read again alone, allowed only the name's letters and accented capitals,
 * give the longer name. Its accents are the re-read's, checked on the picture (restoreAccents).
 */
async function withLostInitial(page: Grey, word: string, first: boolean, seen: OcrWord[]): Promise<string | undefined> {
  const known = initialRepair(word, first);
  if (!known) return undefined;
  // The line read again already gives the longer name (ISIS where the page's reading gave SIS): the picture has the
  // letter. It takes its accents from the picture as any other word.
  const whole = seen.find((w) => foldedLetters(w.text) === known);
  if (whole) {
    // A line read alone gives each word the crop's height: the marks are looked for over the letters' own rows.
    const [top, bottom] = inkRows(page, whole.bbox);
    return accentsChecked(page, { text: whole.text.replace(/[^A-Za-zÀ-ÿ]/g, ''), conf: whole.conf, bbox: [whole.bbox[0], top, whole.bbox[2], bottom - top] });
  }
  const at = seen.find((w) => foldedLetters(w.text) === fold(word))?.bbox;
  if (!at) return undefined;
  // A line read alone gives each word the line's height: the letters' own rows say how tall they are.
  const [top, bottom] = inkRows(page, at);
  const h = bottom - top;
  if (h < 6) return undefined;
  const [x, , w] = at;
  const middle = (top + bottom) / 2;
  const before = seen.filter((o) => o.bbox !== at && o.bbox[0] + o.bbox[2] <= x + 2 && Math.abs(o.bbox[1] + o.bbox[3] / 2 - middle) < o.bbox[3] / 2);
  const from = Math.max(Math.round(x - h), ...before.map((o) => o.bbox[0] + o.bbox[2] + 1));
  // A letter's stroke stands there, at least 0.6 of the word's tallest (the bowl of a G or a C is shorter than a stem;
  // a speck or a smudge is not): Tesseract scores a lone accented capital low even when it reads it right, so the
  // picture is what vouches for it. The word's box may already hold the lost letter (a narrow Í read as a mark and
  // dropped): its first fifth of a letter height counts as room too.
  if (from > x - 0.25 * h || tallestStroke(page, from, x + 0.2 * h, top, bottom) < 0.6 * tallestStroke(page, x, x + w - 1, top, bottom)) return undefined;
  const region: Box = [from, top - h * 0.35, x + w + h * 0.4 - from, h * 1.7];
  // The name's letters with their accented forms (an accented capital read without its accents' letters is lost again).
  const again = await readLineAlone(page, region, (rh) => (WORD_HEIGHT * rh) / (h * 1.7), 6, [...new Set(known + ACCENTED)].join(''));
  if (!again || fold(again.out.text).replace(/\s+/g, '') !== known) return undefined;
  // The word's box from the lost letter's first ink: the marks are looked for letter by letter across it.
  let left = from;
  while (left < x && tallestStroke(page, left, left, top, bottom) < 2) left++;
  // As re-read, with the marks it saw (the alphabet allowed them); the picture then checks them as any other.
  return accentsChecked(page, { text: again.out.text.replace(/\s+/g, ''), conf: Math.round(again.out.conf), bbox: [left, top, x + w - left, h] });
}

/** A repaired word's text with its accents checked on the picture over its box (restoreAccents). */
function accentsChecked(page: Grey, repaired: OcrWord): string {
  restoreAccents(page, [{ ...repaired, words: [repaired] }]);
  return repaired.text;
}

/**
 * The rows of a word's letters: the run of rows holding ink (two dark pixels or more) around the box's middle, or
 * the box's own rows when its middle is blank. A line read alone gives each word a box as tall as the line's crop,
 * which may reach into the lines above and below; an accent apart from its letter ends the run too.
 */
function inkRows(page: Grey, [x, y, w, h]: Box): [number, number] {
  const x0 = Math.max(0, Math.round(x));
  const x1 = Math.min(page.width, Math.round(x + w));
  const inked = (r: number) => {
    if (r < 0 || r >= page.height) return false;
    let dark = 0;
    for (let c = x0; c < x1 && dark < 2; c++) if (page.data[r * page.width + c]! < INK) dark++;
    return dark >= 2;
  };
  const middle = Math.round(y + h / 2);
  if (!inked(middle)) return [y, y + h];
  let [first, last] = [middle, middle];
  while (first > y - h && inked(first - 1)) first--;
  while (last < y + 2 * h && inked(last + 1)) last++;
  return [first, last + 1];
}

/** The most ink any one column from x0 to x1 holds between rows `top` and `bottom` (a letter's upright stroke fills it). */
function tallestStroke(page: Grey, x0: number, x1: number, top: number, bottom: number): number {
  const y0 = Math.max(0, Math.round(top));
  const y1 = Math.min(page.height, Math.round(bottom));
  let most = 0;
  for (let x = Math.max(0, Math.round(x0)); x <= Math.min(page.width - 1, Math.round(x1)); x++) {
    let dark = 0;
    for (let r = y0; r < y1; r++) if (page.data[r * page.width + x]! < INK) dark++;
    most = Math.max(most, dark);
  }
  return most;
}
