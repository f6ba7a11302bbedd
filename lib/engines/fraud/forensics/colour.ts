import { imageOf, insideQuad, type Point } from '@/lib/engines/media';

/** Width the colour is measured at: enough for a tenth of the document, cheap to scan. */
const WIDTH = 600;
/** The quad is shrunk towards its centre by this share: its edge may still show a sliver of the table. */
const SHRINK = 0.08;

/**
 * The colour left in a document: the chroma (max − min channel, 0..1) of its
 * most coloured tenth — the photo, the coat of arms, tinted print. A grey-scale
 * copy has none anywhere. Only pixels inside the document's outline count
 * (a tilted card's bounding box holds much of the table around it); without an
 * outline, the inner part of the box.
 */
export async function chromaOf(pagePng: Buffer, pageWidth: number, quad: Point[] | undefined, box: [number, number, number, number]): Promise<number> {
  const { data: rgb, info } = await (await imageOf(pagePng)).removeAlpha().resize({ width: Math.min(WIDTH, pageWidth) }).raw().toBuffer({ resolveWithObject: true });
  const k = info.width / pageWidth;
  let region: Point[];
  if (quad?.length === 4) {
    const cx = quad.reduce((a, p) => a + p[0], 0) / 4;
    const cy = quad.reduce((a, p) => a + p[1], 0) / 4;
    region = quad.map(([x, y]) => [(cx + (x - cx) * (1 - SHRINK)) * k, (cy + (y - cy) * (1 - SHRINK)) * k]);
  } else {
    const [x, y, w, h] = box;
    const m = 0.12;
    region = [[x + w * m, y + h * m], [x + w * (1 - m), y + h * m], [x + w * (1 - m), y + h * (1 - m)], [x + w * m, y + h * (1 - m)]].map(([a, b]) => [a! * k, b! * k]);
  }
  const histogram = new Uint32Array(256);
  let pixels = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (!insideQuad(region, x + 0.5, y + 0.5)) continue;
      const i = (y * info.width + x) * 3;
      histogram[Math.max(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!) - Math.min(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!)]!++;
      pixels++;
    }
  }
  if (pixels === 0) return 0;
  let seen = 0;
  let level = 255;
  while (level > 0 && seen + histogram[level]! < pixels * 0.1) seen += histogram[level--]!;
  return level / 255;
}
