import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { datasetsDir, facesDir } from '@/lib/testing';
import { generate } from '@/scripts/synth';
import { fraudCase } from '@/scripts/synth/fraud';
import { SCREEN_THRESHOLD } from '../rules/recaptura-de-tela';
import { screenEvidence, screenSignal } from './screen';

/** The inner part of a picture as raw RGB, as the forensics pass it (12 % off each side). */
async function inner(image: Buffer): Promise<{ rgb: Buffer; width: number; height: number }> {
  const meta = await sharp(image).metadata();
  const [left, top] = [Math.round(meta.width! * 0.12), Math.round(meta.height! * 0.12)];
  const [width, height] = [Math.round(meta.width! * 0.76), Math.round(meta.height! * 0.76)];
  const rgb = await sharp(image).removeAlpha().extract({ left, top, width, height }).raw().toBuffer();
  return { rgb, width, height };
}

const signal = async (image: Buffer) => {
  const { rgb, width, height } = await inner(image);
  return screenSignal(rgb, width, height);
};

/** A deterministic uniform generator (mulberry32); a plain LCG's lattice would itself draw peaks in a spectrum. */
function uniform(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A card-like page (tinted paper, rows of dark "letters" of uneven widths) times
 * `modulate(x, y)`, saved as JPEG.
 */
async function page(modulate: (x: number, y: number, channel: number) => number, quality = 85): Promise<Buffer> {
  const [width, height] = [1400, 1000];
  const rgb = Buffer.alloc(width * height * 3);
  const random = uniform(11);
  const ink = new Uint8Array(width * height);
  for (let top = 60; top + 24 < height - 60; top += 70) {
    for (let x = 80; x < width - 300; ) {
      const w = 4 + Math.floor(random() * 9);
      for (let y = top; y < top + 24; y++) for (let xx = x; xx < x + w; xx++) ink[y * width + xx] = 1;
      x += w + 3 + Math.floor(random() * 6);
    }
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const base = ink[y * width + x] ? [35, 35, 45] : [214, 226, 205];
      for (let c = 0; c < 3; c++) rgb[(y * width + x) * 3 + c] = Math.max(0, Math.min(255, Math.round(base[c]! * modulate(x, y, c) + (random() - 0.5) * 6)));
    }
  }
  return sharp(rgb, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
}

/** A screen's pixel grid seen by the camera: pitch `p` camera pixels, turned by `deg`; RGB stripes and dark rows between pixels. */
const screenGrid = (p: number, deg: number, depth: number) => {
  const [c, s] = [Math.cos((deg * Math.PI) / 180), Math.sin((deg * Math.PI) / 180)];
  return (x: number, y: number, channel: number) => {
    const u = (c * x + s * y) / p;
    const v = (-s * x + c * y) / p;
    const stripe = 1 + depth * Math.cos(2 * Math.PI * (u - channel / 3));
    const row = 1 - (depth / 2) * (1 + Math.cos(2 * Math.PI * v));
    return stripe * row;
  };
};

describe('screen recapture signal', () => {
  it('finds a turned pixel grid under text and JPEG, at several pitches, and not on the same page without it', async () => {
    const clean = await signal(await page(() => 1));
    expect(clean).toBeLessThan(SCREEN_THRESHOLD);
    for (const [p, deg, quality] of [
      [1.35, 3, 80],
      [2.4, -2, 75],
      [3.6, 5, 90],
    ] as const) {
      expect(await signal(await page(screenGrid(p, deg, 0.12), quality)), `pitch ${p}`).toBeGreaterThanOrEqual(SCREEN_THRESHOLD);
    }
  });

  it('finds the colour fringe alone (RGB stripes, no luminance grid)', async () => {
    // Equal-weight stripes shifted a third of a period per channel: the luma barely changes, the chroma does.
    const fringe = (x: number, y: number, channel: number) => 1 + 0.1 * Math.cos(2 * Math.PI * ((0.998 * x + 0.06 * y) / 2.7 - channel / 3));
    const { rgb, width, height } = await inner(await page(fringe, 92));
    const e = screenEvidence(rgb, width, height);
    expect(e.chroma).toBeGreaterThanOrEqual(1);
    expect(screenSignal(rgb, width, height)).toBeGreaterThanOrEqual(SCREEN_THRESHOLD);
  });

  it('ignores print that is periodic but coarse (line screens, guilloche) and 8-bit banding of a smooth shadow', async () => {
    // A fine printed line pattern, 9 px apart, sharp-edged (strong harmonics in the screen band).
    const lines = (x: number, y: number) => (Math.floor((0.97 * y + 0.24 * x) / 9) % 2 ? 0.93 : 1);
    expect(await signal(await page(lines))).toBeLessThan(SCREEN_THRESHOLD);
    // A shadow across blank paper, quantised to whole grey levels (bands a few pixels wide) under a camera's noise (σ ≈ 1).
    const [width, height] = [1400, 1000];
    const random = uniform(5);
    for (const slope of [0.02, 0.045, 0.08]) {
      const rgb = Buffer.alloc(width * height * 3);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) rgb.fill(Math.round(230 - (x + 0.6 * y) * slope + (random() - 0.5) * 4), (y * width + x) * 3, (y * width + x) * 3 + 3);
      }
      expect(await signal(await sharp(rgb, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer()), `slope ${slope}`).toBeLessThan(SCREEN_THRESHOLD);
    }
  });

  it('returns 0 for a picture too small to hold a window', () => {
    expect(screenSignal(Buffer.alloc(100 * 100 * 3, 200), 100, 100)).toBe(0);
  });
});

describe.skipIf(!datasetsDir())('screen recapture signal on the generated fraud set', () => {
  const face = (f: string) => fs.readFileSync(path.join(facesDir(), 'deepface', f));

  it('fires on generated screen recaptures and not on clean photos of other documents', { timeout: 120_000 }, async () => {
    const faces = { owner: face('img1.jpg'), ownerSelfie: face('img2.jpg'), other: face('img17.jpg') };
    for (const index of [3, 22, 27]) {
      const c = await fraudCase('screen_recapture', index, faces);
      expect(await signal(c.image), `screen_recapture ${index} (${c.type})`).toBeGreaterThanOrEqual(SCREEN_THRESHOLD);
    }
    for (const [type, seed] of [
      ['CNH_FRENTE', 3],
      ['RG_VERSO', 4],
      ['PASSAPORTE', 8],
      ['CPF', 9],
      ['CIN_VERSO', 7],
    ] as const) {
      const s = await generate(type, seed, 'photo');
      expect(await signal(s.image), `${type} seed ${seed} (${s.damage.width} px)`).toBeLessThan(SCREEN_THRESHOLD);
    }
  });
});
