import { ocrPool } from '../ocr';
import type { Grey } from './accents';
import { fromGrey, pgm, toGrey, type Box } from './box';
import { estimateSkew } from './deskew';
import { readMrz, type MrzRead } from './mrz';
import { glyphChoices, judgeRivals } from './mrz-glyphs';
import type { MrzFormat } from './mrz-layout';
import { zerosMended } from './mrz-repair';
import { always, type AffordsMore } from './mrz-mix';
import { mixedZone } from './mrz-pool';
import type { MrzBand } from './mrz-locate';

export type { AffordsMore } from './mrz-mix';

export const MRZ_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

/** Letter height the band is scaled to before OCR: Tesseract reads capitals best at about this size. */
const LETTER = 20;

/** Letters drawn closer together: OCR-B's wide pitch makes the LSTM read some letters twice (55712 for 5712). */
const SQUEEZE = 0.8;

export type Turn = 0 | 90 | 180 | 270;

/**
 * A zone the check digits leave contested, settled by the glyphs printed in the band: the rival whose characters are
 * like their glyphs where the rivals differ, when one clearly is (flagged repaired). Otherwise the zone as it was.
 */
export function settledByGlyphs(read: MrzRead, inks: Grey[]): MrzRead {
  if (read.valid || !read.rivals) return read;
  const k = judgeRivals(inks, read.rivals);
  const chosen = k === undefined ? undefined : readMrz(read.rivals[k]!);
  return chosen?.valid ? { ...chosen, repaired: true, bbox: read.bbox, conf: read.conf } : read;
}

/** Ink in the first and last fifth of an upright band: fillers (thin chevrons) end a zone's lines, so its end holds less. */
function endsInk(g: Grey): [number, number] {
  const fifth = Math.max(1, Math.round(g.width / 5));
  let first = 0;
  let last = 0;
  for (let y = 0; y < g.height; y++) {
    for (let x = 0; x < fifth; x++) first += 255 - g.data[y * g.width + x]!;
    for (let x = g.width - fifth; x < g.width; x++) last += 255 - g.data[y * g.width + x]!;
  }
  return [first, last];
}

/**
 * Past the band's box by this share of its line height, the margin is paper: a card's edge beside the zone, inside
 * the margin, was read as a letter after the last one (a TD1's composite `9` and the edge read as `I`).
 */
const CLEAR_BEYOND = 0.4;

/** The picture with everything outside `box` (clipped to it) painted white. */
export function paperOutside(g: Grey, [bx, by, bw, bh]: Box): Grey {
  const [x0, y0] = [Math.max(0, bx), Math.max(0, by)];
  const [x1, y1] = [Math.min(g.width, bx + bw), Math.min(g.height, by + bh)];
  const data = new Uint8Array(g.data.length).fill(255);
  for (let y = y0; y < y1; y++) data.set(g.data.subarray(y * g.width + x0, y * g.width + x1), y * g.width + x0);
  return { ...g, data };
}

/** The band cut from the page with a margin, turned so its lines run left to right. */
async function bandImage(page: Grey, band: MrzBand, turn: Turn, letter = LETTER, squeeze = SQUEEZE): Promise<Grey> {
  const [x, y, w, h] = band.box;
  const across = Math.round(band.lineHeight * 0.8);
  const along = Math.round(band.lineHeight * 1.5);
  const [mx, my] = band.vertical ? [across, along] : [along, across];
  const left = Math.max(0, x - mx);
  const top = Math.max(0, y - my);
  const width = Math.min(page.width - left, w + 2 * mx);
  const height = Math.min(page.height - top, h + 2 * my);
  const scale = letter / band.lineHeight;
  const crop = await toGrey(fromGrey(page).extract({ left, top, width, height }));
  const pad = Math.round(band.lineHeight * CLEAR_BEYOND);
  // A zone at the page's edge (a card cropped close) gets its margin as paper: a last glyph touching the picture's edge
  // was dropped (a TD1's composite digit).
  const short = [left - (x - mx), x + w + mx - (left + width), top - (y - my), y + h + my - (top + height)].map((v) => Math.max(0, v));
  const framed = await toGrey(fromGrey(paperOutside(crop, [x - left - pad, y - top - pad, w + 2 * pad, h + 2 * pad])).extend({ left: short[0], right: short[1], top: short[2], bottom: short[3], background: '#ffffff' }));
  let img = fromGrey(framed);
  if (turn) img = fromGrey(await toGrey(img)).rotate(turn);
  const [bw, bh] = turn % 180 ? [framed.height, framed.width] : [framed.width, framed.height];
  return toGrey(img.resize({ width: Math.round(bw * scale * squeeze), height: Math.round(bh * scale), fit: 'fill', kernel: scale > 1 ? 'lanczos3' : 'linear' }).normalise());
}

/** Ink lighter than this share of the paper's brightness is not the zone's (which is printed black): a pale overprint, guilloche. */
const PALE_INK = 0.6;

/**
 * The band with pale print taken away: a SPECIMEN overprint or a pattern crossing the zone makes fillers read as
 * letters (`INGRID<<<<` as `INGRIDEK<KK<`) and joins lines, and the zone's own ink is far darker than either.
 */
export function withoutPaleInk(g: Grey): Grey {
  const sorted = Uint8Array.from(g.data).sort();
  const paper = sorted[Math.floor(sorted.length * 0.9)]!;
  const limit = paper * PALE_INK;
  return { ...g, data: Uint8Array.from(g.data, (v) => (v > limit ? 255 : v)) };
}

/**
 * Names ending in letters among fillers (`INGRIDEK<KK<<<`) or in a run of chevron look-alikes: chevrons read as letters
 * where pale print crosses them (the repair has already made everything after three fillers filler).
 */
const junkTail = (r: MrzRead) => /<[AKCX]{1,3}<|[AKC]{4,}/.test(r.format === 'TD1' ? r.lines[2]! : r.lines[0]!.slice(5));

/** Turns that bring the band's lines upright, likelier first. */
async function turnsOf(page: Grey, band: MrzBand): Promise<Turn[]> {
  const first: Turn = band.vertical ? 270 : 0;
  const [a, b] = endsInk(await bandImage(page, band, first, 10));
  const flipped = ((first + 180) % 360) as Turn;
  return a >= b ? [first, flipped] : [flipped, first];
}

/**
 * Runs of rows cut at their faintest middle row, the tallest first, until there are `count`: lines that a tilt of a
 * fraction of a degree along the band or blur join leave no blank row between them (a TD3's two lines as one run).
 */
export function splitJoined(rows: [number, number][], ink: number[], count: number): void {
  while (rows.length > 0 && rows.length < count) {
    const at = rows.reduce((t, r, i) => (r[1] - r[0] > rows[t]![1] - rows[t]![0] ? i : t), 0);
    const [y0, y1] = rows[at]!;
    // Where the joined lines meet: a third to two thirds down a run of two or three lines.
    const [from, to] = [y0 + Math.round((y1 - y0) * 0.3), y0 + Math.round((y1 - y0) * 0.7)];
    let cut = from;
    for (let y = from; y <= to; y++) if (ink[y]! < ink[cut]!) cut = y;
    if (cut - y0 < LETTER * 0.4 || y1 - cut < LETTER * 0.4) return;
    rows.splice(at, 1, [y0, cut], [cut, y1]);
  }
}

/** The band's rows split into its lines by the ink of each row: each line read alone. */
function lineBands(g: Grey, count: number): Box[] {
  const ink = Array.from({ length: g.height }, (_, y) => {
    let n = 0;
    for (let x = 0; x < g.width; x++) n += g.data[y * g.width + x]! < 128 ? 1 : 0;
    return n;
  });
  const peak = Math.max(...ink);
  const rows: [number, number][] = [];
  let start = -1;
  for (let y = 0; y <= g.height; y++) {
    const on = y < g.height && ink[y]! > peak * 0.08;
    if (on && start < 0) start = y;
    if (!on && start >= 0) {
      if (y - start >= LETTER * 0.4) rows.push([start, y]);
      start = -1;
    }
  }
  splitJoined(rows, ink, count);
  const tallest = rows.sort((a, b) => b[1] - b[0] - (a[1] - a[0])).slice(0, count).sort((a, b) => a[0] - b[0]);
  const pad = Math.round(LETTER * 0.35);
  return tallest.map(([y0, y1]) => [0, Math.max(0, y0 - pad), g.width, Math.min(g.height, y1 + pad) - Math.max(0, y0 - pad)] as Box);
}

/**
 * Reads a located band: the whole band as a block in the MRZ alphabet; when
 * its check digits fail, each line alone, and every mix of the readings of
 * each line. A band read backwards is read again the other way up. `more`:
 * whether the time left allows the fallbacks (a garbled zone can take a dozen readings).
 * Then its look-alikes are judged by their shapes (`mrz-glyphs.ts`). `vouched`: only a valid zone whose every character
 * is like the glyph printed in its cell is returned (a band read where no page was prepared for it, see `judgeRivals`);
 * as a predicate, the glyphs must vouch only for the valid zones it names (a reading that moved too far from an earlier one).
 */
export async function readBand(page: Grey, band: MrzBand, more: AffordsMore = always, vouched: boolean | ((read: MrzRead) => boolean) = false): Promise<MrzRead | undefined> {
  const found = await readBandAt(page, band, more);
  if (!found) return undefined;
  // Look-alikes the check digits cannot tell apart, told by their shapes: kept when the zone they make validates.
  const inks = await bandLineInks(page, band, found.turn);
  const { lines, changed } = glyphChoices(inks, found.read.lines, found.read.format as MrzFormat);
  // A clear verdict that breaks a check digit may have met a 0/O misread the glyphs cannot see, which had cancelled it.
  const mended = changed > 0 ? zerosMended(found.read.format as MrzFormat, lines) : undefined;
  const again = changed > 0 ? validAsIs(lines) ?? (mended && validAsIs(mended)) ?? (found.read.valid ? validChanges(found.read.lines, lines) : undefined) : undefined;
  const read = again ? { ...again, repaired: true, bbox: found.read.bbox, conf: found.read.conf } : found.read;
  const mustVouch = typeof vouched === 'function' ? read.valid && vouched(read) : vouched;
  return !mustVouch || (read.valid && judgeRivals(inks, [read.lines]) === 0) ? read : undefined;
}

/** The zone the lines make, when it validates with those very characters (no repair of its own). */
function validAsIs(lines: string[]): MrzRead | undefined {
  const r = readMrz(lines);
  return r?.valid && r.lines.join('') === lines.join('') ? r : undefined;
}

/**
 * A valid zone with those of the glyphs' changes that keep it valid, one at a time: a change that breaks a check digit
 * is the glyphs' mistake and the others stand (an issuer's round 0 taken for a D in the number, which had voided the
 * filler the glyphs restored after the names). Undefined when none stands.
 */
export function validChanges(read: string[], changed: string[]): MrzRead | undefined {
  let kept: MrzRead | undefined;
  let lines = read;
  for (const [k, line] of changed.entries()) {
    for (let i = 0; i < line.length; i++) {
      if (line[i] === lines[k]![i]) continue;
      const tried = lines.map((l, j) => (j === k ? l.slice(0, i) + line[i] + l.slice(i + 1) : l));
      const r = validAsIs(tried);
      if (r) [kept, lines] = [r, tried];
    }
  }
  return kept;
}

/** The most a band's tilt is taken to be (the page was levelled before), and the least that is undone. */
const MAX_BAND_SKEW = 5;
const MIN_BAND_SKEW = 0.2;

/** Letter height of the band cut for the glyphs' shapes: larger than OCR's, and not squeezed. */
const GLYPH_LETTER = 32;

/** Each line of the band, upright, as ink (high = ink), cut for the glyphs' shapes. */
export async function bandLineInks(page: Grey, band: MrzBand, turn: Turn): Promise<Grey[]> {
  const cut = await bandImage(page, band, turn, GLYPH_LETTER, 1);
  // Levelled: a band a degree off level over its length has its lines overlap in the rows, and no cut between them
  // keeps either line's glyphs whole (generated TD3#7's names, tilted 1.2°, were never judged).
  const skew = await estimateSkew(cut, MAX_BAND_SKEW);
  const img = Math.abs(skew) >= MIN_BAND_SKEW ? await toGrey(fromGrey(cut).rotate(-skew, { background: '#ffffff' })) : cut;
  return lineBands(img, band.lines).map(([, y, , h]) => ({ width: img.width, height: h, data: Uint8Array.from(img.data.subarray(y * img.width, (y + h) * img.width), (v) => 255 - v) }));
}

/** `readBand`'s OCR readings, with the turn that read the band upright. */
async function readBandAt(page: Grey, band: MrzBand, more: AffordsMore): Promise<{ read: MrzRead; turn: Turn } | undefined> {
  let best: { read: MrzRead; turn: Turn } | undefined;
  const block = async (img: Grey) => {
    const out = await ocrPool().recognize({ image: pgm(img), mode: 'block', whitelist: MRZ_CHARS });
    return { texts: out.lines.map((l) => l.text), conf: Math.round(out.conf) };
  };
  const long = (texts: string[]) => texts.filter((t) => t.replace(/\s/g, '').length >= 20);
  for (const turn of await turnsOf(page, band)) {
    const img = await bandImage(page, band, turn);
    // A contested zone is told by the glyphs of the band at this turn (cut once, when first needed).
    let inks: Promise<Grey[]> | undefined;
    const settle = async (r: MrzRead | undefined) => (r && !r.valid && r.rivals ? settledByGlyphs(r, await (inks ??= bandLineInks(page, band, turn).catch(() => []))) : r);
    const first = await block(img);
    const read1 = await settle(readMrz(first.texts));
    if (read1?.valid && !junkTail(read1)) return { read: { ...read1, bbox: band.box, conf: first.conf }, turn };
    // Read again without pale print: kept when valid and clean (a valid zone's names have no check digit to show junk).
    const clean = await block(withoutPaleInk(img));
    const read2 = await settle(readMrz(clean.texts));
    if (read2?.valid && (!read1?.valid || !junkTail(read2))) return { read: { ...read2, bbox: band.box, conf: clean.conf }, turn };
    if (read1?.valid) return { read: { ...read1, bbox: band.box, conf: first.conf }, turn };
    if (!more()) {
      const either = read2 ?? read1;
      best ??= either && { read: { ...either, bbox: band.box, conf: first.conf }, turn };
      break;
    }
    // Each line alone, and the band unsqueezed (the other spacing doubles or drops other letters): every mix of them.
    const [single, wide] = await Promise.all([
      Promise.all(
        lineBands(img, band.lines).map(async ([x, y, w, h]) => {
          const crop = pgm(await toGrey(fromGrey(img).extract({ left: x, top: y, width: w, height: h })));
          return (await ocrPool().recognize({ image: crop, mode: 'line', whitelist: MRZ_CHARS })).text.trim();
        }),
      ),
      bandImage(page, band, turn, LETTER, 1).then(block),
    ]);
    const mixed = await settle(await mixedZone([single, long(first.texts), long(wide.texts), long(clean.texts)].filter((r) => r.length === band.lines), more));
    const read = mixed?.valid ? mixed : (read1 ?? mixed);
    if (read?.valid) return { read: { ...read, bbox: band.box, conf: first.conf }, turn };
    if (read && (!best || read.lines.join('').split('<').length > best.read.lines.join('').split('<').length)) best = { read: { ...read, bbox: band.box, conf: first.conf }, turn };
    // Fillers read: the band was the right way up; the other way will not read better.
    if ((read && read.lines.some((l) => /<<<</.test(l))) || !more()) break;
  }
  return best;
}
