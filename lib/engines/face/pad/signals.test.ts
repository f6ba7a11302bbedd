import { describe, expect, it } from 'vitest';
import { colourPhase, lineSharpening, sharedGrid, spectralPeaks, strongestGrid, welchPeaks } from './signals';

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

/** A picture upscaled by `scale` with bilinear interpolation (what a resized web photo or an app's crop went through). */
function upscaled(width: number, height: number, scale: number, seed: number): Float64Array {
  const [sw, sh] = [Math.ceil(width / scale) + 2, Math.ceil(height / scale) + 2];
  const small = frame(sw, sh, 0, seed);
  let s = seed * 7 + 1;
  const random = () => (s = (s * 16807) % 2147483647) / 2147483647;
  for (let i = 0; i < small.length; i++) small[i]! += (random() - 0.5) * 40;
  const out = new Float64Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [fx, fy] = [x / scale, y / scale];
      const [x0, y0] = [Math.floor(fx), Math.floor(fy)];
      const [ax, ay] = [fx - x0, fy - y0];
      const at = (i: number, j: number) => small[j * sw + i]!;
      out[y * width + x] = (1 - ay) * ((1 - ax) * at(x0, y0) + ax * at(x0 + 1, y0)) + ay * ((1 - ax) * at(x0, y0 + 1) + ax * at(x0 + 1, y0 + 1));
    }
  return out;
}

describe('what the frame-wide grid is', () => {
  const [w, h] = [320, 240];
  const region = { left: 0, top: 0, width: w, height: h };

  it("sharpens at twice the frequency resolution when it is a display's line spectrum, not when it is interpolation's broad replica", () => {
    for (const seed of [1, 2, 3]) {
      const grid = frame(w, h, 1.6, seed);
      const line = lineSharpening(grid, w, region, strongestGrid(grid, w, region)!);
      const resampled = upscaled(w, h, 2.6, seed);
      const peak = strongestGrid(resampled, w, region)!;
      const bump = lineSharpening(resampled, w, region, peak);
      expect(line, `seed ${seed}`).toBeGreaterThan(0.4);
      expect(bump, `seed ${seed}`).toBeLessThan(line - 0.4);
    }
  });

  it('is 0 on a region too small to average several 128-px tiles (a tight crop)', () => {
    const small = frame(200, 230, 1.6, 1);
    const r = { left: 0, top: 0, width: 200, height: 230 };
    expect(lineSharpening(small, 200, r, strongestGrid(small, 200, r)!)).toBe(0);
  });

  it("tells a display's sub-pixels (red and blue a third of a pixel apart) from a colour picture resampled as a whole", () => {
    for (const seed of [1, 2, 3]) {
      // Red and blue sub-pixels seen through the camera: the same grid, shifted by two thirds of its period.
      const f = [0.29, 0.11];
      const grid = (shift: number) => frame(w, h, 0, seed).map((v, i) => v + 8 * Math.cos(2 * Math.PI * (f[0]! * (i % w) + f[1]! * Math.floor(i / w)) + shift));
      const [red, blue] = [grid(0), grid((4 * Math.PI) / 3)];
      const lum = red.map((v, i) => (v + blue[i]!) / 2 + 8 * Math.cos(2 * Math.PI * (f[0]! * (i % w) + f[1]! * Math.floor(i / w)) + (2 * Math.PI) / 3));
      expect(colourPhase(red, blue, w, region, strongestGrid(lum, w, region)!), `seed ${seed}`).toBeLessThan(0);
      // A resampled colour picture: red and blue share its content (and its interpolation), each with its own tint and noise.
      const base = upscaled(w, h, 2.6, seed);
      let s = seed;
      const random = () => (s = (s * 16807) % 2147483647) / 2147483647;
      const [r2, b2] = [base.map((v) => 1.1 * v + (random() - 0.5) * 2), base.map((v) => 0.8 * v + (random() - 0.5) * 2)];
      expect(colourPhase(r2, b2, w, region, strongestGrid(base, w, region)!), `seed ${seed}`).toBeGreaterThan(0.8);
    }
  });
});
