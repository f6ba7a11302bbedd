import sharp, { type OverlayOptions } from 'sharp';
import { perspective } from './perspective';
import { rng, type Rng } from './random';

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
  /** A scene around the card (SCENE=1 runs): a textured surface, a smaller share of the frame, light falling off across it. */
  scene?: Scene;
}

export interface Scene {
  surface: 'grain' | 'weave' | 'speckle';
  /** Share of the frame's long side the card covers. */
  fill: number;
  /** Strength of the light falling off across the frame, 0 to 1. */
  falloff: number;
  /** Width of the photo (replaces the damage's: a card further away is photographed at a phone's usual size). */
  width: number;
  seed: number;
}

/**
 * A scene for the card, on its own stream so the document and its damage stay as they were. `fill`: the card's share
 * of the frame instead of the drawn one (a card photographed from further away: SCENE_FILL in diagnose runs).
 */
export function pickScene(r: Rng, fill?: number): Scene {
  const surface = r.pick(['grain', 'weave', 'speckle'] as const);
  // (Drawn all the same: the draws after it stay as they were.)
  const drawn = r.int(58, 85) / 100;
  return { surface, fill: fill ?? drawn, falloff: r.int(10, 60) / 100, width: r.int(12, 18) * 100, seed: r.int(1, 1_000_000) };
}

/** A table top, cloth or stone surface: procedural texture around a base colour. */
async function surface(w: number, h: number, scene: Scene, base: { r: number; g: number; b: number }): Promise<Buffer> {
  // Its own stream: the surface must not draw on the document's.
  const r = rng(scene.seed).next;
  const px = Buffer.alloc(w * h * 3);
  const phase = r() * 6.28;
  const freq = 0.02 + r() * 0.05;
  const amplitude = 10 + r() * 20;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let v: number;
      if (scene.surface === 'grain') v = amplitude * Math.sin(freq * (y + 9 * Math.sin(x * 0.013 + phase)) * 3) + 10 * (r() - 0.5);
      else if (scene.surface === 'weave') v = 22 * ((((x >> 2) + (y >> 2)) & 1) ? 1 : -1) * (0.6 + 0.4 * Math.sin(x * freq)) + 14 * (r() - 0.5);
      else v = (r() < 0.08 ? 60 * (r() - 0.5) : 0) + 18 * (r() - 0.5);
      const i = (y * w + x) * 3;
      px[i] = clamp(base.r + v);
      px[i + 1] = clamp(base.g + v);
      px[i + 2] = clamp(base.b + v * 0.9);
    }
  }
  return sharp(px, { raw: { width: w, height: h, channels: 3 } }).blur(0.6).png(STEP).toBuffer();
}

function clamp(v: number): number {
  return Math.max(0, Math.min(255, Math.round(v)));
}

/** Light falling off from one side of the frame (multiplied in). */
function falloff(w: number, h: number, scene: Scene): Buffer {
  const dark = Math.round(255 * (1 - scene.falloff));
  const [x2, y2] = scene.seed % 2 ? [1, 0.3] : [0.2, 1];
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="f" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="rgb(${dark},${dark},${dark})"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#f)"/></svg>`);
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

/** Intermediate pictures between the steps: lossless and uncompressed (a scene's canvas is several thousand pixels wide). */
const STEP = { compressionLevel: 0 } as const;

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
  // In a scene the card keeps its transparent surroundings, so the surface shows around it once turned.
  const around = d.scene ? { r: 0, g: 0, b: 0, alpha: 0 } : bg;
  const pulled = d.perspective ? sharp(await perspective(png, r, d.perspective)) : undefined;
  const angled = pulled ? await (d.scene ? pulled : pulled.flatten({ background: bg })).png(STEP).toBuffer() : png;
  let img = sharp(angled).ensureAlpha().rotate(d.angle, { background: around });
  if (d.turn) img = sharp(await img.png(STEP).toBuffer()).rotate(d.turn);
  let buf = await img.png(STEP).toBuffer();
  const meta = await sharp(buf).metadata();
  // Margin of table around the document.
  const drawnMargin = Math.round(Math.max(width, height) * (0.04 + r.next() * 0.1));
  const margin = d.scene ? Math.round((Math.max(meta.width!, meta.height!) * (1 / d.scene.fill - 1)) / 2) : drawnMargin;
  const w = meta.width! + 2 * margin;
  const h = meta.height! + 2 * margin;
  buf = d.scene
    ? await sharp(await surface(w, h, d.scene, bg)).composite([{ input: buf, left: margin, top: margin }]).png(STEP).toBuffer()
    : await sharp(buf).extend({ top: margin, bottom: margin, left: margin, right: margin, background: bg }).png(STEP).toBuffer();
  const layers: OverlayOptions[] = [];
  if (d.scene) layers.push({ input: falloff(w, h, d.scene), blend: 'multiply' });
  if (d.glare) layers.push({ input: overlay(w, h, r, 'glare') });
  if (d.shadow) layers.push({ input: overlay(w, h, r, 'shadow') });
  let out = sharp(buf).composite(layers);
  if (d.blur) out = sharp(await out.png(STEP).toBuffer()).blur(d.blur);
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
