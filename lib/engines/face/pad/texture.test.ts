import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { lbpHistogram, radialBands, TEXTURE_NAMES, textureFeatures } from './texture';

const plane = (n: number, f: (x: number, y: number) => number) => Float64Array.from({ length: n * n }, (_, i) => f(i % n, Math.floor(i / n)));

describe('LBP histograms', () => {
  it('a flat patch is all "every neighbour ≥ centre" (riu2 bin 8)', () => {
    const h = lbpHistogram(plane(16, () => 7), 16, 16, 1);
    expect(h[8]).toBe(1);
    expect(h.reduce((a, b) => a + b, 0)).toBeCloseTo(1);
  });

  it('a vertical edge gives uniform patterns of half the neighbours, noise non-uniform ones', () => {
    const edge = lbpHistogram(plane(16, (x) => (x < 8 ? 0 : 100)), 16, 16, 1);
    // On the dark side of the edge 3–5 neighbours are brighter; flat parts give 8.
    expect(edge[9]).toBe(0);
    expect(edge[8]! + edge[3]! + edge[4]! + edge[5]!).toBeCloseTo(1);
    let seed = 7;
    const noise = lbpHistogram(plane(32, () => (seed = (seed * 16807) % 2147483647) % 256), 32, 32, 2);
    expect(noise[9]).toBeGreaterThan(0.2);
  });
});

describe('radial spectrum bands', () => {
  it('blur steepens the spectrum: the high bands fall relative to the low ones', () => {
    const n = 64;
    let seed = 3;
    const noise = plane(n, () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 255);
    const blurred = plane(n, (x, y) => {
      let s = 0;
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) s += noise[Math.min(n - 1, Math.max(0, y + dy)) * n + Math.min(n - 1, Math.max(0, x + dx))]!;
      return s / 25;
    });
    const sharpBands = radialBands(noise, n);
    const blurBands = radialBands(blurred, n);
    expect(sharpBands.reduce((a, b) => a + b, 0)).toBeCloseTo(0);
    expect(blurBands[7]! - blurBands[0]!).toBeLessThan(sharpBands[7]! - sharpBands[0]! - 3);
  });
});

describe('textureFeatures', () => {
  it('gives one finite value per name, and sees a fine grid on the face as high-band residual energy', async () => {
    const w = 240;
    const smooth = Buffer.alloc(w * w * 3);
    const grid = Buffer.alloc(w * w * 3);
    for (let y = 0; y < w; y++) {
      for (let x = 0; x < w; x++) {
        const base = 120 + 40 * Math.sin(x / 15) * Math.cos(y / 19);
        const line = x % 3 === 0 || y % 3 === 0 ? -35 : 0;
        for (let c = 0; c < 3; c++) {
          smooth[(y * w + x) * 3 + c] = base + c * 10;
          grid[(y * w + x) * 3 + c] = base + c * 10 + line;
        }
      }
    }
    const png = (raw: Buffer) => sharp(raw, { raw: { width: w, height: w, channels: 3 } }).png().toBuffer();
    const box: [number, number, number, number] = [40, 40, 160, 160];
    const a = await textureFeatures(await png(smooth), w, w, box);
    const b = await textureFeatures(await png(grid), w, w, box);
    expect(a).toHaveLength(TEXTURE_NAMES.length);
    expect(a.every(Number.isFinite) && b.every(Number.isFinite)).toBe(true);
    const at = (v: number[], name: string) => v[TEXTURE_NAMES.indexOf(name)]!;
    expect(at(b, 'residualEnergy')).toBeGreaterThan(at(a, 'residualEnergy') + 1);
  });
});
