import sharp from 'sharp';
import { greyFace, laplacianVariance } from '../measure';
import { fft2dMagnitude } from '../../signal';

/**
 * Physical signals of a presentation attack in one image, measured around
 * the face (ISO/IEC 30107 "passive" PAD):
 * - a screen's pixel grid and moiré, and a print's halftone, are periodic:
 *   sharp peaks in the spectrum of the face region at its native resolution;
 * - re-captures lose fine detail (two optical passes) or gain grid energy;
 * - screens and prints shift colour (a cooler cast, lower saturation);
 * - glass and glossy paper add specular highlights;
 * - a phone bezel or paper edge draws long straight lines around the face.
 */
export interface PadSignals {
  /** log(max / median) spectral magnitude in the mid-high band, JPEG grid excluded. */
  periodicity: number;
  /** Share of spectral energy above a quarter of the sampling rate. */
  highFrequency: number;
  /** Laplacian variance of the face at 128 px (sharpness). */
  sharpness: number;
  /** Mean HSV saturation of the face, 0..1. */
  saturation: number;
  /** Mean (blue - red) / 255 on the face: skin is red-heavy, screens cast blue. */
  coolCast: number;
  /** Share of near-white, unsaturated pixels on the face (specular glare). */
  specular: number;
  /** Strongest straight edge across the picture outside the face, as a share of its length. */
  straightEdge: number;
}

export const SIGNAL_NAMES: (keyof PadSignals)[] = ['periodicity', 'highFrequency', 'sharpness', 'saturation', 'coolCast', 'specular', 'straightEdge'];

const PATCH = 128;

type Box = [number, number, number, number];

async function spectral(png: Buffer, box: Box, width: number, height: number): Promise<{ periodicity: number; highFrequency: number }> {
  // The central part of the face at native resolution (resampling would erase the grid).
  const side = Math.max(16, Math.min(PATCH, Math.floor(Math.min(box[2], box[3]) * 0.8)));
  const cx = box[0] + box[2] / 2;
  const cy = box[1] + box[3] / 2;
  const left = Math.max(0, Math.min(width - side, Math.round(cx - side / 2)));
  const top = Math.max(0, Math.min(height - side, Math.round(cy - side / 2)));
  const region = await sharp(png).extract({ left, top, width: Math.min(side, width), height: Math.min(side, height) }).greyscale().resize(PATCH, PATCH, { kernel: 'nearest' }).raw().toBuffer();
  const grey = Float64Array.from(region);
  const mean = grey.reduce((s, v) => s + v, 0) / grey.length;
  // Hann window against edge leakage.
  for (let y = 0; y < PATCH; y++) {
    for (let x = 0; x < PATCH; x++) {
      const w = (0.5 - 0.5 * Math.cos((2 * Math.PI * x) / (PATCH - 1))) * (0.5 - 0.5 * Math.cos((2 * Math.PI * y) / (PATCH - 1)));
      grey[y * PATCH + x] = (grey[y * PATCH + x]! - mean) * w;
    }
  }
  const mag = fft2dMagnitude(grey, PATCH);
  const band: number[] = [];
  let high = 0;
  let total = 0;
  const scale = PATCH / side; // nearest-upscaled patches repeat pixels: only frequencies up to the real Nyquist count
  for (let v = 0; v < PATCH; v++) {
    for (let u = 0; u < PATCH; u++) {
      const fu = u <= PATCH / 2 ? u : u - PATCH;
      const fv = v <= PATCH / 2 ? v : v - PATCH;
      const r = Math.hypot(fu, fv) / (PATCH / 2) * scale;
      if (r === 0 || r > 1) continue;
      const e = mag[v * PATCH + u]! ** 2;
      total += e;
      if (r > 0.5) high += e;
      // JPEG's 8-pixel block grid puts peaks at multiples of 1/8 of the sampling rate: not evidence.
      const onGrid = (f: number) => Math.abs(((Math.abs(f) * scale) % (PATCH / 8)) - 0) < 1.5 || Math.abs(((Math.abs(f) * scale) % (PATCH / 8)) - PATCH / 8) < 1.5;
      if (r > 0.3 && Math.abs(fu) > 2 && Math.abs(fv) > 2 && !(onGrid(fu) && onGrid(fv))) band.push(mag[v * PATCH + u]!);
    }
  }
  band.sort((a, b) => a - b);
  const median = band[band.length >> 1] ?? 1;
  const peak = band[band.length - 1] ?? 1;
  return { periodicity: Math.log((peak + 1e-9) / (median + 1e-9)), highFrequency: total ? high / total : 0 };
}

async function colour(png: Buffer, box: Box, width: number, height: number) {
  const left = Math.max(0, Math.round(box[0] + box[2] * 0.2));
  const top = Math.max(0, Math.round(box[1] + box[3] * 0.2));
  const w = Math.max(4, Math.min(width - left, Math.round(box[2] * 0.6)));
  const h = Math.max(4, Math.min(height - top, Math.round(box[3] * 0.6)));
  const { data } = await sharp(png).extract({ left, top, width: w, height: h }).resize({ width: 64 }).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  let sat = 0;
  let cool = 0;
  let spec = 0;
  const n = data.length / 3;
  for (let i = 0; i < data.length; i += 3) {
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    const s = max === 0 ? 0 : (max - min) / max;
    sat += s;
    cool += (b - r) / 255;
    if (max > 240 && s < 0.12) spec++;
  }
  return { saturation: sat / n, coolCast: cool / n, specular: spec / n };
}

async function sharpnessOf(png: Buffer, box: Box, width: number, height: number): Promise<number> {
  const face = await greyFace(png, box, width, height);
  return Math.log1p(laplacianVariance(face.data, face.width, face.height));
}

/** Long straight edges (bezel, paper border): rows/columns whose gradient is strong along most of their length, outside the face. */
async function straightEdge(png: Buffer, box: Box, width: number): Promise<number> {
  const W = 256;
  const { data, info } = await sharp(png).greyscale().resize({ width: W }).blur(1).raw().toBuffer({ resolveWithObject: true });
  const H = info.height;
  const k = W / width;
  const [fx0, fy0, fx1, fy1] = [box[0] * k, box[1] * k, (box[0] + box[2]) * k, (box[1] + box[3]) * k];
  const inFace = (x: number, y: number) => x >= fx0 && x <= fx1 && y >= fy0 && y <= fy1;
  let best = 0;
  for (let y = 2; y < H - 2; y++) {
    let run = 0;
    let longest = 0;
    for (let x = 0; x < W; x++) {
      const strong = !inFace(x, y) && Math.abs(data[(y + 1) * W + x]! - data[(y - 1) * W + x]!) > 28;
      run = strong ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    best = Math.max(best, longest / W);
  }
  for (let x = 2; x < W - 2; x++) {
    let run = 0;
    let longest = 0;
    for (let y = 0; y < H; y++) {
      const strong = !inFace(x, y) && Math.abs(data[y * W + x + 1]! - data[y * W + x - 1]!) > 28;
      run = strong ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    best = Math.max(best, longest / H);
  }
  return best;
}

export async function padSignals(png: Buffer, width: number, height: number, face: Box): Promise<PadSignals> {
  const [s, c, sharpness, edge] = await Promise.all([spectral(png, face, width, height), colour(png, face, width, height), sharpnessOf(png, face, width, height), straightEdge(png, face, width)]);
  return { ...s, ...c, sharpness, straightEdge: edge };
}
