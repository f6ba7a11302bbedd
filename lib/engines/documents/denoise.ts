import { noiseSigma } from '../signal';
import type { Grey } from './box';

/** Above this noise (grey levels, Immerkær) a page is denoised before it is read: camera and scan pages measure 0.2–1.8, sensor noise of σ 12–30 under JPEG 3.5–15. */
const NOISY_PAGE = 2.5;
/** The bilateral filter's range: grey steps up to about this many noise deviations are smoothed, ink on paper (a step of 100 and more) is kept. */
const RANGE_PER_NOISE = 5;
/** Rows filtered between two yields to the event loop (a page takes a few hundred milliseconds). */
const ROWS_PER_TURN = 96;

/**
 * Bilateral filter, 5 × 5 (Tomasi and Manduchi 1998): averages a pixel with neighbours of like grey, so noise on
 * paper and on ink is smoothed and the edge between them kept. Text under heavy sensor noise reads far better
 * from it (a median or a blur took the strokes with the noise). It yields every few rows: the page is read on the
 * request thread.
 */
export async function bilateral(g: Grey, rangeSigma: number, spatialSigma = 1.2, radius = 2): Promise<Grey> {
  const { width: w, height: h, data } = g;
  const out = new Uint8Array(w * h);
  const range = new Float32Array(256);
  for (let d = 0; d < 256; d++) range[d] = Math.exp(-(d * d) / (2 * rangeSigma * rangeSigma));
  const dxs: number[] = [];
  const dys: number[] = [];
  const spatial: number[] = [];
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      dxs.push(dx);
      dys.push(dy);
      spatial.push(Math.exp(-(dx * dx + dy * dy) / (2 * spatialSigma * spatialSigma)));
    }
  }
  const n = spatial.length;
  const step = Int32Array.from(dxs.map((dx, k) => dys[k]! * w + dx));
  const near = Float32Array.from(spatial);
  for (let y = 0; y < h; y++) {
    if (y > 0 && y % ROWS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    const inside = y >= radius && y < h - radius;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const c = data[i]!;
      let sum = 0;
      let weight = 0;
      if (inside && x >= radius && x < w - radius) {
        for (let k = 0; k < n; k++) {
          const v = data[i + step[k]!]!;
          const f = near[k]! * range[v > c ? v - c : c - v]!;
          sum += f * v;
          weight += f;
        }
      } else {
        // At the edges, neighbours beyond the image are its border pixels.
        for (let k = 0; k < n; k++) {
          const v = data[Math.min(h - 1, Math.max(0, y + dys[k]!)) * w + Math.min(w - 1, Math.max(0, x + dxs[k]!))]!;
          const f = near[k]! * range[v > c ? v - c : c - v]!;
          sum += f * v;
          weight += f;
        }
      }
      out[i] = Math.round(sum / weight);
    }
  }
  return { data: out, width: w, height: h };
}

const quiet = new WeakMap<Grey, Promise<Grey>>();

/** The page denoised when it is noisy, else the page itself: measured and filtered once per page, however often it is read. */
export function quieter(page: Grey): Promise<Grey> {
  let q = quiet.get(page);
  if (!q) {
    const sigma = noiseSigma(page.data, page.width, page.height);
    q = sigma > NOISY_PAGE ? bilateral(page, sigma * RANGE_PER_NOISE) : Promise.resolve(page);
    quiet.set(page, q);
  }
  return q;
}
