import { ocrPool, type OcrLine } from '../ocr';
import { cropped, fromGrey, grown, pgm, toGrey, union, type Box, type Grey } from './box';
import type { ShortValue } from './extract';
import { datesHeight, onRowOfField } from './fallbacks';
import { isIsoDate } from './normalize';
import { fold, withoutAccents } from './text';

/**
 * Values of one to three capitals standing alone (a CNH category "C", a CIN's sex "M") that the page reading
 * skipped: Tesseract returns nothing for a lone capital, even a clear one, in any segmentation mode. Such a value
 * is found as a small group of letter-sized blobs of ink where no word was read, and read beside a word of the
 * same page that was read surely: with a word before it, the capital is read.
 */

/** Darker than this is ink on the evenly lit page. */
const INK = 120;
/** Letters a lone value is scaled to (Tesseract reads best around 30–40 px capitals). */
const LETTER_HEIGHT = 40;
const PAD = 16;

/**
 * Bounding boxes of the 8-connected blobs of ink on the page whose box could hold a letter `height` tall or less; the
 * larger ones' boxes go to `larger` when given.
 */
function blobs(page: Grey, height: number, larger?: Box[]): Box[] {
  const { data, width, height: rows } = page;
  const seen = new Uint8Array(width * rows);
  const stack = new Int32Array(width * rows);
  const out: Box[] = [];
  const maxSide = height * 2;
  for (let start = 0; start < data.length; start++) {
    if (seen[start] || data[start]! >= INK) continue;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    let [x0, y0, x1, y1] = [width, rows, 0, 0];
    let big = false;
    while (top > 0) {
      const i = stack[--top]!;
      const x = i % width;
      const y = (i - x) / width;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      // A blob larger than a letter (a portrait, a guilloche, a line of joined text) is walked to its end but kept out.
      if (x1 - x0 > maxSide || y1 - y0 > maxSide) big = true;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= rows) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const j = ny * width + nx;
          if (!seen[j] && data[j]! < INK) {
            seen[j] = 1;
            stack[top++] = j;
          }
        }
      }
    }
    if (!big) out.push([x0, y0, x1 - x0 + 1, y1 - y0 + 1]);
    else larger?.push([x0, y0, x1 - x0 + 1, y1 - y0 + 1]);
  }
  return out;
}

/**
 * The height of the printed digits inside the given boxes (the dates' words), as ink: word boxes of a photo are often
 * half as tall again as their letters (a slash, noise, a residual tilt), so a lone letter as tall as the dates' digits
 * measured against their boxes looked too small to be one. Undefined when no box holds ink of a letter's size.
 */
export function inkHeight(page: Grey, boxes: Box[]): number | undefined {
  const heights: number[] = [];
  for (const [bx, by, bw, bh] of boxes) {
    const x = Math.max(0, Math.round(bx));
    const y = Math.max(0, Math.round(by));
    const w = Math.min(page.width - x, Math.round(bw));
    const h = Math.min(page.height - y, Math.round(bh));
    if (w < 4 || h < 4) continue;
    heights.push(...blobs(cropped(page, [x, y, w, h]), h).filter((b) => b[3] >= h * 0.3).map((b) => b[3]));
  }
  if (heights.length < 3) return undefined;
  return heights.sort((a, b) => a - b)[Math.floor(heights.length / 2)];
}

const overlaps = (a: Box, b: Box) => a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3];

/** Larger ink round a group, at most this many letter heights across, frames it (see `loneGlyphGroups`). */
const RING_LETTERS = 6;

/** Widest blob taken as one letter, and as letters that touch, in letter heights; and the width of one letter in such a blob. */
const LETTER_WIDTH = 1.3;
const MERGED_WIDTH = 2.7;
const LETTER_PITCH = 0.8;

/**
 * Groups of one to three letter-sized blobs (`height` tall, as the page's printed values) side by side, where OCR
 * read no word, with no other ink within a letter and a half on their row: lone short values. At most `max`.
 */
export function loneGlyphGroups(page: Grey, lines: OcrLine[], height: number, max = 6): { box: Box; glyphs: number }[] {
  const larger: Box[] = [];
  const all = blobs(page, height, larger);
  // A ring of ink a few letters across around the group (a QR code's finder pattern round its centre square, read "E"
  // on an opened CNH where the category was the other lone letter) frames a mark, not a value.
  const rings = larger.filter((b) => b[2] <= height * RING_LETTERS && b[3] <= height * RING_LETTERS);
  const framed = (b: Box) => rings.some((r) => r[0] < b[0] && r[1] < b[1] && r[0] + r[2] > b[0] + b[2] && r[1] + r[3] > b[1] + b[3]);
  // A short word read doubtfully ("Cc" at 49 for a lone "C") is what this looks for, not a word read.
  const read = lines.flatMap((l) => l.words.filter((w) => w.text.trim().length > 3 || w.conf >= 80).map((w) => grown(w.bbox, height * 0.3)));
  // A blob as wide as two or three letters is letters that touch (bold print, a soft photo: the R and A of a CIN's BRA).
  const letter = (b: Box) => b[3] >= height * 0.7 && b[3] <= height * 1.4 && b[2] >= height * 0.15 && b[2] <= height * MERGED_WIDTH;
  const count = (b: Box) => (b[2] <= height * LETTER_WIDTH ? 1 : Math.max(2, Math.round(b[2] / (height * LETTER_PITCH))));
  const glyphs = all.filter((b) => letter(b) && !read.some((r) => overlaps(b, r))).sort((a, b) => a[0] - b[0]);
  const used = new Set<Box>();
  const groups: { box: Box; glyphs: number }[] = [];
  for (const g of glyphs) {
    if (used.has(g) || count(g) > 3) continue;
    const members = [g];
    const counted = () => members.reduce((n, m) => n + count(m), 0);
    for (const next of glyphs) {
      const last = members[members.length - 1]!;
      if (used.has(next) || members.includes(next) || counted() + count(next) > 3) continue;
      const sameRow = Math.abs(next[1] + next[3] / 2 - (last[1] + last[3] / 2)) < height * 0.4;
      const gap = next[0] - (last[0] + last[2]);
      if (sameRow && gap >= -1 && gap < height * 0.5) members.push(next);
    }
    members.forEach((m) => used.add(m));
    const x0 = Math.min(...members.map((m) => m[0]));
    const y0 = Math.min(...members.map((m) => m[1]));
    const x1 = Math.max(...members.map((m) => m[0] + m[2]));
    const y1 = Math.max(...members.map((m) => m[1] + m[3]));
    const box: Box = [x0, y0, x1 - x0, y1 - y0];
    // Alone on its row: nothing else of any size (accents and specks aside) within a letter and a half.
    const near: Box = [x0 - height * 1.5, y0, x1 - x0 + height * 3, y1 - y0];
    const crowded = all.some((b) => !members.includes(b) && b[2] * b[3] >= height * height * 0.05 && overlaps(b, near));
    if (!crowded && !framed(box)) groups.push({ box, glyphs: counted() });
    if (groups.length === max) break;
  }
  return groups;
}

/**
 * A region read beside a word of the page that was read surely (`context`, and the letters it printed): both scaled
 * to the same letter height, the word first. The text read after the word, with its confidence; `letters` restricts
 * the reading to them (and the word's).
 */
export async function readBeside(page: Grey, region: Box, context: { box: Box; text: string }, letters?: string): Promise<{ text: string; conf: number } | undefined> {
  const k = LETTER_HEIGHT / Math.max(1, region[3]);
  const cut = async (b: Box) => {
    const [x, y, w, h] = [Math.max(0, Math.round(b[0] - 4)), Math.max(0, Math.round(b[1] - 4)), Math.round(b[2] + 8), Math.round(b[3] + 8)];
    const width = Math.min(page.width - x, w);
    const height = Math.min(page.height - y, h);
    return toGrey(fromGrey(page).extract({ left: x, top: y, width, height }).resize({ width: Math.max(1, Math.round(width * k)), height: Math.max(1, Math.round(height * k)), kernel: 'lanczos3' }));
  };
  const [word, value] = await Promise.all([cut(context.box), cut(region)]);
  // Two letters apart: at one, Tesseract joins the value to the word.
  const gap = 2 * LETTER_HEIGHT;
  // A letter's room after the value: at the edge, Tesseract doubles a last capital ("CC").
  const width = PAD + word.width + gap + value.width + LETTER_HEIGHT;
  const height = PAD + Math.max(word.height, value.height) + PAD;
  const canvas = Buffer.alloc(width * height, 255);
  const place = (g: Grey, left: number) => {
    const top = PAD + Math.round((height - 2 * PAD - g.height) / 2);
    for (let y = 0; y < g.height; y++) canvas.set(g.data.subarray(y * g.width, (y + 1) * g.width), (top + y) * width + left);
  };
  place(word, PAD);
  place(value, PAD + word.width + gap);
  const out = await ocrPool().recognize({ image: pgm({ data: canvas, width, height }), mode: 'line', ...(letters ? { whitelist: [...new Set(letters + context.text)].join('') } : {}) });
  const words = out.lines.flatMap((l) => l.words);
  const after = words.filter((w) => w.bbox[0] >= PAD + word.width + gap / 2);
  if (after.length) return { text: after.map((w) => w.text).join(''), conf: Math.min(...after.map((w) => w.conf)) };
  // Read as one word all the same: the value is what follows the word's own letters.
  const joined = words.map((w) => w.text).join('');
  if (joined.length > context.text.length && joined.startsWith(context.text)) return { text: joined.slice(context.text.length), conf: Math.min(...words.map((w) => w.conf)) };
  return undefined;
}

/**
 * A lone capital read as the sign it looks like: the euro sign is a C with its bars (rough photos of tuning opened
 * CNHs: a category C read "€" at 44, and "C€" for one C). Only this sign, not the page's category signs
 * (`categorySigns`, `&` for B): this path takes readings of small groups of ink at low confidence, and with `&` mapped
 * too, a 7×6 px blob read `&` at 38 beside a sure word became category B (session 90); the page's category words need
 * confidence 60.
 */
function capitalOf(read: { text: string; conf: number } | undefined): { text: string; conf: number } | undefined {
  return read && { ...read, text: read.text.replace(/€/g, 'C') };
}

/**
 * A reading held to the number of letters the group has: the LSTM sometimes reads one capital twice ("CC" for one
 * "C"), so a doubled letter counts once when that gives the count; any other count is not the group.
 */
function counted(read: { text: string; conf: number } | undefined, glyphs: number): { text: string; conf: number } | undefined {
  if (!read) return undefined;
  if (read.text.length === glyphs) return read;
  const single = read.text.toUpperCase().replace(/(.)\1+/g, '$1');
  return single.length === glyphs ? { ...read, text: single } : undefined;
}

/** Fields read before a lone value is looked for: under three, where the card's fields lie is not known. */
const FIELDS_TO_BOUND = 3;
/** How far above or below the fields read a lone value may lie, in value heights. */
const FIELDS_MARGIN = 3;
/** How far beside them, as a share of their width (a category may end a row past the last value read on it). */
const FIELDS_SIDE_MARGIN = 0.25;

/**
 * Whether a box lies among the fields already read (their union, widened by a few value heights above and below and by
 * a quarter of its width on either side): a short value is printed on the same card as the holder's data. On a
 * document opened flat the other card prints codes that look the same (the CNH's restriction codes under
 * OBSERVAÇÕES, whose small label a photo often loses).
 */
function amongFields(fields: { key: string; bbox: Box }[], height: number): (box: Box) => boolean {
  const placed = fields.filter((f) => f.key !== 'qrCode' && f.key !== 'mrz' && f.bbox[2] > 0).map((f) => f.bbox);
  if (placed.length < FIELDS_TO_BOUND) return () => true;
  const [x, y, w, h] = union(placed);
  const m = FIELDS_MARGIN * height;
  const side = Math.max(m, FIELDS_SIDE_MARGIN * w);
  return (b) => overlaps(b, [x - side, y - m, w + 2 * side, h + 2 * m]);
}

/** What a short value must look like (`ShortValue`, less where its label and row are: a lone one has neither). */
type LoneValue = Pick<ShortValue, 'key' | 'letters' | 'valid' | 'value' | 'notUnder'>;

/**
 * Short values still missing after their re-reads, found as lone glyphs (above) and read beside a sure word of the
 * page. A value is taken only when exactly one group reads as it. Boxes in the page's pixels.
 */
export async function readLoneValues(page: Grey, lines: OcrLine[], fields: { key: string; value: string; conf: number; bbox: Box }[], specs: LoneValue[]): Promise<void> {
  const missing = specs.filter((s) => !fields.some((f) => f.key === s.key));
  const height = datesHeight(fields);
  if (!missing.length || !height) return;
  // Codes printed under some labels look the same (the CNH's restriction codes under OBSERVAÇÕES): not these.
  const below = (label: string) => lines.filter((l) => fold(l.text).includes(label)).map((l) => [l.bbox[0] - l.bbox[3] * 4, l.bbox[1], l.bbox[2] + l.bbox[3] * 8, l.bbox[3] * 5] as Box);
  // The values' letter height: as ink in the dates' words when it can be measured (their boxes run taller than their digits).
  const glyph = inkHeight(page, fields.filter((f) => isIsoDate(f.value)).map((f) => f.bbox)) ?? height;
  // A word of capitals as tall as the values, read surely: what the lone value is read beside. Its box is measured
  // against the dates' ink or against the dates' boxes: a photo's word boxes run tall for names as for dates, or not.
  const sized = (h: number, ref: number, over: number) => h >= ref * 0.8 && h <= ref * over;
  const sure = lines.flatMap((l) => l.words).filter((w) => /^[A-Z]{4,}$/.test(w.text) && w.conf >= 90);
  const context = sure.find((w) => sized(w.bbox[3], height, 1.3)) ?? sure.find((w) => sized(w.bbox[3], glyph, 1.4));
  if (!context) return;
  const groups = loneGlyphGroups(page, lines, glyph);
  if (!groups.length) return;
  const letters = [...new Set(missing.map((s) => s.letters).join(''))].join('');
  const beside = { box: context.bbox, text: context.text };
  // Read freely first: what it reads as another letter ("É" for a washed-out "B") is not forced into the value's letters.
  // Only a group it reads as nothing, or as other than its count of glyphs (a clear lone "C" read "(CC" at 2), is read
  // again restricted to them.
  const free = await Promise.all(groups.map(async (g) => capitalOf(await readBeside(page, g.box, beside))));
  // A free reading with an accent (a speck above a lone capital: "À" for "A") is read again held to the letters too, and
  // the letter under the accent taken only when that reading agrees.
  const reads = await Promise.all(
    groups.map(async (g, i) => {
      const own = counted(free[i], g.glyphs);
      if (own && withoutAccents(own.text) === own.text) return own;
      const held = counted(await readBeside(page, g.box, beside, letters), g.glyphs);
      if (!own) return held;
      return held && held.text === withoutAccents(own.text) ? held : own;
    }),
  );
  const among = amongFields(fields, height);
  for (const spec of missing) {
    const excluded = (spec.notUnder ?? []).flatMap(below);
    const hits = groups.flatMap(({ box }, i) => (reads[i] && spec.valid.test(reads[i]!.text) && among(box) && !excluded.some((e) => overlaps(e, box)) ? [{ box, read: reads[i]! }] : []));
    // Two groups that read as the value: the one on a row of the fields read (`onRowOfField`).
    const taken = hits.length === 1 ? hits : hits.filter((h) => onRowOfField(fields, h.box));
    if (taken.length !== 1) continue;
    const { box, read } = taken[0]!;
    fields.push({ key: spec.key, value: spec.value?.(read.text) ?? read.text, conf: Math.round(read.conf), bbox: box });
  }
}
