/**
 * Presentation attacks simulated from genuine photos, for the PAD development
 * set: a re-displayed screen (RGB sub-pixel grid, moiré from re-sampling,
 * cool cast, glare, bezel) and a re-print (CMY halftone rosette, lower
 * saturation, paper border), each photographed again (tilt, blur, JPEG).
 * Genuine photos get the same camera treatment so that the camera alone
 * tells nothing.
 */
import sharp from 'sharp';
import type { Rng } from '../synth/random';

export type Kind = 'genuine' | 'screen' | 'print';

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

async function camera(raw: Buffer, w: number, h: number, r: Rng, targetWidth: number, angle: number): Promise<Buffer> {
  let img = sharp(raw, { raw: { width: w, height: h, channels: 3 } }).rotate(angle, { background: { r: 40, g: 40, b: 40 } });
  img = sharp(await img.png().toBuffer()).resize({ width: Math.round(targetWidth) });
  const blur = 0.3 + r.next() * 0.6;
  return img.blur(blur).jpeg({ quality: r.int(72, 92) }).toBuffer();
}

async function rgbOf(png: Buffer, scale: number) {
  const meta = await sharp(png).metadata();
  const { data, info } = await sharp(png).resize({ width: Math.max(64, Math.round(meta.width! * scale)) }).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, original: meta.width! };
}

export async function simulate(png: Buffer, kind: Kind, r: Rng): Promise<Buffer> {
  const angle = (r.next() - 0.5) * 8;
  if (kind === 'genuine') {
    const g = await rgbOf(png, 0.7 + r.next() * 0.3);
    const gain = 0.9 + r.next() * 0.2;
    for (let i = 0; i < g.data.length; i++) g.data[i] = clamp(g.data[i]! * gain);
    return camera(g.data, g.width, g.height, r, g.original * (0.8 + r.next() * 0.2), angle);
  }
  if (kind === 'screen') {
    // The photo as shown on a display: each pixel becomes R, G and B stripes with a dark gap.
    const s = await rgbOf(png, 0.35 + r.next() * 0.25);
    const W = s.width * 3;
    const H = s.height * 3;
    const out = Buffer.alloc(W * H * 3);
    const bleed = 0.15 + r.next() * 0.2;
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const src = (((y / 3) | 0) * s.width + ((x / 3) | 0)) * 3;
        const stripe = x % 3;
        const gap = y % 3 === 2 ? 0.55 : 1;
        for (let c = 0; c < 3; c++) {
          const tint = c === 2 ? 1.08 : c === 0 ? 0.92 : 1;
          out[(y * W + x) * 3 + c] = clamp(s.data[src + c]! * (c === stripe ? 1 : bleed) * gap * tint * 1.9);
        }
      }
    }
    let buf = out;
    let [bw, bh] = [W, H];
    if (r.chance(0.5)) {
      // Phone bezel around the screen, then the room behind it.
      const bezel = await sharp(out, { raw: { width: W, height: H, channels: 3 } })
        .extend({ top: 60, bottom: 60, left: 60, right: 60, background: { r: 18, g: 18, b: 20 } })
        .extend({ top: 90, bottom: 90, left: 90, right: 90, background: { r: r.int(90, 200), g: r.int(90, 200), b: r.int(90, 200) } })
        .raw()
        .toBuffer({ resolveWithObject: true });
      [buf, bw, bh] = [bezel.data, bezel.info.width, bezel.info.height];
    }
    if (r.chance(0.5)) {
      const cx = r.int(0, bw);
      const cy = r.int(0, bh);
      const rad = Math.min(bw, bh) * (0.15 + r.next() * 0.2);
      for (let y = 0; y < bh; y++) for (let x = 0; x < bw; x++) {
        const d = Math.hypot(x - cx, y - cy) / rad;
        if (d < 1) for (let c = 0; c < 3; c++) buf[(y * bw + x) * 3 + c] = clamp(buf[(y * bw + x) * 3 + c]! + 120 * (1 - d));
      }
    }
    // Re-sampled at a scale that is not a whole number: moiré.
    return camera(buf, bw, bh, r, s.original * (0.75 + r.next() * 0.2), angle);
  }
  // Print: cyan, magenta and yellow dot screens at different angles.
  const p = await rgbOf(png, 0.7 + r.next() * 0.3);
  const cell = 3 + r.int(0, 2);
  const angles = [15, 75, 0].map((a) => (a * Math.PI) / 180);
  const out = Buffer.alloc(p.data.length);
  for (let y = 0; y < p.height; y++) {
    for (let x = 0; x < p.width; x++) {
      const i = (y * p.width + x) * 3;
      for (let c = 0; c < 3; c++) {
        const ink = 1 - p.data[i + c]! / 255;
        const u = x * Math.cos(angles[c]!) + y * Math.sin(angles[c]!);
        const v = -x * Math.sin(angles[c]!) + y * Math.cos(angles[c]!);
        const screen = (Math.cos((2 * Math.PI * u) / cell) + Math.cos((2 * Math.PI * v) / cell)) / 4 + 0.5;
        const paper = 238 + (c === 2 ? -8 : 0);
        out[i + c] = ink * 0.9 > screen ? 40 : paper;
      }
    }
  }
  let img = sharp(out, { raw: { width: p.width, height: p.height, channels: 3 } }).modulate({ saturation: 0.7 + r.next() * 0.2 });
  if (r.chance(0.5)) img = sharp(await img.png().toBuffer()).extend({ top: 40, bottom: 40, left: 40, right: 40, background: '#f4f1ea' }).extend({ top: 60, bottom: 60, left: 60, right: 60, background: { r: r.int(60, 160), g: r.int(60, 160), b: r.int(60, 160) } });
  const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
  return camera(data, info.width, info.height, r, p.original * (0.8 + r.next() * 0.2), angle);
}
