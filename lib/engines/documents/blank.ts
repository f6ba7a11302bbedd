import { imageOf } from '../media';

/** Gradient (grey levels between neighbours, after a 3 × 3 median) that only a drawn edge makes: print, a card's border, a face. */
const EDGE = 12;
/** Share of such pixels under which nothing is drawn on the picture (a document's print alone covers a few per cent). */
const BLANK_SHARE = 0.0005;

/**
 * Share of the picture, at 800 px wide, on a drawn edge. A plain surface, a
 * lens cap or an over-exposed frame has none: there is nothing to read, and
 * the engine says so at once instead of trying every turn and fallback.
 */
export async function edgeShare(png: Buffer): Promise<number> {
  const { data, info } = await (await imageOf(png)).greyscale().resize({ width: 800, withoutEnlargement: false }).median(3).raw().toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = info;
  let edges = 0;
  for (let y = 0; y < h - 1; y++)
    for (let x = 0; x < w - 1; x++) {
      const i = y * w + x;
      if (Math.abs(data[i + 1]! - data[i]!) > EDGE || Math.abs(data[i + w]! - data[i]!) > EDGE) edges++;
    }
  return edges / Math.max(1, (w - 1) * (h - 1));
}

export const isBlank = async (png: Buffer) => (await edgeShare(png)) < BLANK_SHARE;
