import sharp from 'sharp';

/** The face box cut out, grey, 128 px wide: the common ground of the face measures. */
export async function greyFace(png: Buffer, box: [number, number, number, number], width: number, height: number): Promise<{ data: Buffer; width: number; height: number }> {
  const left = Math.max(0, Math.min(width - 1, Math.floor(box[0])));
  const top = Math.max(0, Math.min(height - 1, Math.floor(box[1])));
  const w = Math.max(1, Math.min(width - left, Math.ceil(box[2])));
  const h = Math.max(1, Math.min(height - top, Math.ceil(box[3])));
  const { data, info } = await sharp(png).extract({ left, top, width: w, height: h }).greyscale().resize({ width: 128 }).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Variance of the 4-neighbour Laplacian: how much fine detail (focus) an image holds. */
export function laplacianVariance(data: Buffer, W: number, H: number): number {
  let s = 0;
  let s2 = 0;
  let n = 0;
  for (let y = 1; y < H - 1; y++) {
    for (let x = 1; x < W - 1; x++) {
      const c = y * W + x;
      const lap = data[c - 1]! + data[c + 1]! + data[c - W]! + data[c + W]! - 4 * data[c]!;
      s += lap;
      s2 += lap * lap;
      n++;
    }
  }
  return n ? s2 / n - (s / n) ** 2 : 0;
}
