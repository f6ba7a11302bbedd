import { ocrPool, type OcrLine, type OcrOutput, type PageMode } from '../ocr';
import { cropped, pgm, type Grey } from './box';

/** Pages shorter than this are read whole: halves of a small page cost more in set-up than they save. */
const MIN_SPLIT_HEIGHT = 700;
/** A cut row may cross at most this share of dark pixels (a gap between lines has next to none). */
const MAX_CUT_INK = 0.004;
/**
 * Where no row between the lines is clean (a portrait, a background print or a shadow crosses the
 * middle), the halves overlap by this share of the height, more than the tallest printed line: every
 * line then lies whole in at least one half.
 */
const OVERLAP = 0.06;
const MIN_OVERLAP_PX = 48;

/** Dark pixels in a piece's inner part, as a share of it, above which a reading of nothing is the layout analysis failing. */
const PRINTED_INK = 0.002;
/** Margin of a piece left out of that count, a share of each side: the card's edges and the frame the locator leaves. */
const INNER = 0.04;

/** Whether the inner part of a piece holds ink enough to be print (its edges, where a card's outline runs, left out). */
function holdsPrint(piece: Grey): boolean {
  const [mx, my] = [Math.round(piece.width * INNER), Math.round(piece.height * INNER)];
  let dark = 0;
  for (let y = my; y < piece.height - my; y++) for (let x = mx, i = y * piece.width + mx; x < piece.width - mx; x++, i++) if (piece.data[i]! < 128) dark++;
  return dark > PRINTED_INK * (piece.width - 2 * mx) * (piece.height - 2 * my);
}

/**
 * A piece of the page read by OCR. Tesseract's automatic layout now and then returns no text at all for a piece of a
 * document that holds print (a few short lines on a wide stretch of paper: a CIN back's parents and birthplace above its
 * blank middle, a CNH back's place and date beside its QR code): with `located` (the page is a document told apart from
 * its surroundings) such a piece is read again as sparse text. Not on any picture: a photo with no document in it reads
 * as nothing, which is how it is told to be none, and sparse text finds letters in any picture.
 */
async function readPiece(piece: Grey, mode: PageMode, located: boolean, deadline?: number): Promise<OcrOutput> {
  const out = await ocrPool().recognize({ image: pgm(piece), mode, deadline });
  if (out.cut || !located || mode !== 'auto' || out.lines.some((l) => l.text.trim()) || !holdsPrint(piece)) return out;
  return ocrPool().recognize({ image: pgm(piece), mode: 'sparse', deadline });
}

/** A reading made of pieces is cut when any piece was. */
const cutIf = (out: OcrOutput, pieces: OcrOutput[]): OcrOutput => (pieces.some((p) => p.cut) ? { ...out, cut: true } : out);

/** The row with the least ink between 40 % and 60 % of the height, and whether it crosses no text. */
export function emptiestRow(page: Grey): { row: number; clean: boolean } {
  const { data, width, height } = page;
  let best = { row: Math.floor(height / 2), ink: Infinity };
  for (let y = Math.floor(height * 0.4); y < Math.floor(height * 0.6); y++) {
    let ink = 0;
    for (let x = 0, i = y * width; x < width; x++, i++) if (data[i]! < 128) ink++;
    if (ink < best.ink || (ink === best.ink && Math.abs(y - height / 2) < Math.abs(best.row - height / 2))) best = { row: y, ink };
  }
  return { row: best.row, clean: best.ink <= width * MAX_CUT_INK };
}

/** Lines read on a part of the page, moved by (dx, dy) into the page's pixels. */
export const moved = (lines: OcrLine[], dx: number, dy: number): OcrLine[] =>
  lines.map((l) => ({ ...l, bbox: [l.bbox[0] + dx, l.bbox[1] + dy, l.bbox[2], l.bbox[3]], words: l.words.map((w) => ({ ...w, bbox: [w.bbox[0] + dx, w.bbox[1] + dy, w.bbox[2], w.bbox[3]] })) }));

const centre = (l: OcrLine) => l.bbox[1] + l.bbox[3] / 2;

/**
 * Lines of two overlapping halves as one page: each line is taken from the half that holds its centre
 * on its own side of the cut (a line the other half cut through is read there only in part, and its
 * centre falls on the wrong side).
 */
export function joinHalves(upper: OcrLine[], lower: OcrLine[], cut: number): OcrOutput {
  return asOutput([...upper.filter((l) => centre(l) < cut), ...lower.filter((l) => centre(l) >= cut)]);
}

/** Lines as one reading: their text in order, confidence weighted by length. */
function asOutput(lines: OcrLine[]): OcrOutput {
  const weight = (l: OcrLine) => Math.max(1, l.text.length);
  const total = lines.reduce((s, l) => s + weight(l), 0);
  const conf = total ? lines.reduce((s, l) => s + l.conf * weight(l), 0) / total : 0;
  return { text: lines.map((l) => l.text).join('\n'), conf, lines };
}

/** Half-width, as a share of the page's width, of the band of columns whose ink is summed when looking for the gutter. */
const GUTTER_BAND = 0.015;

/** Vertical runs of ink longer than this share of the height are a card's edge or a portrait, not letters. */
const MAX_GLYPH_RUN = 0.12;

/**
 * The column between two cards lying side by side: the band of columns between 35 % and 65 % of the
 * width that the least lettering crosses, the one nearest the middle among equals. (A band, not one
 * column: a single column can fall between two letters of a line. Long vertical runs of ink are not
 * counted: the cards' edges run down the gutter.)
 */
export function gutterColumn(page: Grey): number {
  const { data, width, height } = page;
  const ink = new Float64Array(width);
  const longest = Math.max(8, Math.round(height * MAX_GLYPH_RUN));
  for (let x = 0; x < width; x++) {
    let run = 0;
    for (let y = 0, i = x; y <= height; y++, i += width) {
      if (y < height && data[i]! < 128) run++;
      else {
        if (run > 0 && run <= longest) ink[x]! += run;
        run = 0;
      }
    }
  }
  const half = Math.max(1, Math.round(width * GUTTER_BAND));
  let best = { column: Math.floor(width / 2), ink: Infinity };
  for (let x = Math.floor(width * 0.35); x < Math.floor(width * 0.65); x++) {
    let sum = 0;
    for (let k = Math.max(0, x - half); k <= Math.min(width - 1, x + half); k++) sum += ink[k]!;
    if (sum < best.ink || (sum === best.ink && Math.abs(x - width / 2) < Math.abs(best.column - width / 2))) best = { column: x, ink: sum };
  }
  return best.column;
}

/** The page's columns [left, right). */
const crop = (page: Grey, left: number, right: number): Grey => cropped(page, [left, 0, right - left, page.height]);

/**
 * The lines of one side, each cut down to its words whose centre lies on that side of the cut (a line
 * the overlap let run on into the other card loses the other card's words, which that card's side
 * reads whole); lines left without a word are dropped.
 */
export function wordsOnSide(lines: OcrLine[], onSide: (x: number) => boolean): OcrLine[] {
  return lines.flatMap((l) => {
    const words = l.words.filter((w) => onSide(w.bbox[0] + w.bbox[2] / 2));
    if (words.length === l.words.length) return [l];
    if (!words.length) return [];
    const x0 = Math.min(...words.map((w) => w.bbox[0]));
    const y0 = Math.min(...words.map((w) => w.bbox[1]));
    const x1 = Math.max(...words.map((w) => w.bbox[0] + w.bbox[2]));
    const y1 = Math.max(...words.map((w) => w.bbox[1] + w.bbox[3]));
    const conf = words.reduce((sum, w) => sum + w.conf, 0) / words.length;
    return [{ text: words.map((w) => w.text).join(' '), conf, bbox: [x0, y0, x1 - x0, y1 - y0], words }];
  });
}

/**
 * Two cards side by side (a document opened flat): each side read on its own, so that no line runs on
 * from one card into the other (read whole, Tesseract joins rows of the two cards that lie level, and
 * the values under their labels are lost). The cut runs down the gutter; the sides overlap so that a
 * word crossing the cut lies whole in one of them, and each word is taken from the side holding its
 * centre. Left side's lines first: a card is read before the next.
 */
async function readSideBySide(page: Grey, mode: PageMode, located: boolean, deadline?: number): Promise<OcrOutput> {
  const cut = gutterColumn(page);
  const overlap = Math.max(MIN_OVERLAP_PX, Math.round(page.width * OVERLAP));
  const left = Math.max(0, cut - overlap);
  const read = (g: Grey) => readPiece(g, mode, located, deadline);
  const [a, b] = await Promise.all([read(crop(page, 0, Math.min(page.width, cut + overlap))), read(crop(page, left, page.width))]);
  return cutIf(asOutput([...wordsOnSide(a.lines, (x) => x < cut), ...wordsOnSide(moved(b.lines, left, 0), (x) => x >= cut)]), [a, b]);
}

/** How `readPage` reads a page (each option described there). */
export interface PageReadOptions {
  sideBySide?: boolean;
  asBlocks?: boolean;
  located?: boolean;
  deadline?: number;
}

/**
 * A prepared page read by OCR. With two or more workers a tall page is read as two halves side by side:
 * one call at a time then uses both cores (a page reading is the longest step of a document). The cut
 * runs along a gap between lines when there is one, else the halves overlap. The halves' lines come back
 * in the page's pixels. `sideBySide`: the page holds two cards side by side, read one card at a time;
 * with `asBlocks` each card is read as one block of text (the automatic layout can take a card's print,
 * beside a large portrait and blank margins, for a picture and return nothing from it). `located`: the page is a
 * document told apart from its surroundings, and a piece of it read as nothing is read again (`readPiece`). `deadline`:
 * when the reading must end (`OcrJob.deadline`); a piece still being read then is missing, and the reading is `cut`.
 */
export async function readPage(page: Grey, { sideBySide = false, asBlocks = false, located = false, deadline }: PageReadOptions = {}): Promise<OcrOutput> {
  if (sideBySide) return readSideBySide(page, asBlocks ? 'block' : 'auto', located, deadline);
  if (ocrPool().size < 2 || page.height < MIN_SPLIT_HEIGHT) return readPiece(page, 'auto', located, deadline);
  const { row: cut, clean } = emptiestRow(page);
  const half = (top: number, bottom: number) => readPiece({ data: page.data.subarray(top * page.width, bottom * page.width), width: page.width, height: bottom - top }, 'auto', located, deadline);
  if (clean) {
    const [upper, lower] = await Promise.all([half(0, cut), half(cut, page.height)]);
    const weight = (o: OcrOutput) => Math.max(1, o.text.trim().length);
    const conf = (upper.conf * weight(upper) + lower.conf * weight(lower)) / (weight(upper) + weight(lower));
    return cutIf({ text: `${upper.text.trimEnd()}\n${lower.text}`, conf, lines: [...upper.lines, ...moved(lower.lines, 0, cut)] }, [upper, lower]);
  }
  const overlap = Math.max(MIN_OVERLAP_PX, Math.round(page.height * OVERLAP));
  const top = Math.max(0, cut - overlap);
  const [upper, lower] = await Promise.all([half(0, Math.min(page.height, cut + overlap)), half(top, page.height)]);
  return cutIf(joinHalves(upper.lines, moved(lower.lines, 0, top), cut), [upper, lower]);
}
