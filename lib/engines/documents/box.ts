import sharp, { type Sharp } from 'sharp';

/** `[x, y, width, height]` in pixels. */
export type Box = [number, number, number, number];

/** The smallest box holding all the boxes. */
export function union(boxes: Box[]): Box {
  const x0 = Math.min(...boxes.map((b) => b[0]));
  const y0 = Math.min(...boxes.map((b) => b[1]));
  const x1 = Math.max(...boxes.map((b) => b[0] + b[2]));
  const y1 = Math.max(...boxes.map((b) => b[1] + b[3]));
  return [x0, y0, x1 - x0, y1 - y0];
}

/** The box with `by` pixels added on every side. */
export const grown = ([x, y, w, h]: Box, by: number): Box => [x - by, y - by, w + 2 * by, h + 2 * by];

/** Darker than this on the prepared (evenly lit) page is ink. */
export const INK = 110;

/** One-channel 8-bit pixels, row by row. */
export interface Grey {
  data: Buffer | Uint8Array;
  width: number;
  height: number;
}

/** Grey pixels as a sharp pipeline's input. */
export const fromGrey = (g: Grey) => sharp(g.data, { raw: { width: g.width, height: g.height, channels: 1 } });

/**
 * A pipeline's result as one-channel pixels. Stated on purpose: sharp keeps
 * three channels after greyscale() (four after a composite) unless told the
 * colour space, and every later step would move three times the data.
 */
export async function toGrey(pipeline: Sharp): Promise<Grey & { data: Buffer }> {
  const { data, info } = await pipeline.toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) throw new Error(`expected one channel, got ${info.channels}`);
  return { data, width: info.width, height: info.height };
}

/** The page with every pixel above `t` made white and the rest black (a copy; only the region is worked on). */
export function thresholded(page: Grey, [x, y, w, h]: Box, t: number): Grey {
  const data = new Uint8Array(page.data);
  const x0 = Math.max(0, Math.floor(x));
  const y0 = Math.max(0, Math.floor(y));
  const x1 = Math.min(page.width, Math.ceil(x + w));
  const y1 = Math.min(page.height, Math.ceil(y + h));
  for (let yy = y0; yy < y1; yy++) for (let xx = x0; xx < x1; xx++) data[yy * page.width + xx] = data[yy * page.width + xx]! > t ? 255 : 0;
  return { data, width: page.width, height: page.height };
}

/** The pixels of `[x, y, w, h]` (whole pixels, within the page) as a page of their own, copied row by row. */
export function cropped(page: Grey, [x, y, w, h]: Box): Grey {
  const data = Buffer.alloc(w * h);
  for (let r = 0; r < h; r++) data.set(page.data.subarray((y + r) * page.width + x, (y + r) * page.width + x + w), r * w);
  return { data, width: w, height: h };
}

/** Grey pixels as a PGM file: what OCR reads without any encoding or decoding (Leptonica reads PNM natively). */
export const pgm = (g: Grey) => Buffer.concat([Buffer.from(`P5\n${g.width} ${g.height}\n255\n`), g.data]);

/** Summed-area table of a grey image ((width + 1) × (height + 1)): the sum over any rectangle in four reads. */
export function integralImage(data: ArrayLike<number>, w: number, h: number): Float64Array {
  const sum = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += data[y * w + x]!;
      sum[(y + 1) * (w + 1) + x + 1] = sum[y * (w + 1) + x + 1]! + row;
    }
  }
  return sum;
}

/**
 * Dark-on-light ink: darker than the local mean by a margin (the morphological
 * black-hat, by integral image, so uneven light and colour backgrounds pass).
 * `contrast`: the margin as a share of the mean (print in pale inks passes the default).
 */
export function inkMask(g: Grey, window: number, contrast = 0.12): Uint8Array {
  const { width: w, height: h, data } = g;
  const sum = integralImage(data, w, h);
  const r = window >> 1;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(w, x + r + 1);
      const s = sum[y1 * (w + 1) + x1]! - sum[y0 * (w + 1) + x1]! - sum[y1 * (w + 1) + x0]! + sum[y0 * (w + 1) + x0]!;
      const mean = s / ((x1 - x0) * (y1 - y0));
      out[y * w + x] = data[y * w + x]! < mean - Math.max(10, mean * contrast) ? 1 : 0;
    }
  }
  return out;
}

/** For each pixel along one axis: the two grid cells whose centres surround it and the second's weight. */
export interface CellTaps {
  lo: Int32Array;
  hi: Int32Array;
  weight: Float32Array;
}

/**
 * Bilinear taps between the centres of `cells` equal cells spanning `length` pixels (held at the edges):
 * what grows a coarse grid (tile curves, block estimates) back over every pixel.
 */
export function cellTaps(length: number, cells: number): CellTaps {
  const lo = new Int32Array(length);
  const hi = new Int32Array(length);
  const weight = new Float32Array(length);
  const scale = cells / length;
  for (let i = 0; i < length; i++) {
    const f = Math.min(cells - 1, Math.max(0, (i + 0.5) * scale - 0.5));
    lo[i] = Math.floor(f);
    hi[i] = Math.min(cells - 1, lo[i]! + 1);
    weight[i] = f - lo[i]!;
  }
  return { lo, hi, weight };
}
