import sharp, { type Metadata } from 'sharp';
import { getConfig } from '../../platform/config';
import { unprocessable } from '../../platform/errors';
import type { DecodedFile } from './decode';
import { fromPixels, PIXEL_PNG, rememberPixels } from './pixels';

export interface NormalizedImage {
  /** Upright (EXIF applied), sRGB, 8-bit; encoded as PNG (lossless for OCR), stored uncompressed (PIXEL_PNG). */
  png: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes an image safely: the pixel count is checked from the header before
 * any pixel is decoded (decompression bombs), truncated or corrupt data is an
 * error, decoding time is bounded, EXIF orientation is applied and colours go
 * to sRGB.
 */
export async function normalizeImage(file: Pick<DecodedFile, 'bytes' | 'field'>, input: Buffer = file.bytes): Promise<NormalizedImage> {
  const c = getConfig();
  const corrupt = (why: string) => unprocessable('corrupt_file', `${file.field} could not be decoded as an image (${why}).`, { errors: [{ pointer: `/${file.field}`, message: why }] });
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw corrupt((err as Error).message.split('\n')[0]!.slice(0, 120));
  }
  if (!meta.width || !meta.height) throw corrupt('no dimensions');
  const megapixels = (meta.width * meta.height) / 1e6;
  if (megapixels > c.MEDIA_MAX_MEGAPIXELS) {
    throw unprocessable('image_too_large', `${file.field} has ${megapixels.toFixed(1)} megapixels; the limit is ${c.MEDIA_MAX_MEGAPIXELS}.`, { errors: [{ pointer: `/${file.field}`, message: 'too many pixels' }] });
  }
  try {
    const { data, info } = await sharp(input, { limitInputPixels: c.MEDIA_MAX_MEGAPIXELS * 1e6, failOn: 'truncated' })
      .timeout({ seconds: c.MEDIA_DECODE_TIMEOUT_SECONDS })
      .rotate()
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = { data, width: info.width, height: info.height, channels: info.channels };
    // Encoded from the pixels, which are kept beside it: the steps that read it next need not decode it.
    const png = await fromPixels(pixels).png(PIXEL_PNG).toBuffer();
    rememberPixels(png, pixels);
    return { png, width: info.width, height: info.height };
  } catch (err) {
    throw corrupt((err as Error).message.split('\n')[0]!.slice(0, 120));
  }
}

/** A normalized picture re-encoded to keep (stored, not held in memory): the same pixels, deflated. */
export function storablePng(png: Buffer): Promise<Buffer> {
  return sharp(png).png({ compressionLevel: 6 }).toBuffer();
}
