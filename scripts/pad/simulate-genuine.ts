/**
 * Third training simulator: genuine captures from cheap, hazy cameras, the
 * live faces most easily taken for a replay. A webcam behind a smudged or
 * plastic lens adds veiling glare (stray light spread over the whole frame:
 * blacks lifted towards the scene's mean, contrast lost), low-end sensors
 * have a flat tone curve, vignetting, auto-exposure that under- or
 * over-shoots, smeared noise, and often heavy JPEG; apps crop tightly. So the
 * model cannot call every lifted black or shallow shadow an attack. The same
 * condition names as simulate.ts (genuine conditions only).
 */
import sharp from 'sharp';
import { PIXEL_PNG } from '../../lib/engines/media';
import type { Rng } from '../synth/random';
import type { Condition, Shot } from './conditions';

const gauss = (r: Rng) => Math.sqrt(-2 * Math.log(r.next() + 1e-12)) * Math.cos(2 * Math.PI * r.next());
const toLin = new Float32Array(256).map((_, i) => (i / 255) ** 2.2);

/** The frame (w × h) of the photo with the face `face` px high, its centre near the frame's. */
async function scene(shot: Shot, face: number, w: number, h: number, r: Rng): Promise<{ data: Buffer; faceAt: [number, number] }> {
  const [bx, by, bw, bh] = shot.box;
  const k = face / Math.max(bw, bh);
  const W = Math.max(1, Math.round(shot.width * k));
  const H = Math.max(1, Math.round(shot.height * k));
  const m = Math.max(w, h);
  const big = await sharp(shot.png).resize(W, H, { fit: 'fill' }).removeAlpha().extend({ top: m, bottom: m, left: m, right: m, extendWith: 'copy' }).png(PIXEL_PNG).toBuffer();
  const cx = (bx + bw / 2) * k + m + r.float(-0.12, 0.12) * w;
  const cy = (by + bh / 2) * k + m + r.float(-0.05, 0.12) * h;
  const left = Math.round(Math.max(0, Math.min(W + 2 * m - w, cx - w / 2)));
  const top = Math.round(Math.max(0, Math.min(H + 2 * m - h, cy - h / 2)));
  return { data: await sharp(big).extract({ left, top, width: w, height: h }).raw().toBuffer(), faceAt: [(bx + bw / 2) * k + m - left, (by + bh / 2) * k + m - top] };
}

export async function simulateGenuine(shot: Shot, condition: Condition, r: Rng): Promise<Buffer> {
  const w = condition === 'webcam320' || condition === 'face80' ? r.pick([320, 352]) : condition === 'webcam480' ? 480 : condition === 'phone' ? r.pick([720, 960]) : condition === 'face400' ? 1280 : 640;
  const h = condition === 'phone' ? Math.round((w * 4) / 3) : Math.round((w * 3) / 4);
  const face = condition === 'face80' ? r.float(78, 100) : condition === 'face150' ? r.float(135, 170) : condition === 'face400' ? r.float(370, 430) : w * r.float(0.24, 0.52);
  const { data, faceAt } = await scene(shot, face, w, h, r);
  // Veiling glare, auto-exposure, flat tone, vignetting, sensor noise (linear light).
  let mean = 0;
  for (let i = 0; i < data.length; i += 7) mean += toLin[data[i]!]!;
  mean /= data.length / 7;
  const veil = r.float(0.01, condition === 'lowlight' ? 0.2 : 0.14);
  const exposure = condition === 'lowlight' ? r.float(0.25, 0.5) : r.float(0.7, 1.3);
  const gain = condition === 'lowlight' ? r.float(1.6, 2.8) : 1;
  const gamma = r.float(1.8, 2.6);
  const vignette = r.float(0, 0.35);
  const wb = [r.float(0.85, 1.2), 1, r.float(0.8, 1.2)];
  const noise = (condition === 'lowlight' ? r.float(0.02, 0.05) : r.float(0.004, 0.02));
  const out = Buffer.alloc(data.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const d2 = ((x / w - 0.5) ** 2 + (y / h - 0.5) ** 2) * 2;
      const v = 1 - vignette * d2;
      const i = (y * w + x) * 3;
      const common = gauss(r) * noise;
      for (let c = 0; c < 3; c++) {
        let lin = (toLin[data[i + c]!]! * (1 - veil) + veil * mean) * exposure * v * wb[c]!;
        lin = (lin + (common + gauss(r) * noise * 0.7) * Math.sqrt(Math.max(lin, 0.002) * 4)) * gain;
        out[i + c] = Math.max(0, Math.min(255, Math.round(255 * Math.max(0, lin) ** (1 / gamma))));
      }
    }
  }
  let img = sharp(out, { raw: { width: w, height: h, channels: 3 } }).blur(r.float(0.4, 1.1));
  if (r.chance(0.4)) img = sharp(await img.median(3).raw().toBuffer(), { raw: { width: w, height: h, channels: 3 } });
  if (r.chance(0.5)) img = img.sharpen({ sigma: 1, m1: 0.3, m2: r.float(0.5, 1.5) });
  const q = condition === 'jpeg' ? r.int(20, 45) : r.int(55, 90);
  const jpeg = await img.jpeg({ quality: q, chromaSubsampling: '4:2:0' }).toBuffer();
  if (condition !== 'tightcrop') return jpeg;
  const side = face * r.float(1.05, 1.35);
  const left = Math.max(0, Math.min(w - 16, Math.round(faceAt[0] - side / 2)));
  const top = Math.max(0, Math.min(h - 16, Math.round(faceAt[1] - side * 0.5)));
  const crop = await sharp(jpeg).extract({ left, top, width: Math.min(w - left, Math.round(side)), height: Math.min(h - top, Math.round(side * 1.15)) }).png(PIXEL_PNG).toBuffer();
  return sharp(crop).resize({ width: r.int(150, 320) }).jpeg({ quality: r.int(65, 90) }).toBuffer();
}
