import { describe, expect, it } from 'vitest';
import { fft2dMagnitude, realPower2d } from './fft';

/** A deterministic noisy picture with a grating in it. */
function picture(n: number, seed: number): Float64Array {
  let s = seed;
  const random = () => (s = (s * 16807) % 2147483647) / 2147483647;
  return Float64Array.from({ length: n * n }, (_, i) => 100 * random() + 50 * Math.sin((2 * Math.PI * 5 * (i % n)) / n + (3 * Math.floor(i / n)) / n));
}

describe('realPower2d', () => {
  it.each([4, 16, 64, 128, 256])('is the complex transform’s power for a real %i × %i image', (n) => {
    const px = picture(n, n + 11);
    const power = realPower2d(px, n);
    const magnitude = fft2dMagnitude(px, n);
    const largest = Math.max(...power);
    for (let i = 0; i < n * n; i++) expect(Math.abs(power[i]! - magnitude[i]! ** 2)).toBeLessThan(1e-9 * largest);
  });

  it('finds a grating where it is', () => {
    const n = 64;
    const px = Float64Array.from({ length: n * n }, (_, i) => Math.cos((2 * Math.PI * 6 * (i % n)) / n));
    const power = realPower2d(px, n);
    const peak = power.indexOf(Math.max(...power));
    expect([6, n - 6]).toContain(peak % n);
    expect(Math.floor(peak / n)).toBe(0);
  });
});
