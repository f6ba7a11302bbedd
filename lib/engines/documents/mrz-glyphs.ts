import type { Grey } from './accents';
import { median } from './fallbacks';
import { LAYOUTS, type MrzFormat } from './mrz-layout';
import { OCRB_GLYPHS } from './ocrb-glyphs';

/**
 * Look-alike characters told apart by their shape. A check digit cannot tell a letter from the digit of the same value
 * (G/6, S/8: 16 and 6, 28 and 8 weigh alike) nor two misreads that cancel in one field (`QQ` read `AA`), so where the
 * zone reads a look-alike, the glyph printed in that cell is compared with OCR-B's own shapes of each candidate.
 */

/** Template grid: a glyph's height and a quarter of it more over this many rows. */
export const GLYPH_H = 30;
export const GLYPH_W = 24;
/** An ink value above this (the band's ink as it is cut, 0–255, dark print high) counts as print. */
const INKED = 96;
/** Share of a glyph's height added above and below it. */
const BEYOND = 0.125;

/**
 * A glyph as a grid: its ink (high = ink) between columns [x0, x1) within rows [r0, r1), scaled so its own height spans
 * the grid's middle and centred on its ink across (so a line's letter height, which digits exceed a little, does not
 * enter). Undefined for an empty cell.
 */
export function glyphGrid(ink: Grey, [x0, x1]: [number, number], rows: [number, number] = [0, ink.height]): Uint8Array | undefined {
  const own = inkRows(ink, [x0, x1], rows);
  if (!own) return undefined;
  const [y0, y1] = own;
  const cap = y1 - y0;
  const top = y0 - cap * BEYOND;
  const scale = GLYPH_H / (cap * (1 + 2 * BEYOND));
  let first = -1;
  let last = -1;
  for (let x = Math.max(0, x0); x < Math.min(ink.width, x1); x++) {
    let n = 0;
    for (let y = Math.max(0, Math.floor(top)); y < Math.min(ink.height, Math.ceil(top + GLYPH_H / scale)); y++) n += ink.data[y * ink.width + x]! > INKED ? 1 : 0;
    if (n > 0) {
      if (first < 0) first = x;
      last = x;
    }
  }
  if (first < 0) return undefined;
  const cx = (first + last + 1) / 2;
  const step = 1 / scale;
  const out = new Uint8Array(GLYPH_W * GLYPH_H);
  for (let gy = 0; gy < GLYPH_H; gy++) {
    const sy0 = top + gy * step;
    for (let gx = 0; gx < GLYPH_W; gx++) {
      const sx0 = cx + (gx - GLYPH_W / 2) * step;
      // The mean of the source pixels the cell covers (at least one).
      let sum = 0;
      let n = 0;
      for (let y = Math.floor(sy0); y < Math.max(Math.floor(sy0) + 1, Math.ceil(sy0 + step)); y++) {
        for (let x = Math.floor(sx0); x < Math.max(Math.floor(sx0) + 1, Math.ceil(sx0 + step)); x++) {
          // Only the cell's own columns: a neighbour's ink is not this glyph's.
          if (y >= 0 && y < ink.height && x >= x0 && x < x1 && x >= 0 && x < ink.width) sum += ink.data[y * ink.width + x]!;
          n++;
        }
      }
      out[gy * GLYPH_W + gx] = Math.round(sum / n);
    }
  }
  return out;
}

const templates = new Map<string, Uint8Array>(Object.entries(OCRB_GLYPHS).map(([c, b64]) => [c, Uint8Array.from(Buffer.from(b64, 'base64'))]));

/** Normalised cross-correlation of two grids, the first shifted by up to one cell each way: the best. */
function likeness(a: Uint8Array, b: Uint8Array): number {
  let best = -1;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      let sa = 0;
      let sb = 0;
      let saa = 0;
      let sbb = 0;
      let sab = 0;
      let n = 0;
      for (let y = 0; y < GLYPH_H; y++) {
        const ay = y + dy;
        if (ay < 0 || ay >= GLYPH_H) continue;
        for (let x = 0; x < GLYPH_W; x++) {
          const ax = x + dx;
          if (ax < 0 || ax >= GLYPH_W) continue;
          const va = a[ay * GLYPH_W + ax]!;
          const vb = b[y * GLYPH_W + x]!;
          sa += va;
          sb += vb;
          saa += va * va;
          sbb += vb * vb;
          sab += va * vb;
          n++;
        }
      }
      const cov = sab - (sa * sb) / n;
      const den = Math.sqrt((saa - (sa * sa) / n) * (sbb - (sb * sb) / n));
      if (den > 0) best = Math.max(best, cov / den);
    }
  }
  return best;
}

/** How much each candidate's OCR-B shape is like the glyph. */
export function glyphLikeness(glyph: Uint8Array, candidates: string[]): Map<string, number> {
  return new Map(candidates.map((c) => [c, templates.has(c) ? likeness(glyph, templates.get(c)!) : -1]));
}

/** How many of a line's usual steps apart from its neighbour an end run lies when it is no glyph. */
const STRAY_STEPS = 2.5;

/**
 * A line's ink runs without those at either end that lie apart from the rest: OCR-B's cells follow one another without
 * a gap, so a run several steps beyond the last is a card's edge or a frame line in the band (generated TD3#7's page
 * edge, three steps past the composite digit).
 */
export function strayEndsDropped(runs: [number, number][]): void {
  if (runs.length < 4) return;
  const centre = (i: number) => (runs[i]![0] + runs[i]![1]) / 2;
  const steps = runs.slice(1).map((_, i) => centre(i + 1) - centre(i)).sort((a, b) => a - b);
  const step = steps[Math.floor(steps.length / 2)]!;
  while (runs.length > 2 && centre(runs.length - 1) - centre(runs.length - 2) > STRAY_STEPS * step) runs.pop();
  while (runs.length > 2 && centre(1) - centre(0) > STRAY_STEPS * step) runs.shift();
}

/**
 * The cells of a line of `count` characters at one pitch (OCR-B is monospaced and a zone has no spaces): the centres of
 * its ink runs fitted to `offset + pitch × index`. `ink`: the line, ink high. Undefined when the runs do not fit a
 * grid of that many cells (touching letters, a line cut short).
 */
export function lineCells(ink: Grey, count: number): { cells: [number, number][]; rows: [number, number] } | undefined {
  const { width: w, height: h, data } = ink;
  const rows = Array.from({ length: h }, (_, y) => {
    let n = 0;
    for (let x = 0; x < w; x++) n += data[y * w + x]! > INKED ? 1 : 0;
    return n;
  });
  const peak = Math.max(...rows);
  if (peak === 0) return undefined;
  const y0 = rows.findIndex((n) => n >= peak * 0.2);
  const y1 = h - [...rows].reverse().findIndex((n) => n >= peak * 0.2);
  const runs: [number, number][] = [];
  let start = -1;
  for (let x = 0; x <= w; x++) {
    let on = false;
    if (x < w) for (let y = y0; y < y1 && !on; y++) on = data[y * w + x]! > INKED;
    if (on && start < 0) start = x;
    if (!on && start >= 0) {
      runs.push([start, x]);
      start = -1;
    }
  }
  strayEndsDropped(runs);
  if (runs.length < count * 0.6) return undefined;
  const span = runs.at(-1)![1] - runs[0]![0];
  let pitch = span / (count - 0.4);
  let offset = (runs[0]![0] + runs[0]![1]) / 2;
  const single = runs.filter(([a, b]) => b - a <= 1.3 * pitch);
  for (let round = 0; round < 3; round++) {
    const pts = single.map(([a, b]) => {
      const c = (a + b) / 2;
      return [Math.round((c - offset) / pitch), c] as const;
    });
    const n = pts.length;
    const mi = pts.reduce((s, p) => s + p[0], 0) / n;
    const mc = pts.reduce((s, p) => s + p[1], 0) / n;
    const vi = pts.reduce((s, p) => s + (p[0] - mi) ** 2, 0);
    if (vi === 0) return undefined;
    pitch = pts.reduce((s, p) => s + (p[0] - mi) * (p[1] - mc), 0) / vi;
    offset = mc - pitch * mi;
  }
  // Every run's centre near its cell's, and the cells within the line.
  const off = single.map(([a, b]) => {
    const c = (a + b) / 2;
    return Math.abs(c - offset - pitch * Math.round((c - offset) / pitch));
  });
  const last = Math.round(((runs.at(-1)![0] + runs.at(-1)![1]) / 2 - offset) / pitch);
  if (off.filter((d) => d > 0.25 * pitch).length > 0.1 * off.length || last !== count - 1 || Math.round(((runs[0]![0] + runs[0]![1]) / 2 - offset) / pitch) !== 0) return undefined;
  const cells = Array.from({ length: count }, (_, i) => [Math.round(offset + (i - 0.5) * pitch), Math.round(offset + (i + 0.5) * pitch)] as [number, number]);
  return { cells, rows: [y0, y1] };
}

/**
 * Each cell's rows, following the line's tilt: a line printed or scanned a fraction of a degree off level has its last
 * glyphs a sixth of a letter lower than its middle, and the line's rows cut them at the foot (an unseen TD3's composite
 * `2` was like its template at 0.65 against 0.9 for the line's other 2s). The centre of each cell's ink, fitted to a
 * straight line across the cells; each cell keeps the line's height. Where the fit says the line is level, its rows.
 */
function tiltedRows(ink: Grey, cells: [number, number][], [r0, r1]: [number, number]): [number, number][] {
  const reach = Math.round((r1 - r0) * 0.25);
  const pts: [number, number][] = [];
  for (const [x0, x1] of cells) {
    let sum = 0;
    let n = 0;
    for (let y = Math.max(0, r0 - reach); y < Math.min(ink.height, r1 + reach); y++) {
      for (let x = Math.max(0, x0); x < Math.min(ink.width, x1); x++) {
        const v = ink.data[y * ink.width + x]!;
        if (v > INKED) {
          sum += y * v;
          n += v;
        }
      }
    }
    if (n > 0) pts.push([(x0 + x1) / 2, sum / n]);
  }
  const level = cells.map(() => [r0, r1] as [number, number]);
  if (pts.length < 3) return level;
  const mx = pts.reduce((a, p) => a + p[0], 0) / pts.length;
  const my = pts.reduce((a, p) => a + p[1], 0) / pts.length;
  const vx = pts.reduce((a, p) => a + (p[0] - mx) ** 2, 0);
  if (vx === 0) return level;
  const slope = pts.reduce((a, p) => a + (p[0] - mx) * (p[1] - my), 0) / vx;
  const shift = (x: number) => Math.round(my + slope * (x - mx) - (r0 + r1) / 2);
  return cells.map(([x0, x1]) => {
    const d = shift((x0 + x1) / 2);
    return [r0 + d, r1 + d];
  });
}

/** The glyph in each cell of a line of `count` characters (undefined for an empty cell), or undefined where the cells are not found. */
export function lineGlyphs(ink: Grey, count: number): (Uint8Array | undefined)[] | undefined {
  const grid = lineCells(ink, count);
  if (!grid) return undefined;
  const rows = tiltedRows(ink, grid.cells, grid.rows);
  return grid.cells.map((cell, i) => glyphGrid(ink, cell, rows[i]));
}

/** The rows a glyph's ink spans within columns [x0, x1), or undefined for an empty cell. */
export function inkRows(ink: Grey, [x0, x1]: [number, number], [r0, r1]: [number, number] = [0, ink.height]): [number, number] | undefined {
  let top = -1;
  let bottom = -1;
  for (let y = Math.max(0, r0); y < Math.min(ink.height, r1); y++) {
    let on = false;
    for (let x = Math.max(0, x0); x < Math.min(ink.width, x1) && !on; x++) on = ink.data[y * ink.width + x]! > INKED;
    if (on) {
      if (top < 0) top = y;
      bottom = y + 1;
    }
  }
  return top < 0 ? undefined : [top, bottom];
}


/**
 * Look-alikes in OCR-B, as OCR takes them for one another (the repair's pairs, and the Q that OCR reads as 0, A, 4 or
 * 9): the candidates a read character is compared with. Not 0 and O: their shapes differ by a few per cent of a cell
 * (the oval's width), within what print and scanning change, and the check digits tell them apart (0 and 24 weigh
 * differently).
 */
const LOOK_ALIKES: Record<string, string> = {
  '0': 'QDU',
  O: 'QD',
  D: '0OQ',
  Q: '0ODA49',
  U: '0V',
  V: 'U',
  '1': 'IL',
  I: '1L',
  L: '1I',
  '2': 'Z',
  Z: '27',
  '7': 'Z',
  '5': 'S',
  S: '58',
  '8': 'SB',
  B: '8',
  '6': 'G',
  G: '6C',
  C: 'G',
  '4': 'AQ',
  A: '4Q',
  '9': 'Q',
};

/**
 * In the names, a filler and the letters OCR makes of one where print or a pattern crosses it (`VIRTANENC<<<`,
 * `NICCOLOCPIERLUIGI`): no check digit covers a name, so only the shape can say.
 */
const CHEVRON_LOOKALIKES: Record<string, string> = { '<': 'CKAEXL', C: '<', K: '<', A: '<', E: '<', X: '<', L: '<' };

/** How like its own shape a line's median letter or digit must be in its cell: below it the reading is out of step. */
const LINE_IN_STEP = 0.75;

/**
 * Whether the line as read lies in its cells: a reading with a letter too many or too few puts each character beside
 * its glyph, and its look-alikes would then be judged against their neighbours' shapes (`FRANCESCA<` turned into
 * `FRANCESC<C`).
 */
function inStep(glyphs: (Uint8Array | undefined)[], line: string): boolean {
  // Letters and digits only: a run of fillers read one cell off still meets fillers.
  return stepScore(glyphs, line) >= LINE_IN_STEP;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ALNUM = `${LETTERS}0123456789`;

/** A line's median likeness of its letters and digits to their cells' glyphs (`inStep`'s measure). */
function stepScore(glyphs: (Uint8Array | undefined)[], line: string): number {
  const scores = [...line].flatMap((c, i) => (c === '<' ? [] : [glyphs[i] ? glyphLikeness(glyphs[i]!, [c]).get(c)! : 0]));
  return median(scores);
}

/**
 * A names line read out of step with its cells put back in step, when one letter too many or too few explains it: the
 * line with one character from `from` on dropped (a filler added at its end), or with the glyph of one cell put in
 * (its last filler dropped), whichever is most like the glyphs and in step. No check digit covers the names, so a
 * letter read into them (`DEX<LA<CRUZ`, generated TD1#16) stays unless the shapes tell. Undefined when none is in step.
 */
function namesInStep(glyphs: (Uint8Array | undefined)[], line: string, from: number): string | undefined {
  const variants: string[] = [];
  for (let i = from; i < line.length; i++) variants.push(`${line.slice(0, i)}${line.slice(i + 1)}<`);
  if (line.endsWith('<')) {
    for (let i = from; i < line.length; i++) {
      const glyph = glyphs[i];
      const put = glyph ? [...glyphLikeness(glyph, [...LETTERS, '<'])].sort((a, b) => b[1] - a[1])[0]![0] : '<';
      variants.push(`${line.slice(0, i)}${put}${line.slice(i, -1)}`);
    }
  }
  let best: [string, number] | undefined;
  for (const v of new Set(variants)) {
    const score = stepScore(glyphs, v);
    if (!best || score > best[1]) best = [v, score];
  }
  return best && best[1] >= LINE_IN_STEP ? best[0] : undefined;
}
/** Below this likeness to its glyph a letter of the names is weighed against every letter. */
const NAME_DOUBT = 0.85;

/** Whether position i of line k holds the holder's names. */
const names = (format: MrzFormat, k: number, i: number) => (format === 'TD1' ? k === 2 : k === 0 && i >= 5);

/** How much more like another candidate than like the character read a glyph must be for the reading to change. */
export const GLYPH_MARGIN = 0.05;
/** How like its shape the candidate must be: below it the cell is not where the glyph is (a grid a cell off). */
const GLYPH_SEEN = 0.7;

export interface GlyphDecision {
  line: number;
  index: number;
  read: string;
  scores: Map<string, number>;
}

/**
 * The zone's lines with each look-alike in a free position (document and personal numbers, optional data: letters and
 * digits alike) set to the candidate its glyph is clearly most like. `inks`: the band's lines, upright, ink high, one
 * per zone line. Lines whose cells cannot be found are left as read.
 */
export function glyphChoices(inks: Grey[], lines: string[], format: MrzFormat, margin = GLYPH_MARGIN, decisions?: GlyphDecision[]): { lines: string[]; changed: number } {
  if (inks.length !== lines.length) return { lines, changed: 0 };
  const classes = LAYOUTS[format].classes;
  let changed = 0;
  // Each cell's glyph cut once, for the font's fit, the line's step and its look-alikes.
  const cut = lines.map((line, k) => lineGlyphs(inks[k]!, line.length));
  // Set in another font, the zone's glyphs are unlike OCR-B's, look-alikes or not: OCR's reading stands (Liberation
  // Mono's S was more like OCR-B's B, and its 8 and 1 like B and I).
  if ((fontFit(cut, lines) ?? 1) < OCRB_FIT) return { lines, changed: 0 };
  const out = lines.map((line, k) => {
    const glyphs = cut[k];
    if (!glyphs) return line;
    const from = format === 'TD1' ? 0 : 5;
    const stepped = inStep(glyphs, line) ? line : names(format, k, from) ? namesInStep(glyphs, line, from) : undefined;
    if (!stepped) return line;
    if (stepped !== line) changed++;
    const chars = [...stepped];
    chars.forEach((c, i) => {
      const free = classes[k]![i] === 'x' && !names(format, k, i);
      const glyph = glyphs[i];
      if (!glyph) return;
      // A glyph in a number not like the character read at all is any character's (OCR took a 4 for a 6, which no list of
      // look-alikes holds): every letter and digit is a candidate.
      const own = c === '<' ? 1 : glyphLikeness(glyph, [c]).get(c)!;
      const unlike = free && own < GLYPH_SEEN;
      // A letter of the names its glyph is not clearly like may be any letter (`ABDULLAN` for ABDULLAH).
      const doubted = names(format, k, i) && own < NAME_DOUBT;
      // In the names, any letter may be a chevron that print crossed (`WEI<KKRCK<<<`), not only its usual look-alikes.
      const alts = unlike ? ALNUM.replace(c, '') + '<' : doubted ? LETTERS.replace(c, '') + '<' : names(format, k, i) ? (CHEVRON_LOOKALIKES[c] ?? (/[A-Z]/.test(c) ? '<' : undefined)) : free ? LOOK_ALIKES[c] : undefined;
      if (!alts) return;
      const scores = glyphLikeness(glyph, [c, ...alts]);
      decisions?.push({ line: k, index: i, read: c, scores });
      const [best, score] = [...scores].sort((a, b) => b[1] - a[1])[0]!;
      if (best !== c && score >= GLYPH_SEEN && score >= scores.get(c)! + margin) {
        chars[i] = best;
        changed++;
      }
    });
    return chars.join('');
  });
  return { lines: out, changed };
}

/**
 * Least fit to OCR-B of a zone set in it: on the tuning generator's OCR-B pages, photographed and scanned, 0.87 or more
 * (most 0.93–0.98), and 0.81 blurred 3 px a degree off level; its passports and CIN backs set in DejaVu Sans Mono or
 * Roboto Mono, photographed plain or rough, 0.66–0.77.
 */
export const OCRB_FIT = 0.79;

/** Fewest fillers a zone's fit to OCR-B is measured on. */
const FIT_FILLERS = 3;

/**
 * How like OCR-B the zone's font is: the median likeness of its fillers (every zone pads with them) to OCR-B's `<`.
 * Undefined when the zone has too few fillers whose cells were found.
 */
export function fontFit(glyphs: ((Uint8Array | undefined)[] | undefined)[], lines: string[]): number | undefined {
  const scores = lines.flatMap((line, k) => [...line].flatMap((c, i) => (c === '<' && glyphs[k]?.[i] ? [glyphLikeness(glyphs[k]![i]!, ['<']).get('<')!] : [])));
  return scores.length >= FIT_FILLERS ? median(scores) : undefined;
}

/** Pairs of characters whose glyphs the judge does not tell apart. */
const UNTOLD = new Set(['0O', 'O0']);

/**
 * Of zones the check digits cannot choose between (contested repairs, readings that validate apart, a repair that costs
 * more than a check digit vouches for), the index of the one the glyphs printed in the band vouch for: every character
 * like its glyph (`GLYPH_SEEN`: on the tuning generator's pages, 90 % of printed zones have every cell at 0.8 or more,
 * and a character not printed in its cell scores 0.1–0.6), and where the zones differ, no less like them than any
 * other's and likelier by `GLYPH_MARGIN` a cell on average. So a character read twice or dropped in data no check digit
 * covers (`3806030<<<` against `38060300<<`, an MRV-A's optional data) is told; 0 and O, whose shapes barely differ,
 * stay undecided. Undefined when no zone is vouched for. `inks`: the band's lines, upright, ink high.
 */
export function judgeRivals(inks: Grey[], candidates: string[][]): number | undefined {
  const key = (z: string[]) => z.join('\n');
  const rivals = candidates.filter((z, i) => candidates.findIndex((o) => key(o) === key(z)) === i);
  if (rivals.length === 0 || rivals.some((z) => z.length !== inks.length)) return undefined;
  // Each line's glyphs cut once for every rival (rivals of one format share the width; a line of another width is cut apart).
  const cut = new Map<string, (Uint8Array | undefined)[] | undefined>();
  const glyphsOf = (k: number, width: number) => {
    const at = `${k}:${width}`;
    if (!cut.has(at)) cut.set(at, lineGlyphs(inks[k]!, width));
    return cut.get(at);
  };
  // Each rival character's likeness to the glyph in its cell (−1 for an empty cell); undefined where a line's cells are not found.
  const scores = rivals.map((z) =>
    z.map((line, k) =>
      glyphsOf(k, line.length)?.map((g, i) => (g ? glyphLikeness(g, [line[i]!]).get(line[i]!)! : -1)),
    ),
  );
  const printed = (a: number) => scores[a]!.every((line) => line !== undefined && line.every((v) => v >= GLYPH_SEEN));
  const beats = (a: number, b: number) => {
    let sum = 0;
    let cells = 0;
    for (const [k, line] of rivals[a]!.entries()) {
      for (let i = 0; i < line.length; i++) {
        // 0 against O says nothing either way: their templates differ by less than print and scanning do (an unseen
        // font's 0 was likelier an O, 0.86 against 0.80).
        if (line[i] === rivals[b]![k]![i] || UNTOLD.has(line[i]! + rivals[b]![k]![i]!)) continue;
        const [la, lb] = [scores[a]![k]![i]!, scores[b]![k]?.[i] ?? -1];
        if (la < lb) return false;
        sum += la - lb;
        cells++;
      }
    }
    return cells > 0 && sum / cells >= GLYPH_MARGIN;
  };
  const winner = rivals.findIndex((_, a) => printed(a) && rivals.every((_, b) => a === b || beats(a, b)));
  return winner < 0 ? undefined : candidates.findIndex((c) => key(c) === key(rivals[winner]!));
}
