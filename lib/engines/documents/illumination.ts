import sharp from 'sharp';
import { cellTaps } from './box';

/** Blocks across the image for the paper estimate: coarse enough to hold paper between letters, fine enough to follow a shadow's edge. */
const BLOCKS_ACROSS = 48;
/** Brightness relative to the local paper above which a pixel is paper. */
const PAPER = 0.82;
/** Share of a block's pixels darker than its paper estimate (ink, guilloche, noise). */
const PAPER_PERCENTILE = 0.9;

/** Glare is near-white: paper below this is a bright part of the card, not light reflected off it. */
const GLARE_MIN = 240;
/** Glare brighter than the usual paper by less than this is ordinary light variation. */
const GLARE_STEP = 6;
/** Paper this close to white leaves no room to tell glare from paper. */
const MIN_GLARE_HEADROOM = 12;
/** The strongest glare undone: beyond it the few grey levels left are mostly noise. */
const MAX_GLARE = 0.88;

/**
 * A pixel `v` over its local paper `p`, for every (p, v): divided, squared so
 * thin light-grey labels stay dark enough to read, and near-paper tones (faint
 * guilloche, JPEG noise) made paper, which leaves fewer specks for the layout
 * analysis. A table, since it runs for every pixel of every page.
 */
const FLAT = (() => {
  const table = new Uint8Array(256 * 256);
  for (let p = 0; p < 256; p++) {
    for (let v = 0; v < 256; v++) {
      const ratio = Math.min(1, v / Math.max(1, p * 0.92));
      table[(p << 8) | v] = ratio >= PAPER ? 255 : Math.round(255 * ratio * ratio);
    }
  }
  return table;
})();

/** The paper's usual brightness: the median over the page of the local estimates, white margins left out. */
function usualPaper(paper: Buffer): number {
  const hist = new Uint32Array(256);
  let n = 0;
  for (let i = 0; i < paper.length; i += 7) {
    if (paper[i]! < 252) {
      hist[paper[i]!]!++;
      n++;
    }
  }
  return n === 0 ? 255 : percentile(hist, n, 0.5);
}

/** The grey level below which a share `q` of the `n` counted pixels lie. */
function percentile(hist: Uint32Array, n: number, q: number): number {
  let seen = 0;
  let v = 0;
  while (v < 255 && seen + hist[v]! < n * q) seen += hist[v++]!;
  return v;
}

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
      // Every other pixel each way: a quarter of the work, the same percentile within a grey level.
      for (let y = by * size; y < Math.min(height, (by + 1) * size); y += 2) {
        for (let x = bx * size; x < Math.min(width, (bx + 1) * size); x += 2) {
          hist[grey[y * width + x]!]!++;
          n++;
        }
      }
      blocks[by * bw + bx] = percentile(hist, n, PAPER_PERCENTILE);
    }
  }
  const smooth = await sharp(blocks, { raw: { width: bw, height: bh, channels: 1 } })
    .blur(1)
    // One channel out (sharp would otherwise write sRGB).
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  return grown(smooth, bw, bh, width, height);
}

/**
 * A small grid of values grown to full size by bilinear interpolation between block centres: a third
 * of the time of libvips' cubic resize on a 3-megapixel page, and paper light varies too slowly for
 * the kernel to matter.
 */
function grown(grid: Buffer, gw: number, gh: number, width: number, height: number): Buffer {
  const out = Buffer.alloc(width * height);
  const { lo: x0, hi: x1, weight: wx } = cellTaps(width, gw);
  const rows = cellTaps(height, gh);
  // Each output row blends two grid rows once, then every pixel blends two values of that row.
  const row = new Float32Array(gw);
  for (let y = 0; y < height; y++) {
    const r0 = rows.lo[y]! * gw;
    const r1 = rows.hi[y]! * gw;
    const wy = rows.weight[y]!;
    for (let gx = 0; gx < gw; gx++) row[gx] = grid[r0 + gx]! + (grid[r1 + gx]! - grid[r0 + gx]!) * wy;
    const off = y * width;
    for (let x = 0; x < width; x++) {
      const a = row[x0[x]!]!;
      out[off + x] = (a + (row[x1[x]!]! - a) * wx[x]! + 0.5) | 0;
    }
  }
  return out;
}

/** A page with uneven light removed, and, where the paper is brighter than usual, a second version with glare taken away. */
export interface Flattened {
  pixels: Buffer;
  /** The page with glare undone, and the box of the bright region it changed; absent when nothing is brighter than usual. */
  deglared?: { pixels: Buffer; box: [number, number, number, number] };
}

/**
 * Uneven light removed from a grey image: each pixel divided by the local
 * paper brightness, then squared so thin light-grey labels stay dark enough
 * to read, and what is nearly paper becomes paper. Tesseract binarises with
 * one global threshold, so a shadow over one corner otherwise turns that
 * corner black and its text is lost.
 *
 * Glare is white light added over the print: a share `a` of full white where
 * the paper is brighter than the page's usual paper. Undoing it
 * (v = (v' - 255a) / (1 - a)) gives washed-out letters their contrast back,
 * but a card's legitimately bright areas cannot be told from glare by their
 * brightness alone, and there it amplifies noise: so it is a second version
 * of the page, read only where the first reading is doubtful.
 */
export async function flattenIllumination(grey: Buffer, width: number, height: number): Promise<Flattened> {
  const paper = await paperBrightness(grey, width, height);
  const usual = usualPaper(paper);
  const pixels = Buffer.alloc(width * height);
  // Every pixel of every page passes here on the request thread: a tight loop of table look-ups first.
  for (let i = 0; i < pixels.length; i++) pixels[i] = FLAT[(paper[i]! << 8) | grey[i]!]!;
  let deglared: Buffer | undefined;
  // Print only the second version shows (paper in the first, ink in the second), counted per row.
  const recoveredInRow = new Uint32Array(height);
  let [x0, x1] = [width, -1];
  const brighter = Math.max(GLARE_MIN, usual + GLARE_STEP + 1);
  if (usual < 255 - MIN_GLARE_HEADROOM) {
    for (let i = 0; i < pixels.length; i++) {
      const local = paper[i]!;
      if (local < brighter) continue;
      const a = Math.min(MAX_GLARE, (local - usual) / (255 - usual));
      deglared ??= Buffer.from(pixels);
      deglared[i] = FLAT[(usual << 8) | Math.round(Math.max(0, (grey[i]! - 255 * a) / (1 - a)))]!;
      if (pixels[i] === 255 && deglared[i]! < 128) {
        const x = i % width;
        recoveredInRow[(i - x) / width]!++;
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
      }
    }
  }
  // Rows where letters came back (a few pixels per row is noise made visible, not print).
  const minimum = Math.max(3, Math.round(width * 0.004));
  let [y0, y1] = [-1, -1];
  for (let y = 0; y < height; y++) {
    if (recoveredInRow[y]! < minimum) continue;
    if (y0 < 0) y0 = y;
    y1 = y;
  }
  if (!deglared || y0 < 0) return { pixels };
  return { pixels, deglared: { pixels: deglared, box: [x0, y0, x1 - x0 + 1, y1 - y0 + 1] } };
}
