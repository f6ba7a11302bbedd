import sharp from 'sharp';

/** Margin left out on each side: a rectified card's edge may still show a sliver of the table. */
const EDGE = 0.06;

/**
 * The colour left in a document: the chroma (max − min channel, 0..1) of its
 * most coloured tenth — the photo, the coat of arms, tinted print. A grey-scale
 * copy has none anywhere. Measured on the document alone (cropped and
 * rectified by the engine), so the table around a tilted card does not count.
 */
export async function chromaOf(documentPng: Buffer): Promise<number> {
  const meta = await sharp(documentPng).metadata();
  const [w, h] = [meta.width!, meta.height!];
  const left = Math.round(w * EDGE);
  const top = Math.round(h * EDGE);
  const rgb = await sharp(documentPng)
    .removeAlpha()
    .extract({ left, top, width: Math.max(1, w - 2 * left), height: Math.max(1, h - 2 * top) })
    .resize({ width: 600, withoutEnlargement: true })
    .raw()
    .toBuffer();
  const histogram = new Uint32Array(256);
  for (let i = 0; i < rgb.length; i += 3) histogram[Math.max(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!) - Math.min(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!)]!++;
  const pixels = rgb.length / 3;
  let seen = 0;
  let level = 255;
  while (level > 0 && seen + histogram[level]! < pixels * 0.1) seen += histogram[level--]!;
  return level / 255;
}
