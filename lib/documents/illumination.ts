import sharp from 'sharp';

/** Width of the background estimate: coarse enough that letters vanish, fine enough to follow a shadow's edge. */
const BACKGROUND_WIDTH = 48;

/**
 * Uneven light removed from a grey image: each pixel divided by the local
 * paper brightness (the image shrunk until text vanishes, blurred and grown
 * back), then squared so thin light-grey labels stay dark enough to read.
 * Tesseract binarises with one global threshold, so a shadow over one corner
 * otherwise turns that corner black and its text is lost.
 */
export async function flattenIllumination(grey: Buffer, width: number, height: number): Promise<Buffer> {
  const raw = { raw: { width, height, channels: 1 as const } };
  const background = await sharp(grey, raw)
    .resize({ width: Math.min(BACKGROUND_WIDTH, width), kernel: 'cubic' })
    .blur(1.5)
    .resize({ width, height, kernel: 'cubic' })
    .raw()
    .toBuffer();
  const out = Buffer.alloc(width * height);
  for (let i = 0; i < out.length; i++) {
    const ratio = Math.min(1, grey[i]! / Math.max(1, background[i]! * 0.92));
    out[i] = Math.round(255 * ratio * ratio);
  }
  return out;
}
