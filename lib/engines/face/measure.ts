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

export { laplacianVariance } from '../signal';
