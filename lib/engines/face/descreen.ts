import sharp from 'sharp';
import { PIXEL_PNG } from '../media';
import { realPower2d } from '../signal';
import type { Picture } from './detect';

/**
 * A printed portrait (an ID's photo, cut out or photographed) is a halftone:
 * a screen of dots 2–8 px apart. The detectors and the embedder read the dots
 * as texture: the face is missed or described through them. Such a picture
 * is descreened first; every other picture is left exactly as it is.
 */

/** Strength (log power over the spectrum's local median) from which a peak is a screen. Measured: printed portraits 5.9–9.1, camera photos, JPEG, small and tight crops 2.1–3.5. */
const SCREEN_MIN_STRENGTH = 4.5;
/** Screen periods looked for, in pixels of the picture. */
const MIN_PERIOD = 2;
const MAX_PERIOD = 8;
/** Blur as a share of the screen's period: removes the dots, keeps the features (0.33 measured best of 0.2–0.5 px-per-period and fixed 1–3 px). */
export const BLUR_PER_PERIOD = 0.33;

export interface Screen {
  /** Dot spacing in pixels. */
  period: number;
  /** How far the peak stands above the spectrum around it (log power). */
  strength: number;
}

/** Side of the central square the screen is looked for in: a power of two up to 256 px. */
const centralSide = (width: number, height: number) => 2 ** Math.min(8, Math.floor(Math.log2(Math.min(width, height))));

/** The strongest isolated peak of the spectrum of the picture's central square (at native resolution, up to 256 px), between the periods looked for. */
export function strongestPeak(grey: Uint8Array, width: number, height: number): Screen {
  const n = centralSide(width, height);
  if (n < 16) return { period: 0, strength: 0 };
  const x0 = (width - n) >> 1;
  const y0 = (height - n) >> 1;
  const values = new Float64Array(n * n);
  let mean = 0;
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) mean += values[y * n + x] = grey[(y + y0) * width + x + x0]!;
  mean /= n * n;
  const hann = (i: number) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (n - 1));
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) values[y * n + x] = (values[y * n + x]! - mean) * hann(y) * hann(x);
  const power = realPower2d(values, n);
  const at = (u: number, v: number) => Math.log(power[((v + n) % n) * n + ((u + n) % n)]! + 1e-6);
  let best: Screen = { period: 0, strength: 0 };
  const around: number[] = [];
  // Half the plane: a real picture's spectrum is symmetric.
  for (let v = 0; v <= n / 2; v++)
    for (let u = -n / 2 + 1; u < n / 2; u++) {
      const f = Math.hypot(u, v) / n;
      if (f < 1 / MAX_PERIOD || f > 1 / MIN_PERIOD) continue;
      const here = at(u, v);
      let isMax = true;
      for (let dv = -1; dv <= 1 && isMax; dv++) for (let du = -1; du <= 1; du++) if ((du || dv) && at(u + du, v + dv) > here) isMax = false;
      if (!isMax) continue;
      around.length = 0;
      for (let dv = -3; dv <= 3; dv++) for (let du = -3; du <= 3; du++) if (Math.abs(du) > 1 || Math.abs(dv) > 1) around.push(at(u + du, v + dv));
      around.sort((a, b) => a - b);
      const strength = here - around[around.length >> 1]!;
      if (strength > best.strength) best = { period: 1 / f, strength };
    }
  return best;
}

/** The picture's halftone screen, or undefined when it has none. */
export async function halftoneOf(pic: Picture): Promise<Screen | undefined> {
  // Only the central square is read: cut before the grey conversion (a per-pixel step, so the same values).
  const n = centralSide(pic.width, pic.height);
  if (n < 16) return undefined;
  const square = { left: (pic.width - n) >> 1, top: (pic.height - n) >> 1, width: n, height: n };
  const data = await sharp(pic.png).extract(square).greyscale().raw().toBuffer();
  const peak = strongestPeak(data, n, n);
  return peak.strength >= SCREEN_MIN_STRENGTH ? peak : undefined;
}

/**
 * The picture with its screen blurred away (by `blurPerPeriod` of its period)
 * and its tone stretched back (printed portraits are washed out).
 */
export async function descreened(pic: Picture, screen: Screen, { blurPerPeriod = BLUR_PER_PERIOD } = {}): Promise<Picture> {
  const soft = await sharp(pic.png).blur(Math.max(0.3, blurPerPeriod * screen.period)).png(PIXEL_PNG).toBuffer();
  const png = await sharp(soft).normalise({ lower: 1, upper: 99 }).png(PIXEL_PNG).toBuffer();
  return { png, width: pic.width, height: pic.height };
}
