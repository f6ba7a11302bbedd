import { isValidCpf } from '../br';
import type { OcrLine, OcrWord } from '../ocr';
import { restoreAccents, type Grey } from './accents';
import { digitsOnly, isFullName, isoDate, isValidCnhNumber, personName } from './normalize';
import { INK, union, type Box } from './box';
import { DATE_KEYS } from './fallbacks';
import { readLineAlone } from './read-alone';
import { needsRepair, repairName } from './names-repair';
import { isKnownName } from './names-known';
import { fold, levenshtein } from './text';
import type { OcrField } from './types';
import type { ShortRegion, ShortValue } from './extract';

/** Text height a single-line re-read is scaled to (Tesseract reads best around 30-40 px capitals). */
const LINE_HEIGHT = 56;
/** At most this many re-reads per document, so a bad photo cannot multiply the latency. */
const MAX_REREADS = 4;
/** Below this confidence a number is read again even when it looks right. */
const DOUBTFUL = 80;

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
export async function rereadNumbers(page: Grey, fields: OcrField[]): Promise<void> {
  const doubtful = fields.filter((f) => (DATE_KEYS.has(f.key) || f.key === 'cpf' || f.key === 'numeroRegistro') && (f.valid === false || f.conf < DOUBTFUL)).slice(0, MAX_REREADS);
  // Each field on its own: read in parallel, as the pool's threads come free.
  await Promise.all(
    doubtful.map(async (f) => {
      const [x, y, w, h] = f.bbox;
      if (w < 4 || h < 4 || h > w * 2) return;
      const region: Box = [x - h * 0.6, y - h * 0.35, w + h * 1.2, h * 1.7];
      const again = await readLineAlone(page, region, (height) => (LINE_HEIGHT * height) / h, 4, '0123456789./-');
      const parsed = again && parse(f.key, again.out.text);
      if (!again || !parsed) return;
      const better = (parsed.valid && f.valid === false) || (parsed.valid && again.out.conf > f.conf && parsed.value !== f.value);
      if (better) {
        f.value = parsed.value;
        f.conf = Math.round(again.out.conf);
        f.valid = parsed.valid;
      }
    }),
  );
}

/** At most this many broken dates re-read per page. */
const MAX_DATE_REPAIRS = 3;
/** A word that may be part of a printed date (digits, separators, and letters OCR takes digits for). */
const DATE_PIECE = /^[\dOoIl|/.,\-]+$/;

/**
 * Dates the page reading broke ("26/06/20,", "161 1/201", "2512/1998": a
 * digit or a separator lost, one date split in two words) read again on their
 * own as one line of digits and separators. A run of neighbouring words of
 * digits with a slash and six to nine digits that is not a date is cut out
 * with room for the characters it lost; when the second reading is a date,
 * it replaces the run in its line, so that labels, chronology and layout
 * rules all see it. Boxes are in the prepared image's pixels.
 */
export async function rereadBrokenDates(page: Grey, lines: OcrLine[]): Promise<void> {
  let budget = MAX_DATE_REPAIRS;
  for (const line of lines) {
    const words = [...line.words].sort((a, b) => a.bbox[0] - b.bbox[0]);
    for (let i = 0; i < words.length && budget > 0; i++) {
      if (!DATE_PIECE.test(words[i]!.text) || !/\d/.test(words[i]!.text)) continue;
      let j = i + 1;
      const h = words[i]!.bbox[3];
      while (j < words.length && DATE_PIECE.test(words[j]!.text) && words[j]!.bbox[0] - (words[j - 1]!.bbox[0] + words[j - 1]!.bbox[2]) < h * 0.8) j++;
      const run = words.slice(i, j);
      const text = run.map((w) => w.text).join('');
      const digits = digitsOnly(text).length;
      // As the layout rules will see it: words apart.
      if (!text.includes('/') || digits < 6 || digits > 9 || isoDate(run.map((w) => w.text).join(' '))) continue;
      budget--;
      const [x, y, w, wh] = union(run.map((r) => r.bbox));
      // A printed date is ten characters: room on the right for the ones lost, short of the next word.
      const next = words[j]?.bbox[0] ?? page.width;
      const width = Math.min(Math.max(w, (w / text.length) * 10.5), next - x - wh * 0.2);
      const again = await readLineAlone(page, [x - wh * 0.6, y - wh * 0.35, width + wh * 1.2, wh * 1.7], (height) => (LINE_HEIGHT * height) / wh, 4, '0123456789/');
      const iso = again && isoDate(again.out.text);
      if (!again || !iso) continue;
      const repaired: OcrWord = { text: iso.split('-').reverse().join('/'), conf: again.out.conf, bbox: [x, y, Math.max(w, Math.round(width)), wh] };
      words.splice(i, run.length, repaired);
      line.words = line.words.filter((wd) => !run.includes(wd)).concat(repaired).sort((a, b) => a.bbox[0] - b.bbox[0]);
      line.text = line.words.map((wd) => wd.text).join(' ');
    }
  }
}

/**
 * A value of one to three capitals (the CNH category, the sex, the nationality code), easily lost as a
 * speck or washed out by glare, read again from the regions given (under its label, then across its row),
 * each restricted to the letters it prints, until one holds it. Replaces a missing or doubtful value;
 * regions are in the prepared image's pixels.
 */
export async function rereadShort(page: Grey, fields: OcrField[], spec: ShortValue, regions: ShortRegion[]): Promise<void> {
  const current = fields.find((f) => f.key === spec.key);
  if (current && current.conf >= DOUBTFUL && spec.valid.test(current.value)) return;
  for (const { box, letters, beside } of regions) {
    // A region is about two lines tall: scale its letters to the comfortable height.
    const again = await readLineAlone(page, box, () => LINE_HEIGHT * 2.2, 8, letters);
    const words = again?.out.lines.flatMap((l) => l.words) ?? [];
    const valid = words.filter((w) => spec.valid.test(w.text.trim()));
    // Tesseract scores a lone capital near zero even when it reads it right: read surely beside the value printed on its row,
    // the row was read where it stands, and the one capital there is taken.
    const sureRow = beside && words.some((w) => beside.test(w.text.trim()) && w.conf >= DOUBTFUL) && valid.length === 1;
    const word = valid.find((w) => w.conf >= 50) ?? (sureRow ? valid[0] : undefined);
    if (!again || !word) continue;
    const bbox = again.toImage(word.bbox);
    const value = spec.value?.(word.text.trim()) ?? word.text.trim();
    if (current) Object.assign(current, { value, conf: Math.round(word.conf), bbox });
    else fields.push({ key: spec.key, value, conf: Math.round(word.conf), bbox });
    return;
  }
}

/** Letters a printed Brazilian name uses. */
const NAME_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZÁÂÃÀÉÊÍÓÔÕÚÜÇ' ";
/** At most this many names re-read per document. */
const MAX_NAME_REREADS = 4;
/** A name read at least this confidently, with nothing printed after it, is kept as read. */
const SURE_NAME = 92;

/** Columns of the band holding ink. */
function inkColumns(page: Grey, y0: number, y1: number): (x: number) => boolean {
  const top = Math.max(0, Math.round(y0));
  const bottom = Math.min(page.height, Math.round(y1));
  return (x) => {
    if (x < 0 || x >= page.width) return false;
    let dark = 0;
    for (let y = top; y < bottom; y++) if (page.data[y * page.width + x]! < INK) dark++;
    return dark >= 2;
  };
}

/**
 * How far the printed line around a box really reaches: ink is followed left
 * and right until a gap wider than `gap` (a column break or the card's edge).
 * Tesseract sometimes stops a name at a smudge and drops the rest.
 */
export function lineExtent(page: Grey, [x, y, w, h]: Box, gap: number): [number, number] {
  const ink = inkColumns(page, y + h * 0.2, y + h * 0.8);
  const follow = (from: number, step: 1 | -1) => {
    let last = from;
    for (let c = from; c >= 0 && c < page.width && Math.abs(c - last) <= gap; c += step) if (ink(c)) last = c;
    return last;
  };
  return [follow(x, -1), follow(x + w - 1, 1)];
}

/** Names and the nested parents' names of a result. */
function nameFields(fields: OcrField[]): OcrField[] {
  const direct = fields.filter((f) => f.key === 'nome' && !f.fields);
  const parents = fields.filter((f) => f.key === 'filiacao').flatMap((f) => f.fields ?? []);
  return [...direct, ...parents];
}

/**
 * When `longer` is `shorter` with words added after it (the first reading stopped early), or with known names added
 * before it (the first reading dropped the line's first words: an accented capital at a line's start can make
 * Tesseract take the word for a mark), the longer name with the shorter reading's own letters kept for the part both
 * read (`JÚLIA DA COSTA CONCEIÇÃO` from `DA COSTA CONCEIÇÃO` and `JÚLIA DA COSTA CONCEICÃO`); else undefined. Words
 * added before must be names the lexicon knows: what stands left of a name may also be a label or a mark read as letters.
 */
export function extendedName(shorter: string, longer: string): string | undefined {
  if (longer.length <= shorter.length + 2) return undefined;
  const slack = Math.max(1, Math.floor(shorter.length / 8));
  if (levenshtein(shorter, longer.slice(0, shorter.length)) <= slack) return `${shorter}${longer.slice(shorter.length)}`;
  if (levenshtein(shorter, longer.slice(-shorter.length)) > slack) return undefined;
  const added = longer.slice(0, longer.length - shorter.length).trim().split(' ').filter(Boolean);
  return added.length > 0 && added.every(isKnownName) ? `${added.join(' ')} ${shorter}` : undefined;
}

/**
 * Names read again on their own, as one line restricted to the letters names
 * use, from the whole printed line around the first reading (ink followed to
 * the next column gap). A name is re-read when it was doubtful or when ink
 * continues past where it stopped. The second reading wins when it completes
 * a truncated name, or when it is a close variant read more confidently.
 * Marks above the letters are checked again on the page (`restoreAccents`),
 * and letters confused with others are repaired by the name lexicon where
 * the picture agrees (`repairName`).
 */
export async function rereadNames(page: Grey, fields: OcrField[]): Promise<void> {
  const names = nameFields(fields);
  const bands = ownBands(page, names);
  const work = names
    .map((f, k) => {
      const [x, , w] = f.bbox;
      // The letters' own rows: a box stretched by accents or by a neighbour line read into it would reach both lines.
      const [y, h] = bands[k] ?? [f.bbox[1], f.bbox[3]];
      const [left, right] = lineExtent(page, [x, y, w, h], h * 1.6);
      const truncated = right > x + w + h * 0.5 || left < x - h * 0.5;
      return { f, left, right, truncated, h, y };
    })
    // A word one letter confusion away from a known name (CATO) is checked on a second reading too.
    .filter((n) => n.h >= 6 && (n.truncated || n.f.conf < SURE_NAME || needsRepair(n.f.value)))
    .slice(0, MAX_NAME_REREADS);
  // Each name on its own: read in parallel, as the pool's threads come free.
  // (Another name's reading, taken as this one's: the other line was read, not this one.)
  const others = (f: OcrField) => new Set(names.filter((x) => x !== f).map((x) => fold(x.value)));
  await Promise.all(work.map((n) => rereadName(page, n, others(n.f))));
  // A parent re-read changes the joined value.
  for (const f of fields.filter((x) => x.key === 'filiacao' && x.fields?.length)) {
    f.value = f.fields!.map((p) => p.value).join(' / ');
    f.conf = Math.min(...f.fields!.map((p) => p.conf));
  }
}

/**
 * The rows a printed name's letters may lie on (top and height), accents above them left out: the run of rows holding ink
 * across the box that covers most of the box's lower part (marks over capitals only ever stretch a box upwards), two
 * lines joined by their marks counted as two runs (`touchingLines`). Undefined when no run does, when the run is as tall
 * as two lines still, or when it is under a fifth of the box (a speck; a box stretched over its label above and the
 * line below holds its own line's letters in a little more than that). All such runs, the likeliest first.
 */
function letterBands(page: Grey, [x, y, w, h]: Box): [number, number][] {
  const x0 = Math.max(0, Math.round(x));
  const x1 = Math.min(page.width, Math.round(x + w));
  const overlap = ([a, b]: [number, number]) => Math.max(0, Math.min(b, y + h) - Math.max(a, y + h * 0.35));
  return inkedRuns(page, x0, x1, Math.max(0, Math.round(y - h / 2)), Math.min(page.height, Math.round(y + 1.5 * h)) + 1)
    .filter((run) => overlap(run) > 0 && run[1] - run[0] <= h * 1.2 && run[1] - run[0] >= h * 0.2)
    .sort((p, q) => overlap(q) - overlap(p))
    .map(([a, b]): [number, number] => [a, b - a]);
}

/**
 * Each name's own rows (`letterBands`' first), except where two names' boxes, stretched over each other's lines, chose
 * the same rows: the name whose box is centred farther from them takes its next rows (a father's box reaching down over
 * the mother's line had both read on hers).
 */
function ownBands(page: Grey, names: OcrField[]): ([number, number] | undefined)[] {
  const ranked = names.map((f) => letterBands(page, f.bbox));
  const chosen = ranked.map((r) => r[0]);
  const off = (k: number, [top, height]: [number, number]) => Math.abs(names[k]!.bbox[1] + names[k]!.bbox[3] / 2 - (top + height / 2));
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      const [a, b] = [chosen[i], chosen[j]];
      if (!a || !b || a[0] !== b[0] || a[1] !== b[1]) continue;
      const farther = off(i, a) > off(j, b) ? i : j;
      chosen[farther] = ranked[farther]!.find((r) => r[0] !== a[0]);
    }
  }
  return chosen;
}

/**
 * Runs of rows [start, end) with ink across [x0, x1), rows y0 to before y1 looked at (a run still open at y1 is left
 * out: it may go on past what was looked at), lines set so close they touch cut apart (`touchingLines`).
 */
export function inkedRuns(page: Grey, x0: number, x1: number, y0: number, y1: number): [number, number][] {
  const least = Math.max(2, (x1 - x0) * 0.02);
  const inked = (r: number) => {
    let dark = 0;
    for (let c = x0; c < x1 && dark < least; c++) if (page.data[r * page.width + c]! < INK) dark++;
    return dark >= least;
  };
  const runs: [number, number][] = [];
  for (let r = y0, start = -1; r < y1; r++) {
    const on = r < page.height && inked(r);
    if (on && start < 0) start = r;
    if (!on && start >= 0) {
      runs.push([start, r]);
      start = -1;
    }
  }
  return runs.flatMap((run) => touchingLines(page, x0, x1, run));
}

/** A row between two lines set close holds at most this share of the lines' own rows' ink (their 75th percentile): a cedilla or a mark. */
const BETWEEN_LINES = 0.2;

/**
 * A run of inked rows cut in two at its faintest row near its middle when that row is as faint as the gap between two
 * lines set so close that marks and cedillas join them (a father's CONCEIÇÃO over the mother's line): each line then
 * has its own rows, and a name's box stretched over both is read on the line its lower part lies on. A single line of
 * capitals has a stroke of every letter across its middle, and is left whole.
 */
export function touchingLines(page: Grey, x0: number, x1: number, [start, end]: [number, number]): [number, number][] {
  const counts: number[] = [];
  for (let r = start; r < end; r++) {
    let dark = 0;
    for (let c = x0; c < x1; c++) if (page.data[r * page.width + c]! < INK) dark++;
    counts.push(dark);
  }
  const body = [...counts].sort((a, b) => a - b)[Math.floor(counts.length * 0.75)] ?? 0;
  const from = Math.ceil(counts.length * 0.3);
  const to = Math.floor(counts.length * 0.7);
  let cut = -1;
  for (let i = from; i < to; i++) if (counts[i]! <= BETWEEN_LINES * body && (cut < 0 || counts[i]! < counts[cut]!)) cut = i;
  return body > 0 && cut > 0 ? [[start, start + cut], [start + cut + 1, end]] : [[start, end]];
}

/** Height the letters of a name read alone are scaled to (the room for marks above them comes on top). */
const LETTERS_HEIGHT = 42;

/** Confidence a second reading needs to replace a first one it shares few letters with. */
const SURE_AGAIN = 60;
/** Confidence a longer reading needs to replace a name it extends (`extendedName`). */
const SURE_LONGER = 75;

/** The longer name a second reading makes of a first (`extendedName`), when it was read surely enough to take; else undefined. */
export const longerName = (first: { value: string }, again: { value: string; conf: number }): string | undefined =>
  again.conf >= SURE_LONGER ? extendedName(first.value, again.value) : undefined;

/** How many of a name's words the lexicon knows. */
const knownWords = (name: string) => name.split(' ').filter((w) => isKnownName(w)).length;

/** Whether a name read again replaces the first reading: it completes a truncated name, or it is a close variant read more confidently. */
export function betterName(first: { value: string; conf: number }, again: { value: string; conf: number }): boolean {
  if (!isFullName(again.value) || again.value === first.value) return false;
  if (longerName(first, again) !== undefined) return true;
  // A first reading with words the lexicon does not know (another line's letters read into it: "LETÍCIA ONGENÃO" for
  // LETÍCIA SOUZA under a CONCEIÇÃO) gives way to a sure one whose every word it knows, however far apart they are.
  if (again.conf >= SURE_AGAIN && knownWords(again.value) === again.value.split(' ').length && knownWords(again.value) > knownWords(first.value)) return true;
  // The same letters with other marks is no better reading: the marks were checked on the picture for the first one.
  // Nor is one that loses names the lexicon knows ("NUNES DO RIBEIRO" read again "NUNILS DO MEELIRO", more confidently).
  return levenshtein(first.value, again.value) <= Math.max(2, Math.floor(first.value.length / 5)) && again.conf > first.conf && fold(again.value) !== fold(first.value) && knownWords(again.value) >= knownWords(first.value);
}

/**
 * A printed name line read on its own, from `left` to `right`, its letters' rows from `y`, `h` tall: the name with its
 * marks checked on the page, the confidence, and the words in the page's pixels. Undefined when nothing was read.
 */
export async function readNameLine(page: Grey, left: number, right: number, y: number, h: number, within?: [number, number]): Promise<{ value: string; conf: number; words: OcrWord[] } | undefined> {
  // Room above the letters for their marks, a little below for a cedilla; not past `within` (the rows of the lines
  // above and below: the tops of a line set close under it made the reading find nothing).
  const top = Math.max(y - h * 0.5, within?.[0] ?? -Infinity);
  const bottom = Math.min(y + h * 1.3, within?.[1] ?? Infinity);
  const region: Box = [left - h * 0.4, top, right - left + h * 0.8, bottom - top];
  const again = await readLineAlone(page, region, (height) => (LETTERS_HEIGHT * height) / h, 6, NAME_LETTERS);
  if (!again || again.out.lines.length === 0) return undefined;
  const line: OcrLine = {
    ...again.out.lines[0]!,
    words: again.out.lines.flatMap((l) => l.words).map((wd) => ({ ...wd, bbox: again.toImage(wd.bbox) })),
    bbox: again.toImage(again.out.lines[0]!.bbox),
  };
  restoreAccents(page, [line]);
  return { value: personName(line.words.map((wd) => wd.text).join(' ')), conf: Math.round(again.out.conf), words: line.words };
}

/** One name read again from its whole printed line (`left` to `right`); it replaces the first reading when better. */
async function rereadName(page: Grey, { f, left, right, h, y }: { f: OcrField; left: number; right: number; h: number; y: number }, others: Set<string>): Promise<void> {
  const again = await readNameLine(page, left, right, y, h);
  if (!again) return;
  const { value, conf, words } = again;
  if (betterName(f, { value, conf }) && !others.has(fold(value))) Object.assign(f, { value, conf, bbox: words.length ? union(words.map((wd) => wd.bbox)) : f.bbox });
  if (needsRepair(f.value)) f.value = await repairName(page, f.value, words);
}
