/**
 * Deterministic image degradations for the face-recognition evaluation: each
 * condition turns a photo into a harder probe (small, blurred, heavily
 * compressed, grey, dark and noisy, printed on a document, tightly cropped and
 * tilted). Every random choice comes from a generator seeded by the photo and
 * the condition, so a run gives the same images every time. The images are
 * made in memory (never committed; cached only under .scratch/).
 */
import sharp, { type Sharp } from 'sharp';

export const CONDITIONS = ['clean', 'small', 'blur', 'jpeg', 'grey', 'lowlight', 'document', 'tightcrop'] as const;
export type Condition = (typeof CONDITIONS)[number];

/** The fixed seed of the evaluation (change it and every degraded image changes). */
export const SEED = 20261122;

/** Face box in the photo's pixels: x, y, width, height. */
export type Box = [number, number, number, number];

export interface Degraded {
  png: Buffer;
  width: number;
  height: number;
  /** The random choices made, for the record. */
  params: Record<string, number | string | boolean>;
}

/** mulberry32 seeded by a string: uniform 0..1. */
export function rng(key: string): () => number {
  let h = 1779033703 ^ key.length;
  for (let i = 0; i < key.length; i++) {
    h = Math.imul(h ^ key.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const uniform = (r: () => number, lo: number, hi: number) => lo + (hi - lo) * r();
/** Standard normal (Box-Muller). */
const normal = (r: () => number) => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

async function done(img: Sharp, params: Degraded['params']): Promise<Degraded> {
  const { data, info } = await img.png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height, params };
}

/** Raw RGB of an image. */
async function raw(img: Sharp) {
  const { data, info } = await img.removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const fromRaw = (data: Buffer | Uint8Array, width: number, height: number) => sharp(Buffer.from(data), { raw: { width, height, channels: 3 } });

/** A JPEG round trip at quality q. */
const jpeg = async (img: Sharp, q: number) => sharp(await img.jpeg({ quality: Math.round(q) }).toBuffer());

/** A square region of side `side` centred on (cx, cy), turned by `angle` degrees, as raw RGB; edges replicated outside the photo. */
async function region(png: Buffer, width: number, height: number, cx: number, cy: number, side: number, angle = 0): Promise<Sharp> {
  // Take a larger square so the turn leaves no empty corners.
  const big = Math.ceil(side * (angle ? Math.SQRT2 : 1)) + 2;
  const pad = Math.ceil(big);
  const left = Math.round(cx - big / 2) + pad;
  const top = Math.round(cy - big / 2) + pad;
  // (sharp extracts before it extends within one pipeline: two steps.)
  const extended = await sharp(png).extend({ top: pad, bottom: pad, left: pad, right: pad, extendWith: 'copy' }).raw().toBuffer({ resolveWithObject: true });
  const { channels } = extended.info;
  let img = sharp(await sharp(extended.data, { raw: { width: extended.info.width, height: extended.info.height, channels } }).extract({ left, top, width: big, height: big }).png().toBuffer());
  if (angle) {
    const turned = await img.rotate(angle, { background: '#808080' }).png().toBuffer({ resolveWithObject: true });
    const w = turned.info.width;
    const h = turned.info.height;
    const s = Math.round(side);
    img = sharp(turned.data).extract({ left: Math.round((w - s) / 2), top: Math.round((h - s) / 2), width: s, height: s });
  } else if (big !== Math.round(side)) {
    const s = Math.round(side);
    img = sharp(await img.extract({ left: Math.round((big - s) / 2), top: Math.round((big - s) / 2), width: s, height: s }).png().toBuffer());
  }
  return img;
}

/** Guilloche-like security print: interfering sine bands in a pale tint, 0 (none) .. 1 (line). */
function guilloche(x: number, y: number, phase: number, period: number): number {
  const a = Math.sin(x / period + 2.2 * Math.sin(y / (period * 1.7) + phase));
  const b = Math.sin(y / (period * 1.3) + 1.8 * Math.sin(x / (period * 2.1) - phase));
  return Math.max(Math.abs(a) < 0.12 ? 1 : 0, Math.abs(b) < 0.1 ? 0.7 : 0);
}

/**
 * The portrait as a document prints it: a tighter 3:4 crop, small, grey or
 * washed-out colour, low contrast, a halftone screen, a guilloche pattern
 * over it and around it, a light blur and JPEG.
 */
async function documentPortrait(png: Buffer, width: number, height: number, box: Box, r: () => number): Promise<Degraded> {
  const [x, y, w, h] = box;
  const cropW = Math.max(w, h) * uniform(r, 1.25, 1.6);
  const cropH = (cropW * 4) / 3;
  const outW = Math.round(uniform(r, 120, 200));
  const outH = Math.round((outW * 4) / 3);
  const cx = x + w / 2;
  const cy = y + h / 2 + h * 0.05;
  const side = Math.max(cropW, cropH);
  const square = await region(png, width, height, cx, cy, side);
  const sq = await raw(square.resize(Math.round((outW * side) / cropW), Math.round((outW * side) / cropW)));
  const ox = Math.round((sq.width - outW) / 2);
  const oy = Math.round((sq.height - outH) / 2);
  const grey = r() < 0.6;
  const contrast = uniform(r, 0.4, 0.6);
  const lift = uniform(r, 0.35, 0.6) * 255 * (1 - contrast);
  const period = uniform(r, 2.6, 3.6);
  const theta = uniform(r, 0.3, 1.2);
  const halftone = uniform(r, 0.2, 0.35);
  const tint = [uniform(r, 180, 230), uniform(r, 190, 235), uniform(r, 200, 245)];
  const phase = uniform(r, 0, 6.28);
  const gPeriod = uniform(r, 3, 6);
  const overlay = uniform(r, 0.1, 0.2);
  const margin = Math.round(outW * uniform(r, 0.1, 0.3));
  const W = outW + 2 * margin;
  const H = outH + 2 * margin;
  const out = new Uint8Array(W * H * 3);
  const paper = [uniform(r, 230, 250), uniform(r, 232, 250), uniform(r, 225, 245)];
  const cos = Math.cos(theta);
  const sin = Math.sin(theta);
  for (let py = 0; py < H; py++)
    for (let px = 0; px < W; px++) {
      const g = guilloche(px, py, phase, gPeriod);
      const o = (py * W + px) * 3;
      const ix = px - margin;
      const iy = py - margin;
      const inside = ix >= 0 && iy >= 0 && ix < outW && iy < outH;
      let rgb: number[];
      if (inside) {
        const s = ((iy + oy) * sq.width + ix + ox) * 3;
        const c = [sq.data[s]!, sq.data[s + 1]!, sq.data[s + 2]!];
        const lum = 0.299 * c[0]! + 0.587 * c[1]! + 0.114 * c[2]!;
        const col = grey ? [lum, lum, lum] : c.map((v) => lum + 0.5 * (v - lum));
        // Rotated dot screen: ink where the tone is darker than the screen's threshold.
        const u = (ix * cos + iy * sin) / period;
        const v = (-ix * sin + iy * cos) / period;
        const screen = (Math.cos(2 * Math.PI * u) + Math.cos(2 * Math.PI * v) + 2) / 4;
        rgb = col.map((value) => {
          const low = lift + contrast * value;
          const dotted = low / 255 > screen ? 255 : low * 0.55;
          return (1 - halftone) * low + halftone * dotted;
        });
        rgb = rgb.map((value, k) => (1 - overlay * g) * value + overlay * g * tint[k]! * 0.8);
      } else {
        rgb = paper.map((p, k) => (1 - 0.6 * g) * p + 0.6 * g * tint[k]! * 0.75);
      }
      out[o] = clamp(rgb[0]!);
      out[o + 1] = clamp(rgb[1]!);
      out[o + 2] = clamp(rgb[2]!);
    }
  const quality = uniform(r, 55, 75);
  const img = await jpeg(fromRaw(out, W, H).blur(0.5), quality);
  return done(img, { grey, contrast: round(contrast), halftone: round(halftone), period: round(period), overlay: round(overlay), width: outW, margin, quality: Math.round(quality) });
}

const round = (v: number) => Math.round(v * 100) / 100;

/**
 * The photo under one condition. `box` is the face in the clean photo (from
 * its detection): the size-dependent conditions are set relative to it.
 */
export async function degrade(png: Buffer, width: number, height: number, box: Box, condition: Condition, key: string): Promise<Degraded> {
  const r = rng(`${SEED}:${condition}:${key}`);
  const faceSide = Math.max(box[2], box[3]);
  const src = sharp(png);
  switch (condition) {
    case 'clean':
      return { png, width, height, params: {} };
    case 'small': {
      const target = uniform(r, 96, 160);
      const k = Math.min(1, target / faceSide);
      return done(src.resize(Math.max(1, Math.round(width * k))), { faceSide: Math.round(Math.min(target, faceSide)) });
    }
    case 'blur': {
      // About 1–2 px of blur on a 128-px face, whatever the photo's size.
      const sigma = (faceSide / 128) * uniform(r, 1, 2);
      return done(src.blur(Math.max(0.3, sigma)), { sigma: round(sigma), at128: round((sigma * 128) / faceSide) });
    }
    case 'jpeg': {
      const side = uniform(r, 480, 800);
      const q = uniform(r, 30, 50);
      const k = Math.min(1, side / Math.max(width, height));
      return done(await jpeg(src.resize(Math.round(width * k)), q), { maxSide: Math.round(side), quality: Math.round(q) });
    }
    case 'grey':
      return done(src.greyscale(), {});
    case 'lowlight': {
      const k = Math.min(1, 1024 / Math.max(width, height));
      const img = await raw(src.resize(Math.round(width * k)));
      const gain = uniform(r, 0.35, 0.6);
      const gamma = uniform(r, 1.1, 1.4);
      const noise = uniform(r, 4, 10);
      const out = new Uint8Array(img.data.length);
      for (let i = 0; i < out.length; i++) out[i] = clamp(255 * Math.pow((img.data[i]! * gain) / 255, gamma) + noise * normal(r));
      return done(await jpeg(fromRaw(out, img.width, img.height), 80), { gain: round(gain), gamma: round(gamma), noise: round(noise) });
    }
    case 'document':
      return documentPortrait(png, width, height, box, r);
    case 'tightcrop': {
      const frame = Math.round(uniform(r, 96, 220));
      const fill = uniform(r, 0.6, 1);
      const angle = r() < 0.5 ? uniform(r, -15, 15) : 0;
      const img = await region(png, width, height, box[0] + box[2] / 2, box[1] + box[3] / 2, faceSide / fill, angle);
      return done(img.resize(frame, frame), { frame, fill: round(fill), angle: round(angle) });
    }
  }
}
