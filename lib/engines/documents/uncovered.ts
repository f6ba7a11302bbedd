import { ocrPool, type OcrLine, type OcrWord } from '../ocr';
import { cropped, INK, pgm, union, type Box, type Grey } from './box';
import { isNamingWord, PARTICLES } from './names-known';
import { placeOf } from './normalize';
import { moved } from './page-read';

/** Lines read from uncovered ink are kept at this confidence or above. */
const MIN_CONF = 60;
/**
 * A line of known names only is kept from this confidence: its words vouch for it (a mother's ANDRE RODRIGUES read at
 * 52 under a rough CNH's father's line).
 */
const KNOWN_NAME_CONF = 45;
/** At most this many uncovered lines are read (those starting in the read lines' column first, then the widest): the rescue is bounded in time. */
const MAX_LINES = 6;

/**
 * Lines of text that the page reading left out. Tesseract's automatic layout analysis sometimes drops a
 * whole text line it takes for part of a picture or for noise (on a rough opened CNH: the line of the
 * holder's identity number, issuer and state, clear on the page, missing from the reading). Here the
 * page's ink that no word read covers is gathered into line-shaped clusters of the page's own letter
 * height (measured on the page, `letterRows`), and each cluster is read as a single line; a line is kept when it
 * is read surely (confidence ≥ 60) with at least three letters or digits, two of them digits, or when it reads
 * as a person's name (`readsAsName`). Pictures (portrait, QR code, signature) make clusters of other shapes or are
 * read unsurely, and are left out.
 */
export async function readUncovered(page: Grey, lines: OcrLine[]): Promise<OcrLine[]> {
  const words = lines.flatMap((l) => l.words).filter((w) => w.text.trim().length >= 2 && w.conf >= 60);
  if (words.length < 3) return [];
  const widest = Math.max(...lines.map((l) => l.bbox[2]));
  const heights = words.map((w) => letterRows(page, w.bbox)).sort((a, b) => a - b);
  const letter = Math.max(4, heights[heights.length >> 1]!);
  // A grid whose cells are about an eighth of a letter: cheap to smear and label, fine enough for lines.
  const cell = Math.max(1, Math.round(letter / 8));
  const gw = Math.ceil(page.width / cell);
  const gh = Math.ceil(page.height / cell);
  const covered = new Uint8Array(gw * gh);
  const pad = Math.round(letter * 0.4);
  // Only words read surely cover their ink: a stretch read as junk ("—", "E" over a line of digits) is read again.
  // A word box two lines tall covers only its own line's rows (see `ownRows`).
  const rowsOf = ownRows(lines, letter);
  for (const w of words) {
    const [x, , bw] = w.bbox;
    const own = rowsOf.get(w);
    // (No margin under a tall word's own rows: the line set close under it starts there.)
    const [y, bh, below] = own ? [...own, 0] : [w.bbox[1], w.bbox[3], pad];
    for (let cy = Math.max(0, Math.floor((y - pad) / cell)); cy <= Math.min(gh - 1, Math.floor((y + bh + below) / cell)); cy++)
      for (let cx = Math.max(0, Math.floor((x - pad) / cell)); cx <= Math.min(gw - 1, Math.floor((x + bw + pad) / cell)); cx++) covered[cy * gw + cx] = 1;
  }
  const ink = new Uint8Array(gw * gh);
  for (let y = 0; y < page.height; y++) {
    const row = y * page.width;
    const cy = ((y / cell) | 0) * gw;
    for (let x = 0; x < page.width; x++) if (page.data[row + x]! < INK) ink[cy + ((x / cell) | 0)] = 1;
  }
  for (let i = 0; i < ink.length; i++) if (covered[i]) ink[i] = 0;
  // Letters of a line are joined across gaps under a letter's height; lines stay apart.
  const gap = Math.round(letter / cell);
  const smeared = new Uint8Array(gw * gh);
  for (let cy = 0; cy < gh; cy++) {
    let last = -Infinity;
    for (let cx = 0; cx < gw; cx++) {
      if (!ink[cy * gw + cx]) continue;
      if (cx - last <= gap) for (let k = Math.max(0, last); k <= cx; k++) smeared[cy * gw + k] = 1;
      smeared[cy * gw + cx] = 1;
      last = cx;
    }
  }
  const starts = columnStarts(lines, letter);
  const inColumn = (box: Box) => starts.some((x) => Math.abs(x - box[0]) <= letter);
  const clusters = components(smeared, gw, gh)
    .map(([x0, y0, x1, y1, n]): Cluster => ({ box: [x0 * cell, y0 * cell, (x1 - x0 + 1) * cell, (y1 - y0 + 1) * cell], n }))
    .flatMap((c) => splitStacked(page, c, letter))
    // Line-shaped, of the page's letter height (labels are smaller, pictures taller), mostly ink where smeared, and no
    // wider than half again the widest line read: a card's edge or a rule across the page is a longer band (it took the
    // slots of an opened RG's birth line).
    .filter(({ box, n }) => box[3] >= letter * 0.7 && box[3] <= letter * 2.2 && box[2] >= letter * 2.5 && box[2] <= widest * 1.5 && n >= ((box[2] * box[3]) / (cell * cell)) * 0.35)
    // Lines that start where read lines start first (a dropped value sits in its form's column; the unread headings
    // of an opened RG's photo side are wider and took every slot from its number), then the widest.
    .sort((a, b) => Number(inColumn(b.box)) - Number(inColumn(a.box)) || b.box[2] - a.box[2])
    .slice(0, MAX_LINES);
  const read = await Promise.all(
    clusters.map(async ({ box, cutAbove, cutBelow }) => {
      const x = Math.max(0, box[0] - pad);
      const y = Math.max(0, box[1] - pad);
      const w = Math.min(page.width, box[0] + box[2] + pad) - x;
      const h = Math.min(page.height, box[1] + box[3] + pad) - y;
      const crop = cropped(page, [x, y, w, h]);
      // A line cut from a stack: the margin on the cut side is made white, or the next line's letters are read into it.
      if (cutAbove) crop.data.fill(255, 0, (box[1] - y) * w);
      if (cutBelow) crop.data.fill(255, (box[1] + box[3] - y) * w);
      const out = await ocrPool().recognize({ image: pgm(crop), mode: 'line' });
      return moved(out.lines, x, y);
    }),
  );
  // Lines with figures (numbers, dates, the identity line), a person's name or a place: any other line of words, put
  // among the page's lines, moved which line the names are taken from (a tuned CNH front lost its holder's and parents' names).
  return read
    .flat()
    .filter(keptRescue);
}

/** A line read from uncovered ink that is kept: read surely and a line of figures, a name or a place; or known names only. */
function keptRescue(l: OcrLine): boolean {
  const sure = l.conf >= MIN_CONF && (l.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 3;
  if (sure && ((l.text.match(/\d/g)?.length ?? 0) >= 2 || readsAsName(l.text) || readsAsPlace(l.text))) return true;
  return l.conf >= KNOWN_NAME_CONF && readsAsKnownName(l.text);
}

/** A word this many letters past the one before it on its line starts a column of its own. */
const COLUMN_GAP = 3;

/**
 * Where the read lines' columns start: each line's start, and a word set far past the one before it (a form's second
 * column: an RG's issue date beside its number, its birth date beside the birthplace).
 */
function columnStarts(lines: OcrLine[], letter: number): number[] {
  const out = lines.map((l) => l.bbox[0]);
  for (const l of lines)
    for (let k = 1; k < l.words.length; k++) {
      const [before, word] = [l.words[k - 1]!.bbox, l.words[k]!.bbox];
      if (word[0] - (before[0] + before[2]) > COLUMN_GAP * letter) out.push(word[0]);
    }
  return out;
}

/** A word box taller than this many letters takes in another line's ink. */
const TALL_WORD = 1.8;
/** Words this many letters tall or less give a line's own rows. */
const LEVEL_WORD = 1.4;

/**
 * The rows a word box two lines tall really covers: its line's own rows (the median top and bottom of the line's
 * words of a letter's height). Tesseract stretches a word over the line set close under it (a father's name whose
 * "AZEVEDO" box reached down over the mother's line), and that ink, covered, was never read. Words of lines with
 * no such level words keep their boxes.
 */
function ownRows(lines: OcrLine[], letter: number): Map<OcrWord, [number, number]> {
  const out = new Map<OcrWord, [number, number]>();
  const median = (v: number[]) => v.sort((a, b) => a - b)[v.length >> 1]!;
  for (const l of lines) {
    const tall = l.words.filter((w) => w.bbox[3] > letter * TALL_WORD);
    const level = l.words.filter((w) => w.bbox[3] <= letter * LEVEL_WORD && w.text.trim().length >= 2);
    if (tall.length === 0) continue;
    // Every word stretched (up over the line set close above: a second parent's words over the first parent's line):
    // the line's own box, when a letter tall, still gives its rows.
    if (level.length === 0) {
      if (l.bbox[3] <= letter * LEVEL_WORD) for (const w of tall) out.set(w, [l.bbox[1], l.bbox[3]]);
      continue;
    }
    const top = median(level.map((w) => w.bbox[1]));
    const bottom = median(level.map((w) => w.bbox[1] + w.bbox[3]));
    for (const w of tall) out.set(w, [top, bottom - top]);
  }
  return out;
}

/**
 * A line that is a place as documents print it (`placeOf`): an RG's or a CIN's birthplace, which the layout analysis
 * drops like a name line (read surely by the rescue, and lost until kept here).
 */
export const readsAsPlace = (text: string): boolean => placeOf(text) !== undefined;

/**
 * A line that is a person's name in capitals: two or more words, at least two of them a given name or surname the
 * lexicon knows, the others particles, bar one (a misread letter). Tesseract's layout analysis drops a name line
 * lying close under another (a mother's name under a father's); a label, a heading or a picture's texture is no such line.
 */
export function readsAsName(text: string): boolean {
  const words = text.trim().split(/\s+/).filter(Boolean);
  // (One word may carry a sign: an accent over a capital read as one, "(SIS" for ÍSIS; it is then the misread one.)
  const signed = words.filter((w) => !/^[A-ZÀ-Ý]+$/.test(w));
  if (words.length < 2 || signed.length > 1 || signed.some((w) => !/^[^\p{L}\p{N}]?[A-ZÀ-Ý]{2,}$/u.test(w))) return false;
  const known = words.filter((w) => w.length >= 2 && isNamingWord(w)).length;
  const particles = words.filter((w) => PARTICLES.has(w)).length;
  return known >= 2 && known + particles >= words.length - 1;
}

/** A name line whose every word is a given name or surname the lexicon knows, or a particle: no word misread. */
export function readsAsKnownName(text: string): boolean {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return readsAsName(text) && words.every((w) => PARTICLES.has(w) || (w.length >= 2 && isNamingWord(w)));
}

/**
 * How many rows of a word's box its letters fill: rows where a tenth of the box's width is ink. A rough page's
 * word boxes take in specks and marks above and below (measured up to 2.5 times the letters' height); the
 * letters' own rows are the height a dropped line of the same print has.
 */
function letterRows(page: Grey, [x, y, w, h]: Box): number {
  const x0 = Math.max(0, Math.round(x));
  const x1 = Math.min(page.width, Math.round(x + w));
  const least = Math.max(2, (x1 - x0) * 0.1);
  let rows = 0;
  for (let r = Math.max(0, Math.round(y)); r < Math.min(page.height, Math.round(y + h)); r++) {
    let dark = 0;
    for (let c = x0; c < x1 && dark < least; c++) if (page.data[r * page.width + c]! < INK) dark++;
    if (dark >= least) rows++;
  }
  return rows || h;
}

/** Tallest cluster taken for lines set one on another (in letter heights): two or three lines, no picture. */
const MAX_STACK = 3.9;
/** Shortest: a line of accented capitals with a cedilla reaches about 1.6. */
const MIN_STACK = 1.8;
/** Ink of a row between two lines, at most, against the lines' own rows (their 75th percentile). */
const VALLEY = 0.35;

/**
 * A cluster of two or three lines set so close that no blank row parts them (a CNH's parents, one name under the
 * other: together 2–2.5 letters tall, read as one line of junk or dropped as a picture) cut into its lines, with
 * the sides that were cut; any other cluster as it is. A line is a run of rows of ink at least half a letter tall
 * (the marks over capitals, or a cedilla, are thin rows of little ink); each cut is the first row after a line's
 * run, so the marks over the next line's capitals (É, Ã) stay with their letters. Ink cells are shared out by
 * height, so each line keeps its density.
 */
export function splitStacked(page: Grey, c: Cluster, letter: number): Cluster[] {
  const [x, y0, w, h] = c.box;
  if (h <= letter * MIN_STACK || h > letter * MAX_STACK) return [c];
  const x0 = Math.max(0, x);
  const x1 = Math.min(page.width, x + w);
  const rowInk = (y: number) => {
    let k = 0;
    if (y >= 0 && y < page.height) for (let i = y * page.width + x0, end = y * page.width + x1; i < end; i++) if (page.data[i]! < INK) k++;
    return k;
  };
  const profile = Array.from({ length: h }, (_, i) => rowInk(y0 + i));
  const body = [...profile].sort((a, b) => a - b)[Math.floor(h * 0.75)]!;
  const runs: [number, number][] = [];
  for (let i = 0, start = -1; i <= h; i++) {
    const inked = i < h && profile[i]! > VALLEY * body;
    if (inked && start < 0) start = i;
    if (!inked && start >= 0) {
      if (i - start >= letter / 2) runs.push([start, i]);
      start = -1;
    }
  }
  if (runs.length < 2 || runs.length > 3) return [c];
  const edges = [y0, ...runs.slice(0, -1).map(([, end]) => y0 + end), y0 + h];
  // Each line as wide as its own letters: past a shorter line's end, the next line's fringe (the blurred feet of its
  // capitals, above the cut) reads as junk ("INES ARAUJO ROCHA = o").
  const extent = ([top, bottom]: [number, number]): [number, number] => {
    let left = x1;
    let right = x0;
    for (let y = y0 + top; y < y0 + bottom; y++) {
      for (let i = x0; i < left; i++) if (page.data[y * page.width + i]! < INK) left = i;
      for (let i = x1 - 1; i >= right; i--) if (page.data[y * page.width + i]! < INK) right = i + 1;
    }
    return right > left ? [left, right] : [x0, x1];
  };
  return edges.slice(1).map((end, i) => {
    const [left, right] = extent(runs[i]!);
    return { box: [left, edges[i]!, right - left, end - edges[i]!], n: Math.round((c.n * (end - edges[i]!)) / h), cutAbove: i > 0, cutBelow: i < runs.length - 1 };
  });
}

/** A line-shaped cluster of uncovered ink (page pixels), its count of ink cells, and the sides a stack was cut at. */
interface Cluster {
  box: Box;
  n: number;
  cutAbove?: boolean;
  cutBelow?: boolean;
}

/** A connected component of a grid: [x0, y0, x1, y1, cells]. */
type Component = [number, number, number, number, number];

/** 4-connected components of a mask: [x0, y0, x1, y1, cells] each. */
function components(mask: Uint8Array, w: number, h: number): Component[] {
  const seen = new Uint8Array(w * h);
  const out: Component[] = [];
  const stack: number[] = [];
  for (let start = 0; start < w * h; start++) {
    if (!mask[start] || seen[start]) continue;
    let [x0, y0, x1, y1, n] = [w, h, -1, -1, 0];
    stack.push(start);
    seen[start] = 1;
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % w;
      const y = (i / w) | 0;
      n++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i - w, i + w]) {
        if (j >= 0 && j < w * h && mask[j] && !seen[j]) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
    out.push([x0, y0, x1, y1, n]);
  }
  return out;
}

/**
 * The page's lines with the rescued ones. A rescued line read again over words of a line (unsure words whose
 * centres lie in it: junk over the same ink) takes their place in that line, between its other words, so the
 * row stays one line ("(>) DF." and "11994312 SSP" are "(>) 11994312 SSP DF."), unless words of that line lie
 * in another row; a line no word was read on, or one whose host spans other rows, is put in reading order (by the
 * height of its centre).
 */
/** Words that another line in the same rows already holds: two of them at least, and half of them. */
function repeats(words: OcrWord[], other: OcrLine, box: Box): boolean {
  const centre = other.bbox[1] + other.bbox[3] / 2;
  if (centre < box[1] || centre > box[1] + box[3]) return false;
  const theirs = new Set(other.words.map((w) => w.text));
  const same = words.filter((w) => theirs.has(w.text)).length;
  return same >= 2 && same * 2 >= words.length;
}

export function withRescued(lines: OcrLine[], rescued: OcrLine[]): OcrLine[] {
  const inside = (b: Box, r: Box) => {
    const cx = b[0] + b[2] / 2;
    const cy = b[1] + b[3] / 2;
    return cx >= r[0] && cx <= r[0] + r[2] && cy >= r[1] && cy <= r[1] + r[3];
  };
  // A word read surely is junk over the rescued ink only when it lies mostly in the rescued line's rows: a sure word
  // whose box Tesseract stretched down over the line under it ("AZEVEDO" over the mother's line) has its centre there
  // and is its own line's word.
  const over = (w: OcrWord, r: Box) => inside(w.bbox, r) && (w.conf < MIN_CONF || Math.min(w.bbox[1] + w.bbox[3], r[1] + r[3]) - Math.max(w.bbox[1], r[1]) >= w.bbox[3] * 0.75);
  const centre = (l: OcrLine) => l.bbox[1] + l.bbox[3] / 2;
  const out = [...lines];
  for (const r of rescued) {
    const host = out.findIndex((l) => l.words.some((w) => over(w, r.bbox)));
    if (host >= 0) {
      const l = out[host]!;
      const rest = l.words.filter((w) => !over(w, r.bbox));
      const inRow = ([, y, , h]: Box) => y + h / 2 >= r.bbox[1] && y + h / 2 <= r.bbox[1] + r.bbox[3];
      if (rest.every((w) => inRow(w.bbox))) {
        const words = [...rest, ...r.words].sort((a, b) => a.bbox[0] - b.bbox[0]);
        out[host] = { text: words.map((w) => w.text).join(' '), conf: Math.max(l.conf, r.conf), bbox: union(words.map((w) => w.bbox)), words };
        continue;
      }
      // The junk spanned more than the rescued line's row (two names set close, read as one line): the rescued line
      // stands on its own, and the rest of the junk is left for the line of the other row, unless that row was read
      // as a line of its own already (the rest repeats its words: a father's line read twice, once with the mother's ink).
      const restBox = union(rest.map((w) => w.bbox));
      if (out.some((o, k) => k !== host && repeats(rest, o, restBox))) out.splice(host, 1);
      else out[host] = { ...l, text: rest.map((w) => w.text).join(' '), bbox: restBox, words: rest };
    }
    const at = out.findIndex((l) => centre(l) > centre(r));
    out.splice(at < 0 ? out.length : at, 0, r);
  }
  return out;
}
