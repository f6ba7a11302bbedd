import { ocrPool } from '../ocr';
import { fromGrey, pgm, toGrey, type Box, type Grey } from './box';

/** Text heights (px) a short value is read alone at: the usual one and a larger one (a thin 8 and a 5 part better when bigger). */
export const REREAD_HEIGHTS = [56, 84];

/** White margin around a crop read alone (Tesseract misses letters that touch the border). */
const PAD = 16;

/**
 * A region of the prepared page read on its own as one line: clamped to the
 * page, scaled to `outHeight(height)` pixels high, padded with white, read
 * with a restricted alphabet. `toImage` maps a box of the crop back to the
 * page. Undefined when the clamped region is smaller than `minSide`.
 */
export async function readLineAlone(page: Grey, region: Box, outHeight: (height: number) => number, minSide: number, whitelist: string) {
  const left = Math.max(0, Math.round(region[0]));
  const top = Math.max(0, Math.round(region[1]));
  const width = Math.min(page.width - left, Math.round(region[2]));
  const height = Math.min(page.height - top, Math.round(region[3]));
  if (width < minSide || height < minSide) return undefined;
  const scaled = Math.round(outHeight(height));
  const crop = pgm(
    await toGrey(
      fromGrey(page)
        .extract({ left, top, width, height })
        .resize({ height: scaled, kernel: 'lanczos3' })
        .extend({ top: PAD, bottom: PAD, left: PAD, right: PAD, background: '#ffffff' }),
    ),
  );
  const out = await ocrPool().recognize({ image: crop, mode: 'line', whitelist });
  const k = scaled / height;
  const toImage = ([x, y, w, h]: Box): Box => [Math.round(left + (x - PAD) / k), Math.round(top + (y - PAD) / k), Math.round(w / k), Math.round(h / k)];
  return { out, toImage };
}
