import sharp, { type OverlayOptions } from 'sharp';
import { perspective } from './perspective';
import type { Rng } from './random';

export interface Damage {
  /** Corner pull of the perspective, as a fraction of the size (0 = none). */
  perspective: number;
  angle: number;
  turn: 0 | 90 | 180 | 270;
  blur: number;
  noise: number;
  glare: boolean;
  shadow: boolean;
  quality: number;
  width: number;
}

/** Photo-like damage; `clean` keeps the render as a flat scan. */
export function pickDamage(r: Rng, level: 'clean' | 'photo'): Damage {
  if (level === 'clean') return { perspective: 0, angle: 0, turn: 0, blur: 0, noise: 0, glare: false, shadow: false, quality: 92, width: 1600 };
  return {
    perspective: r.chance(0.5) ? r.int(2, 8) / 100 : 0,
    angle: r.int(-150, 150) / 10,
    turn: r.chance(0.15) ? r.pick([90, 180, 270] as const) : 0,
    blur: r.chance(0.5) ? r.int(3, 12) / 10 : 0,
    noise: r.int(0, 12),
    glare: r.chance(0.35),
    shadow: r.chance(0.35),
    quality: r.int(50, 90),
    width: r.chance(0.2) ? 800 : 1600,
  };
}

/**
 * Harsher photo damage for tuning (the variety runs): a cheaper phone, further away, in worse light.
 * Drawn on its own stream so the document and the ordinary damage stay as they were.
 */
export function roughen(d: Damage, r: Rng): Damage {
  return {
    ...d,
    blur: r.int(8, 20) / 10,
    noise: r.int(8, 20),
    quality: r.int(35, 70),
    width: r.pick([900, 1000, 1200]),
    glare: d.glare || r.chance(0.3),
    shadow: d.shadow || r.chance(0.3),
  };
}

function overlay(w: number, h: number, r: Rng, kind: 'glare' | 'shadow'): Buffer {
  const cx = r.int(10, 90);
  const cy = r.int(10, 90);
  const svg =
    kind === 'glare'
      ? `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><radialGradient id="g" cx="${cx}%" cy="${cy}%" r="${r.int(12, 25)}%"><stop offset="0" stop-color="#fff" stop-opacity="0.85"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`
      : `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="s" x1="0" y1="0" x2="${r.chance(0.5) ? 1 : 0}" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.45"/><stop offset="0.6" stop-color="#000" stop-opacity="0"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#s)"/></svg>`;
  return Buffer.from(svg);
}

/** The document photographed: on a table, turned, blurred, noisy, lit unevenly, JPEG-compressed. */
export async function photograph(png: Buffer, width: number, height: number, d: Damage, r: Rng): Promise<Buffer> {
  return (await photographPlaced(png, width, height, d, r)).jpeg;
}

/**
 * As `photograph`, also saying where a document pixel lands in the photo
 * (exact only without perspective, tilt or turn: the fraud cases that edit a
 * field ask for none).
 */
export async function photographPlaced(png: Buffer, width: number, height: number, d: Damage, r: Rng): Promise<{ jpeg: Buffer; place: (x: number, y: number) => [number, number] }> {
  const bg = { r: r.int(40, 200), g: r.int(40, 200), b: r.int(40, 200), alpha: 1 };
  const angled = d.perspective ? await sharp(await perspective(png, r, d.perspective)).flatten({ background: bg }).png().toBuffer() : png;
  let img = sharp(angled).rotate(d.angle, { background: bg });
  if (d.turn) img = sharp(await img.png().toBuffer()).rotate(d.turn);
  let buf = await img.png().toBuffer();
  const meta = await sharp(buf).metadata();
  // Margin of table around the document.
  const margin = Math.round(Math.max(width, height) * (0.04 + r.next() * 0.1));
  buf = await sharp(buf).extend({ top: margin, bottom: margin, left: margin, right: margin, background: bg }).png().toBuffer();
  const w = meta.width! + 2 * margin;
  const h = meta.height! + 2 * margin;
  const layers: OverlayOptions[] = [];
  if (d.glare) layers.push({ input: overlay(w, h, r, 'glare') });
  if (d.shadow) layers.push({ input: overlay(w, h, r, 'shadow') });
  let out = sharp(buf).composite(layers);
  if (d.blur) out = sharp(await out.png().toBuffer()).blur(d.blur);
  let raw = await out.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  if (d.noise) {
    const px = raw.data;
    for (let i = 0; i < px.length; i++) px[i] = Math.max(0, Math.min(255, px[i]! + (r.next() - 0.5) * 2 * d.noise));
  }
  const jpeg = await sharp(raw.data, { raw: { width: raw.info.width, height: raw.info.height, channels: raw.info.channels } })
    .resize({ width: d.width })
    .jpeg({ quality: d.quality })
    .toBuffer();
  const scale = d.width / raw.info.width;
  return { jpeg, place: (x, y) => [(x + margin) * scale, (y + margin) * scale] };
}
