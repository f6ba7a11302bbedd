import { describe, expect, it } from 'vitest';
import { demosaic, siteColour } from './bayer';

/** The mosaic a sensor records of an RGB picture given as a function of the pixel. */
function mosaicOf(width: number, height: number, rgb: (x: number, y: number) => [number, number, number]) {
  const m = new Float32Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) m[y * width + x] = rgb(x, y)[siteColour(x, y)];
  return m;
}

/** Mean absolute difference between the channels over the inner part of the picture (false colour of a grey scene). */
function falseColour(out: Float32Array, width: number, height: number) {
  let s = 0;
  let n = 0;
  for (let y = 4; y < height - 4; y++) {
    for (let x = 4; x < width - 4; x++) {
      const o = (y * width + x) * 3;
      s += Math.abs(out[o]! - out[o + 1]!) + Math.abs(out[o + 2]! - out[o + 1]!);
      n++;
    }
  }
  return s / n;
}

describe('Bayer mosaic and demosaicing (training simulator)', () => {
  it('gives back a flat colour and a colour ramp exactly', () => {
    const ramp = (x: number, y: number): [number, number, number] => [0.2 + 0.01 * x, 0.5 - 0.005 * y, 0.3 + 0.002 * (x + y)];
    const w = 24;
    const h = 20;
    const out = demosaic(mosaicOf(w, h, ramp), w, h);
    for (let y = 2; y < h - 2; y++) for (let x = 2; x < w - 2; x++) ramp(x, y).forEach((v, c) => expect(out[(y * w + x) * 3 + c]).toBeCloseTo(v, 5));
  });

  it('turns grey detail finer than the mosaic into false colour, and leaves coarse detail grey', () => {
    const w = 64;
    const h = 64;
    const grating = (period: number) => (x: number): [number, number, number] => {
      const v = 0.5 + 0.4 * Math.cos((2 * Math.PI * x) / period);
      return [v, v, v];
    };
    const fine = falseColour(demosaic(mosaicOf(w, h, grating(2.5)), w, h), w, h);
    const coarse = falseColour(demosaic(mosaicOf(w, h, grating(16)), w, h), w, h);
    expect(fine).toBeGreaterThan(0.1);
    expect(coarse).toBeLessThan(0.02);
  });
});
