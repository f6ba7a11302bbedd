/** Camera frames of document photos, and what the browser's guide measures of them (tests of the capture quality judgement). */
import sharp, { type Sharp } from 'sharp';
import { measureDocumentFrame, overlayRegion, SHARPNESS_HEIGHT } from '../engines/media/capture-quality';

/** What the browser's guide measures of a camera frame: the part under the overlay, at the server's scale. */
export async function guideMeasures(frame: Sharp, width: number, height: number) {
  const r = overlayRegion(width, height);
  const h = Math.round(Math.min(r.h, SHARPNESS_HEIGHT));
  const { data, info } = await frame
    .extract({ left: Math.round(r.x), top: Math.round(r.y), width: Math.round(r.w), height: Math.round(r.h) })
    .resize({ height: h, kernel: 'linear' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return measureDocumentFrame(data, info.width, info.height, r.h);
}

/** A camera frame of `width`×`height` showing `photo` `share` of the overlay's width, on a dark table. */
export async function cameraFrame(photo: Buffer, width: number, height: number, share: number, blur = 0): Promise<Buffer> {
  const r = overlayRegion(width, height);
  const w = Math.round(Math.min(width, r.w * share));
  let doc = sharp(photo).rotate().resize({ width: w, height: Math.round(height * 0.99), fit: 'inside' });
  if (blur) doc = doc.blur(blur);
  const inner = await doc.toBuffer({ resolveWithObject: true });
  return sharp({ create: { width, height, channels: 3, background: '#2b2b30' } })
    .composite([{ input: inner.data, left: Math.round((width - inner.info.width) / 2), top: Math.round((height - inner.info.height) / 2) }])
    .jpeg({ quality: 92 })
    .toBuffer();
}
