import { ocrPool, type OcrLine, type OcrOutput } from '../ocr';
import { pgm, type Grey } from './box';

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

const moved = (lines: OcrLine[], dy: number): OcrLine[] =>
  lines.map((l) => ({ ...l, bbox: [l.bbox[0], l.bbox[1] + dy, l.bbox[2], l.bbox[3]], words: l.words.map((w) => ({ ...w, bbox: [w.bbox[0], w.bbox[1] + dy, w.bbox[2], w.bbox[3]] })) }));

const centre = (l: OcrLine) => l.bbox[1] + l.bbox[3] / 2;

/**
 * Lines of two overlapping halves as one page: each line is taken from the half that holds its centre
 * on its own side of the cut (a line the other half cut through is read there only in part, and its
 * centre falls on the wrong side).
 */
export function joinHalves(upper: OcrLine[], lower: OcrLine[], cut: number): OcrOutput {
  const lines = [...upper.filter((l) => centre(l) < cut), ...lower.filter((l) => centre(l) >= cut)];
  const weight = (l: OcrLine) => Math.max(1, l.text.length);
  const total = lines.reduce((s, l) => s + weight(l), 0);
  const conf = total ? lines.reduce((s, l) => s + l.conf * weight(l), 0) / total : 0;
  return { text: lines.map((l) => l.text).join('\n'), conf, lines };
}

/**
 * A prepared page read by OCR. With two or more workers a tall page is read as two halves side by side:
 * one call at a time then uses both cores (a page reading is the longest step of a document). The cut
 * runs along a gap between lines when there is one, else the halves overlap. The halves' lines come back
 * in the page's pixels.
 */
export async function readPage(page: Grey): Promise<OcrOutput> {
  if (ocrPool().size < 2 || page.height < MIN_SPLIT_HEIGHT) return ocrPool().recognize({ image: pgm(page), mode: 'auto' });
  const { row: cut, clean } = emptiestRow(page);
  const half = (top: number, bottom: number) => ocrPool().recognize({ image: pgm({ data: page.data.subarray(top * page.width, bottom * page.width), width: page.width, height: bottom - top }), mode: 'auto' });
  if (clean) {
    const [upper, lower] = await Promise.all([half(0, cut), half(cut, page.height)]);
    const weight = (o: OcrOutput) => Math.max(1, o.text.trim().length);
    const conf = (upper.conf * weight(upper) + lower.conf * weight(lower)) / (weight(upper) + weight(lower));
    return { text: `${upper.text.trimEnd()}\n${lower.text}`, conf, lines: [...upper.lines, ...moved(lower.lines, cut)] };
  }
  const overlap = Math.max(MIN_OVERLAP_PX, Math.round(page.height * OVERLAP));
  const top = Math.max(0, cut - overlap);
  const [upper, lower] = await Promise.all([half(0, Math.min(page.height, cut + overlap)), half(top, page.height)]);
  return joinHalves(upper.lines, moved(lower.lines, top), cut);
}
