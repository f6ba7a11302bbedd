import { describe, expect, it } from 'vitest';
import { sharedGrid, spectralPeaks, welchPeaks } from './signals';

/** A textured, noisy frame (skin-like blobs, sensor noise) with an optional faint grid at one frequency across it. */
function frame(width: number, height: number, grid: number, seed: number): Float64Array {
  let s = seed;
  const random = () => (s = (s * 16807) % 2147483647) / 2147483647;
  const blobs = Array.from({ length: 40 }, () => ({ x: random() * width, y: random() * height, r: 4 + random() * 30, a: (random() - 0.5) * 60 }));
  const out = new Float64Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let v = 128 + (random() - 0.5) * 24;
      for (const b of blobs) v += b.a * Math.exp(-((x - b.x) ** 2 + (y - b.y) ** 2) / (2 * b.r * b.r));
      v += grid * Math.cos(2 * Math.PI * (x * 0.29 + y * 0.11));
      out[y * width + x] = v;
    }
  return out;
}

describe("Welch's grid measure", () => {
  it('finds a faint grid that repeats across the frame, which one window over the face misses, and stays low without it', () => {
    const [w, h] = [320, 240];
    const region = { left: 0, top: 0, width: w, height: h };
    const centre = (p: Float64Array) => {
      const n = 128;
      const out = new Float64Array(n * n);
      for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) out[y * n + x] = p[(y + 56) * w + x + 96]!;
      return out;
    };
    const plain = [1, 2, 3].map((seed) => frame(w, h, 0, seed));
    const gridded = [1, 2, 3].map((seed) => frame(w, h, 1.6, seed));
    const welchPlain = Math.max(...plain.map((p) => welchPeaks(p, w, region)));
    const welchGrid = Math.min(...gridded.map((p) => welchPeaks(p, w, region)));
    const singlePlain = Math.max(...plain.map((p) => spectralPeaks(centre(p), 128)));
    const singleGrid = Math.min(...gridded.map((p) => spectralPeaks(centre(p), 128)));
    // Welch separates the two cleanly; the one window does not.
    expect(welchGrid).toBeGreaterThan(welchPlain + 1);
    expect(singleGrid - singlePlain).toBeLessThan(welchGrid - welchPlain);
  });

  it('is 0 on a region smaller than a tile', () => {
    expect(welchPeaks(new Float64Array(50 * 50), 50, { left: 0, top: 0, width: 50, height: 50 })).toBe(0);
  });

  it("finds the frame's grid on the face when it covers the face (a screen), not when it lies only beside it (a striped shirt)", () => {
    const [w, h] = [320, 240];
    const frameRegion = { left: 0, top: 0, width: w, height: h };
    const face = { left: 110, top: 40, width: 100, height: 100 };
    const stripes = (p: Float64Array, everywhere: boolean) => {
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++) if (everywhere || y >= 150) p[y * w + x]! += 6 * Math.cos(2 * Math.PI * (x * 0.29 + y * 0.11));
      return p;
    };
    for (const seed of [1, 2, 3]) {
      const screen = sharedGrid(stripes(frame(w, h, 0, seed), true), w, frameRegion, face);
      const shirt = sharedGrid(stripes(frame(w, h, 0, seed), false), w, frameRegion, face);
      expect(screen, `seed ${seed}`).toBeGreaterThan(2);
      expect(shirt, `seed ${seed}`).toBeLessThan(1);
      // Both frames show the grid somewhere: the frame-wide measure alone cannot tell them apart.
      expect(welchPeaks(stripes(frame(w, h, 0, seed), false), w, frameRegion)).toBeGreaterThan(2);
    }
  });
});
