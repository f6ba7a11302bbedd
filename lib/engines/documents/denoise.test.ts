import { describe, expect, it } from 'vitest';
import { noiseSigma } from '../signal';
import { rng } from '../../../scripts/synth/random';
import { bilateral, quieter } from './denoise';

const W = 240;
const H = 120;

/** Dark ink strokes (every other 8 px band on the left half) on light paper, with Gaussian noise of `sigma`. */
function page(sigma: number, seed = 1) {
  const r = rng(seed);
  const data = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const ink = x < W / 2 && Math.floor(x / 8) % 2 === 0;
      data[y * W + x] = Math.max(0, Math.min(255, Math.round((ink ? 40 : 210) + sigma * r.gauss())));
    }
  }
  return { data, width: W, height: H };
}

const meanOf = (g: { data: Uint8Array | Buffer }, x0: number, x1: number) => {
  let s = 0;
  let n = 0;
  for (let y = 4; y < H - 4; y++) for (let x = x0; x < x1; x++, n++) s += g.data[y * W + x]!;
  return s / n;
};

describe('denoising a noisy page before it is read', () => {
  it('smooths the noise and keeps the step between ink and paper', async () => {
    const noisy = page(20);
    const out = await bilateral(noisy, 5 * noiseSigma(noisy.data, W, H));
    // Noise measured on the paper half: several times lower.
    const half = W / 2;
    const paper = (g: { data: Uint8Array | Buffer }) => noiseSigma(Uint8Array.from({ length: half * H }, (_, i) => g.data[Math.floor(i / half) * W + half + (i % half)]!), half, H);
    expect(paper(out)).toBeLessThan(paper(noisy) / 3);
    // The strokes keep their contrast: the middle of an ink band stays dark, the paper between them light.
    expect(meanOf(out, 2, 6)).toBeLessThan(70);
    expect(meanOf(out, 10, 14)).toBeGreaterThan(180);
  });

  it('leaves a clean page as it is, and filters a noisy one once however often it is read', async () => {
    const clean = page(1);
    expect(await quieter(clean)).toBe(clean);
    const noisy = page(20);
    const first = await quieter(noisy);
    expect(first).not.toBe(noisy);
    expect(await quieter(noisy)).toBe(first);
  });
});
