import sharp, { type Sharp } from 'sharp';

/**
 * How a picture held in memory between steps is encoded: stored, neither
 * deflated nor filtered. Pixels are the same as any PNG's; a 1280 × 1730 photo
 * then encodes in 25 ms instead of 60 and decodes in 5 ms instead of 45 (the
 * face engine and its threads decode one picture a dozen times per call).
 */
export const PIXEL_PNG = { compressionLevel: 0, adaptiveFiltering: false } as const;

/** An image's decoded pixels, 8 bits a channel. */
export interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/**
 * Decoded pixels per PNG, shared by every step that reads the same image in one call: a 1600 × 2200 px PNG takes
 * 40–80 ms to decode, and a document call read its page six times (blank check, QR codes, outline, visible part,
 * colour, crop). Held while the PNG itself is held.
 */
const decoded = new WeakMap<Buffer, Promise<Pixels>>();

/** The PNG's pixels, decoded once. */
export function pixelsOf(png: Buffer): Promise<Pixels> {
  let pixels = decoded.get(png);
  if (!pixels) {
    pixels = sharp(png)
      .raw()
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => ({ data, width: info.width, height: info.height, channels: info.channels }));
    decoded.set(png, pixels);
  }
  return pixels;
}

/** Records the pixels a PNG was encoded from, so that no step decodes it again. */
export function rememberPixels(png: Buffer, pixels: Pixels): void {
  decoded.set(png, Promise.resolve(pixels));
}

/** A sharp pipeline on decoded pixels. */
export const fromPixels = ({ data, width, height, channels }: Pixels): Sharp => sharp(data, { raw: { width, height, channels } });

/** A sharp pipeline on the PNG's pixels, without decoding it again. */
export async function imageOf(png: Buffer): Promise<Sharp> {
  return fromPixels(await pixelsOf(png));
}
