import { laplacianVariance } from '@/lib/engines/signal';

/**
 * One quality judgement for document pictures, shared by the browser's live
 * guide (components/steps/capture/DocumentCamera.tsx, on each camera frame)
 * and the server (lib/engines/fraud's page signals, rule BAIXA_QUALIDADE and the
 * hosted step's retry reasons): the same measures, computed the same way,
 * and the same limits, so that a frame the guide calls good is one the
 * server accepts. The guide checks two things more, light and a document
 * being there at all, which the server answers as "not recognised".
 */
export const DOCUMENT_LIMITS = {
  /** The document's short side, in pixels of the picture sent: under it, letters are too small to read reliably. */
  minDocumentHeight: 360,
  /** Variance of the Laplacian at SHARPNESS_HEIGHT (calibrated on the generator; docs/fraud.md). */
  minSharpness: 40,
  /** Share of blown-out pixels (every channel ≥ 250) in the document's inner part (white paper counts too, hence high). */
  maxGlare: 0.35,
  /** Mean luma (guide only). */
  minBrightness: 55,
  /** Standard deviation of luma: a bare surface has little, a document on it a lot (guide only). */
  minContrast: 15,
  /** Share of pixels on a strong edge (print, the outline): fewer on a document filling the frame is a blur (guide only). */
  minEdges: 0.03,
};

/** The guide's overlay has an ID-1 card's shape (85.6 × 54 mm); the guide measures only inside it. */
export const CARD_ASPECT = 85.6 / 54;
/** The overlay's usual width, a share of the video's. */
export const OVERLAY_SHARE = 0.86;

/**
 * The part of a camera frame under the overlay: 86 % of the width, centred;
 * wider (up to 98 %) on a low-resolution camera, so that a card filling the
 * overlay is as tall as the server needs (a 640×480 webcam).
 */
export function overlayRegion(width: number, height: number): { x: number; y: number; w: number; h: number } {
  const needed = (DOCUMENT_LIMITS.minDocumentHeight * 1.06 * CARD_ASPECT) / width;
  let w = width * Math.min(0.98, Math.max(OVERLAY_SHARE, needed));
  let h = w / CARD_ASPECT;
  if (h > height * 0.95) {
    h = height * 0.95;
    w = h * CARD_ASPECT;
  }
  return { x: (width - w) / 2, y: (height - h) / 2, w, h };
}

/** Height the sharpness is measured at, so that it does not depend on the picture's size (never enlarged). */
export const SHARPNESS_HEIGHT = 600;
/** The inner part of the document box measured for glare (its corners may show the table around a tilted card). */
export const GLARE_INSET = 0.12;

export interface DocumentMeasures {
  /** The document's short side in pixels of the full-resolution picture. */
  documentHeight: number;
  /** laplacianVariance of the document's luma at SHARPNESS_HEIGHT (or its own height when smaller). */
  sharpness: number;
  /** Share of blown-out pixels in the inner part. */
  glare: number;
  /** Mean luma, 0-255. */
  brightness: number;
  contrast: number;
  edges: number;
}

/** What the person should change, the first thing first; the server's retry reasons use the same words. */
export type DocumentAdvice = 'ok' | 'dark' | 'empty' | 'closer' | 'blurry' | 'glare';

/**
 * The server's part of the judgement: focus, size, glare (in that order:
 * the guide finds the document's extent from its print, which a blur
 * wipes out, so focus must come first for both to say the same).
 */
export function documentProblem(m: Pick<DocumentMeasures, 'documentHeight' | 'sharpness' | 'glare'>, limits = DOCUMENT_LIMITS): 'closer' | 'blurry' | 'glare' | undefined {
  if (m.sharpness < limits.minSharpness) return 'blurry';
  if (m.documentHeight < limits.minDocumentHeight) return 'closer';
  if (m.glare > limits.maxGlare) return 'glare';
  return undefined;
}

/** The guide's judgement: light and a document present first, then exactly the server's (few edges on a large document is a blur too). */
export function adviseDocument(m: DocumentMeasures, limits = DOCUMENT_LIMITS): DocumentAdvice {
  if (m.brightness < limits.minBrightness) return 'dark';
  if (m.contrast < limits.minContrast) return 'empty';
  const problem = documentProblem(m, limits);
  if (!problem && m.edges < limits.minEdges) return 'blurry';
  return problem ?? 'ok';
}

/** Pixels blown out in every channel (≥ 250) among those from `start` to `end` of an RGB (3) or RGBA (4) buffer. */
function blownPixels(pixels: ArrayLike<number>, channels: 3 | 4, start = 0, end = pixels.length): number {
  let blown = 0;
  for (let i = start; i < end; i += channels) if (Math.min(pixels[i]!, pixels[i + 1]!, pixels[i + 2]!) >= 250) blown++;
  return blown;
}

/** Share of pixels blown out in every channel, of an RGB (3) or RGBA (4) buffer. */
export function glareShare(pixels: ArrayLike<number>, channels: 3 | 4): number {
  const n = Math.floor(pixels.length / channels);
  return n ? blownPixels(pixels, channels) / n : 0;
}

/**
 * The guide's measures of one camera frame: `rgba` is the part of the frame
 * under the card-shaped overlay, drawn at `sourceHeight / scale` pixels high
 * where `scale` makes it SHARPNESS_HEIGHT high at most (the server's scale).
 * The document's height is where print is found between the overlay's top
 * and bottom, in pixels of the full frame (the server locates the document;
 * the guide cannot be surer than the print it sees).
 */
export function measureDocumentFrame(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number, sourceHeight: number): DocumentMeasures {
  const n = width * height;
  const luma = new Float32Array(n);
  let sum = 0;
  let sq = 0;
  for (let i = 0, j = 0; i < n; i++, j += 4) {
    const y = 0.299 * rgba[j]! + 0.587 * rgba[j + 1]! + 0.114 * rgba[j + 2]!;
    luma[i] = y;
    sum += y;
    sq += y * y;
  }
  let strong = 0;
  const rows = new Uint32Array(height);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      if (Math.abs(luma[i + 1]! - luma[i - 1]!) + Math.abs(luma[i + width]! - luma[i - width]!) > 40) {
        strong++;
        rows[y]!++;
      }
    }
  }
  // Print spans the rows from the document's top to its bottom: the band of rows with some edge in them.
  const busy = (y: number) => rows[y]! >= width * 0.01;
  let top = 0;
  while (top < height && !busy(top)) top++;
  let bottom = height - 1;
  while (bottom > top && !busy(bottom)) bottom--;
  const band = bottom > top ? (bottom - top + 1) / height : 0;
  const [ix, iy] = [Math.round(width * GLARE_INSET), Math.round(height * GLARE_INSET)];
  let blown = 0;
  for (let y = iy; y < height - iy; y++) blown += blownPixels(rgba, 4, (y * width + ix) * 4, (y * width + width - ix) * 4);
  const innerCount = Math.max(0, width - 2 * ix) * Math.max(0, height - 2 * iy);
  const mean = n ? sum / n : 0;
  return {
    documentHeight: Math.round(sourceHeight * band),
    sharpness: laplacianVariance(luma, width, height),
    glare: innerCount ? blown / innerCount : 0,
    brightness: mean,
    contrast: n ? Math.sqrt(Math.max(0, sq / n - mean * mean)) : 0,
    edges: (width - 2) * (height - 2) > 0 ? strong / ((width - 2) * (height - 2)) : 0,
  };
}
