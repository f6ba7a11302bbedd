import { ocrPool, type OcrLine, type OcrOutput } from '../ocr';
import { pgm, type Grey } from './box';

/** Pages shorter than this are read whole: halves of a small page cost more in set-up than they save. */
const MIN_SPLIT_HEIGHT = 700;
/** A cut row may cross at most this share of dark pixels (a gap between lines has next to none). */
const MAX_CUT_INK = 0.004;

/** The row with the least ink between 40 % and 60 % of the height, if it crosses no text. */
function emptiestRow(page: Grey): number | undefined {
  const { data, width, height } = page;
  let best: { row: number; ink: number } | undefined;
  for (let y = Math.floor(height * 0.4); y < Math.floor(height * 0.6); y++) {
    let ink = 0;
    for (let x = 0, i = y * width; x < width; x++, i++) if (data[i]! < 128) ink++;
    if (!best || ink < best.ink || (ink === best.ink && Math.abs(y - height / 2) < Math.abs(best.row - height / 2))) best = { row: y, ink };
  }
  return best && best.ink <= width * MAX_CUT_INK ? best.row : undefined;
}

const moved = (lines: OcrLine[], dy: number): OcrLine[] =>
  lines.map((l) => ({ ...l, bbox: [l.bbox[0], l.bbox[1] + dy, l.bbox[2], l.bbox[3]], words: l.words.map((w) => ({ ...w, bbox: [w.bbox[0], w.bbox[1] + dy, w.bbox[2], w.bbox[3]] })) }));

/**
 * A prepared page read by OCR. With two or more workers a tall page is read as two halves cut along a
 * gap between lines, side by side: one call at a time then uses both cores (a page reading is the
 * longest step of a document). The halves' lines come back in the page's pixels.
 */
export async function readPage(page: Grey): Promise<OcrOutput> {
  const cut = ocrPool().size >= 2 && page.height >= MIN_SPLIT_HEIGHT ? emptiestRow(page) : undefined;
  if (cut === undefined) return ocrPool().recognize({ image: pgm(page), mode: 'auto' });
  const half = (top: number, bottom: number) => ocrPool().recognize({ image: pgm({ data: page.data.subarray(top * page.width, bottom * page.width), width: page.width, height: bottom - top }), mode: 'auto' });
  const [upper, lower] = await Promise.all([half(0, cut), half(cut, page.height)]);
  const weight = (o: OcrOutput) => Math.max(1, o.text.trim().length);
  const conf = (upper.conf * weight(upper) + lower.conf * weight(lower)) / (weight(upper) + weight(lower));
  return { text: `${upper.text.trimEnd()}\n${lower.text}`, conf, lines: [...upper.lines, ...moved(lower.lines, cut)] };
}
