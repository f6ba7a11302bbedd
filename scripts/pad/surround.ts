import sharp from 'sharp';
import { PIXEL_PNG } from '../../lib/engines/media';

/**
 * The photo with `pad` px more on every side, as a wider camera view would
 * show it: the photo's own border colours carried outward and blurred (the
 * wall continues, the clothes go on down), the photo itself untouched in the
 * middle. Mirroring the photo instead filled small-face frames with upside-down
 * copies of the person, a hall of mirrors no webcam sees (and that the
 * training simulators had only in their genuine small-face captures).
 */
export async function extendWithSurround(png: Buffer, width: number, height: number, pad: number): Promise<Buffer> {
  const photo = await sharp(png).removeAlpha().png(PIXEL_PNG).toBuffer();
  if (pad <= 0) return photo;
  // Built at a small scale (the surround holds no detail; a wide blur there is cheap), then scaled up smoothly.
  const k = Math.min(1, 256 / Math.max(width, height));
  const [sw, sh, sp] = [Math.max(8, Math.round(width * k)), Math.max(8, Math.round(height * k)), Math.max(2, Math.round(pad * k))];
  const small = await sharp(photo).resize(sw, sh, { fit: 'fill' }).extend({ top: sp, bottom: sp, left: sp, right: sp, extendWith: 'copy' }).blur(6).png(PIXEL_PNG).toBuffer();
  const surround = await sharp(small).resize(width + 2 * pad, height + 2 * pad, { fit: 'fill', kernel: 'cubic' }).png(PIXEL_PNG).toBuffer();
  // Its own pipeline after the composite, which adds an alpha channel that raw readers of three channels would misread.
  return sharp(await sharp(surround).composite([{ input: photo, left: pad, top: pad }]).png(PIXEL_PNG).toBuffer()).removeAlpha().png(PIXEL_PNG).toBuffer();
}
