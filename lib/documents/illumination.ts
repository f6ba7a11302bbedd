import sharp from 'sharp';

/** Blocks across the image for the paper estimate: coarse enough to hold paper between letters, fine enough to follow a shadow's edge. */
const BLOCKS_ACROSS = 48;
/** Brightness relative to the local paper above which a pixel is paper. */
const PAPER = 0.82;
/** Share of a block's pixels darker than its paper estimate (ink, guilloche, noise). */
const PAPER_PERCENTILE = 0.9;

/**
 * The paper brightness around each pixel: the 90th percentile of each block
 * (ink never reaches it, unlike a mean), smoothed and grown back to full size.
 */
async function paperBrightness(grey: Buffer, width: number, height: number): Promise<Buffer> {
  const size = Math.max(4, Math.ceil(width / BLOCKS_ACROSS));
  const bw = Math.ceil(width / size);
  const bh = Math.ceil(height / size);
  const blocks = Buffer.alloc(bw * bh);
  const hist = new Uint32Array(256);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      hist.fill(0);
      let n = 0;
      for (let y = by * size; y < Math.min(height, (by + 1) * size); y++) {
        for (let x = bx * size; x < Math.min(width, (bx + 1) * size); x++) {
          hist[grey[y * width + x]!]!++;
          n++;
        }
      }
      let seen = 0;
      let v = 0;
      while (v < 255 && seen + hist[v]! < n * PAPER_PERCENTILE) seen += hist[v++]!;
      blocks[by * bw + bx] = v;
    }
  }
  return sharp(blocks, { raw: { width: bw, height: bh, channels: 1 } })
    .blur(1)
    .resize({ width, height, kernel: 'cubic' })
    // One channel out (sharp would otherwise write sRGB).
    .toColourspace('b-w')
    .raw()
    .toBuffer();
}

/**
 * Uneven light removed from a grey image: each pixel divided by the local
 * paper brightness, then squared so thin light-grey labels stay dark enough
 * to read, and what is nearly paper becomes paper. Tesseract binarises with
 * one global threshold, so a shadow over one corner otherwise turns that
 * corner black and its text is lost.
 */
export async function flattenIllumination(grey: Buffer, width: number, height: number): Promise<Buffer> {
  const paper = await paperBrightness(grey, width, height);
  const out = Buffer.alloc(width * height);
  for (let i = 0; i < out.length; i++) {
    const ratio = Math.min(1, grey[i]! / Math.max(1, paper[i]! * 0.92));
    // Near-paper tones (faint guilloche, JPEG noise) become paper: fewer specks for the layout analysis to chew on.
    out[i] = ratio >= PAPER ? 255 : Math.round(255 * ratio * ratio);
  }
  return out;
}
