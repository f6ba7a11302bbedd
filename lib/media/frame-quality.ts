import { laplacianVariance } from '../signal/laplacian';

/**
 * Live guidance while the person frames a document (runs in the browser on a
 * small copy of each camera frame, ~320 px wide; no server round trip): is
 * there enough light, is the document washed out by glare, is the picture
 * sharp, is a document there at all. Thresholds are deliberately looser than
 * the server's (lib/fraud BAIXA_QUALIDADE): the guide only prevents the
 * obvious misses, the server decides.
 */
export type FrameAdvice = 'ok' | 'dark' | 'glare' | 'blurry' | 'empty';

export interface FrameMeasures {
  /** Mean luma, 0-255. */
  brightness: number;
  /** Share of blown-out pixels (luma ≥ 250). */
  glare: number;
  /** Variance of the Laplacian of luma (higher is sharper). */
  sharpness: number;
  /** Share of pixels on a strong edge (print, the document's outline). */
  edges: number;
  /** Standard deviation of luma: a bare surface has little, a document on it a lot (even out of focus). */
  contrast: number;
}

export const FRAME_LIMITS = { minBrightness: 55, maxGlare: 0.04, minSharpness: 45, minEdges: 0.03, minContrast: 15 };

/** Measures of an RGBA frame (ImageData's layout). */
export function measureFrame(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): FrameMeasures {
  const n = width * height;
  const luma = new Float32Array(n);
  let sum = 0;
  let sq = 0;
  let blown = 0;
  for (let i = 0, j = 0; i < n; i++, j += 4) {
    const y = 0.299 * rgba[j]! + 0.587 * rgba[j + 1]! + 0.114 * rgba[j + 2]!;
    luma[i] = y;
    sum += y;
    sq += y * y;
    if (y >= 250) blown++;
  }
  let strong = 0;
  let count = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      if (Math.abs(luma[i + 1]! - luma[i - 1]!) + Math.abs(luma[i + width]! - luma[i - width]!) > 40) strong++;
      count++;
    }
  }
  const mean = n ? sum / n : 0;
  return {
    brightness: mean,
    glare: n ? blown / n : 0,
    sharpness: laplacianVariance(luma, width, height),
    edges: count ? strong / count : 0,
    contrast: n ? Math.sqrt(Math.max(0, sq / n - mean * mean)) : 0,
  };
}

/** The one thing to fix first, or ok. */
export function adviseFrame(m: FrameMeasures, limits = FRAME_LIMITS): FrameAdvice {
  if (m.brightness < limits.minBrightness) return 'dark';
  if (m.contrast < limits.minContrast) return 'empty';
  if (m.glare > limits.maxGlare) return 'glare';
  if (m.sharpness < limits.minSharpness || m.edges < limits.minEdges) return 'blurry';
  return 'ok';
}
