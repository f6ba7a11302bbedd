import sharp from 'sharp';
import { noiseSigma, realPower2d } from '../../signal';
import { TEXTURE_NAMES, textureFeatures } from './texture';

/**
 * Physical signals of a presentation attack in one image, measured around the
 * face (ISO/IEC 30107 "passive" PAD), each made robust to what an ordinary
 * camera does to a live face (sensor noise, JPEG, white balance, small faces):
 * - a screen's pixel grid and the moiré it makes with the sensor, and a print's
 *   halftone, are periodic: isolated peaks standing above the spectrum's own
 *   smooth floor (noise raises the floor, not peaks), in luminance and in
 *   chroma (screen moiré is coloured), at the face's native resolution and
 *   at half of it; JPEG's 8-px block frequencies are left out;
 * - re-captures lose fine detail: sharpness of the face at a fixed scale;
 * - screens cast cool and prints wash colour out: skin warmth and saturation,
 *   absolute and relative to the rest of the frame (the room's own white balance);
 * - glass and glossy paper add specular highlights;
 * - a bezel or a paper border draws long straight lines on the sides of the face.
 * The noise level itself is measured too so the model can tell noise from texture.
 */
export interface PadSignals {
  /** Strongest isolated luminance peaks above the local spectral floor (natural log units), native resolution. */
  periodicity: number;
  /** The same on the face region at half resolution (coarse moiré on large faces). */
  periodicityCoarse: number;
  /** Isolated peaks in the chroma (R − B) spectrum: coloured moiré, sub-pixel grids. */
  chromaPeriodicity: number;
  /** Sensor noise estimate of the face region (grey levels, Immerkær). */
  noise: number;
  /** Gradient energy of the face at 96 px over its contrast (log): fine detail left. */
  sharpness: number;
  /** log(R / B) of the face's mean colour: skin is warm, screens cool. */
  warmth: number;
  /** warmth of the face minus that of the whole frame: skin against the room's white balance. */
  relWarmth: number;
  /** Mean saturation of the face, 0..1. */
  saturation: number;
  /** Face saturation over the frame's. */
  relSaturation: number;
  /** Share of near-white, unsaturated pixels on the face (specular glare). */
  specular: number;
  /** Long straight lines on two sides of the face (bezel, paper border): mean support of the best two sides, 0..1. */
  framing: number;
  /** The same peaks at a quarter of the face's resolution: slow moiré beats (periods of several pixels). */
  periodicityLow: number;
  /** Chroma noise over luminance noise on the face: a print's coloured ink dots (sensor chroma noise is smoothed by 4:2:0). */
  chromaNoise: number;
  /** Darkest 1 % of the head and its surround (1.6 × the face box), 0..1: a screen's or paper's black is lifted by the room's light. */
  blackLevel: number;
  /** Darkest 3 % of the face (pupils, nostrils) over its median: the depth of its shadows, shallow on a screen or print. */
  faceShadow: number;
  /** Brightest 2 % of the face over its 90th percentile: specular highlights, compressed by a panel's peak or lost on paper. */
  highlight: number;
  /** Sharp point highlights in the eyes (catchlights): peak top-hat response in the eye band over the face's contrast. */
  catchlight: number;
  /** 95th percentile of the face's saturation: the extent of skin chroma, narrowed by a print's or a screen's gamut. */
  gamut: number;
  /** Welch-averaged peaks (64-px tiles) of luminance over the whole frame: a screen's grid or moiré is at one frequency everywhere. */
  frameGrid: number;
  /** The same on chroma (R − B): coloured moiré of the sub-pixels. */
  frameChromaGrid: number;
  /** The same on luminance over the face's box. */
  faceGrid: number;
  /** The frame's strongest luminance grid measured on the face (see sharedGrid): a screen's covers the face too. */
  sharedGrid: number;
  /** How much that grid's peak sharpens at twice the frequency resolution (128-px tiles): a line (a display's grid, a print's screen) gains, a broad bump (interpolation's replica of the picture's own spectrum) does not. */
  gridLine: number;
  /** Phase agreement of red and blue at that grid's frequency (normalised real part of their cross-spectrum): 1 when the channels went through one interpolation together, lower under a display's sub-pixels. */
  gridColour: number;
  /** Colour-texture and frequency descriptors of the face, in TEXTURE_NAMES order (./texture.ts). */
  texture: number[];
}

/** The named scalar signals (all but the texture descriptors). */
export type ScalarSignal = Exclude<keyof PadSignals, 'texture'>;

export const SIGNAL_NAMES: ScalarSignal[] = [
  'periodicity', 'periodicityCoarse', 'chromaPeriodicity', 'noise', 'sharpness', 'warmth', 'relWarmth', 'saturation', 'relSaturation', 'specular', 'framing',
  'periodicityLow', 'chromaNoise', 'blackLevel', 'faceShadow', 'highlight', 'catchlight', 'gamut', 'frameGrid', 'frameChromaGrid', 'faceGrid', 'sharedGrid',
  'gridLine', 'gridColour',
];

/** Every feature by name: the scalar signals and each texture descriptor (what a model is trained on and scores). */
export function featureValues(s: PadSignals): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of SIGNAL_NAMES) out[k] = s[k];
  TEXTURE_NAMES.forEach((k, i) => (out[k] = s.texture?.[i] ?? 0));
  return out;
}

type Box = [number, number, number, number];

/** The central part of the face, square, at native resolution (at most 256 px). */
function faceSquare(box: Box, width: number, height: number, max = 256) {
  const side = Math.max(16, Math.min(max, Math.floor(Math.min(box[2], box[3]) * 0.8), width, height));
  const cx = box[0] + box[2] / 2;
  const cy = box[1] + box[3] * 0.55;
  const left = Math.max(0, Math.min(width - side, Math.round(cx - side / 2)));
  const top = Math.max(0, Math.min(height - side, Math.round(cy - side / 2)));
  return { left, top, width: side, height: side };
}

/** Largest power of two not above n (at least 16). */
const pow2 = (n: number) => 2 ** Math.max(4, Math.floor(Math.log2(n)));

/**
 * Peaks of one channel's spectrum over its smooth floor: the log power minus
 * the median of its 7 × 7 neighbourhood, local maxima only, in the band from
 * 0.12 to 0.95 of Nyquist, off the JPEG block grid. Mean of the three largest.
 */
export function spectralPeaks(values: Float64Array, n: number): number {
  const power = powerSpectrum(values, n);
  const logP = new Float64Array(n * n);
  for (let i = 0; i < n * n; i++) logP[i] = Math.log(power[i]! + 1e-6);
  return peaksOverFloor(logP, n);
}

/** Power spectrum of an n × n patch, mean removed, Hann-windowed. */
function powerSpectrum(values: Float64Array, n: number): Float64Array {
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  const hann = hannOf(n);
  const win = new Float64Array(n * n);
  for (let y = 0; y < n; y++) {
    const wy = hann[y]!;
    for (let x = 0; x < n; x++) win[y * n + x] = (values[y * n + x]! - mean) * wy * hann[x]!;
  }
  return realPower2d(win, n);
}

const hanns = new Map<number, Float64Array>();
/** The Hann window of n points (computed once per size: the Welch measures take hundreds of tiles). */
function hannOf(n: number): Float64Array {
  let w = hanns.get(n);
  if (!w) hanns.set(n, (w = Float64Array.from({ length: n }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (n - 1)))));
  return w;
}

/** The isolated local maxima of one window's log power spectrum over its 7 × 7 median floor: mean of the three largest (its JPEG block peaks spread a bin either side, left out too). */
function peaksOverFloor(logP: Float64Array, n: number): number {
  const top = peaksOf(logP, n, 1).slice(0, 3);
  return top.length ? top.reduce((s, p) => s + p.height, 0) / top.length : 0;
}

interface Peak {
  u: number;
  v: number;
  /** Log power over the 7 × 7 median floor around it. */
  height: number;
}

const R = 3;
/** A bin's log power over the median of its 7 × 7 neighbourhood (the inner 3 × 3 left out). */
function overFloor(logP: Float64Array, n: number, u: number, v: number): number {
  const at = (a: number, b: number) => logP[((b + n) % n) * n + ((a + n) % n)]!;
  const neighbourhood: number[] = [];
  for (let dv = -R; dv <= R; dv++) for (let du = -R; du <= R; du++) if (Math.abs(du) > 1 || Math.abs(dv) > 1) neighbourhood.push(at(u + du, v + dv));
  neighbourhood.sort((a, b) => a - b);
  return at(u, v) - neighbourhood[neighbourhood.length >> 1]!;
}

/** Every isolated local maximum in the band 0.12–0.95 of Nyquist, off the JPEG block frequencies and `margin` bins either side of them, strongest first. */
function peaksOf(logP: Float64Array, n: number, margin: number): Peak[] {
  const at = (u: number, v: number) => logP[((v + n) % n) * n + ((u + n) % n)]!;
  const block = n / 8;
  const offGrid = (f: number) => {
    const m = ((Math.abs(f) % block) + block) % block;
    return m > margin && m < block - margin;
  };
  const peaks: Peak[] = [];
  // Only half the plane: the spectrum of a real signal is symmetric.
  for (let v = 0; v <= n / 2; v++) {
    for (let u = -n / 2 + 1; u < n / 2; u++) {
      const r = Math.hypot(u, v) / (n / 2);
      if (r < 0.12 || r > 0.95) continue;
      if (block >= 4 && (!offGrid(u) || !offGrid(v))) continue;
      const here = at(u, v);
      let isMax = true;
      for (let dv = -1; dv <= 1 && isMax; dv++) for (let du = -1; du <= 1; du++) if ((du || dv) && at(u + du, v + dv) > here) isMax = false;
      if (isMax) peaks.push({ u, v, height: overFloor(logP, n, u, v) });
    }
  }
  return peaks.sort((a, b) => b.height - a.height);
}

/**
 * Welch's estimate over a region: the power spectra of 64-px tiles (half
 * overlapping, at most 96 spread over the region) averaged, then its strongest
 * isolated peak over the floor. A screen's grid and its moiré sit at the same
 * frequency in every tile and add up; skin, hair and noise peak at different
 * places tile to tile and average into the floor. A single window over the
 * face misses a weak grid that this finds.
 */
export function welchPeaks(plane: Float64Array, width: number, region: Region): number {
  return strongest(welchSpectrum(planeTiles(plane, width), region))?.height ?? 0;
}

const strongest = (spectrum: Float64Array | undefined, n = TILE) => (spectrum ? peaksOf(spectrum, n, 0)[0] : undefined);

/** The region's strongest grid by Welch's estimate (its frequency in bins of a 64-px tile and its height), if the region holds a tile. */
export const strongestGrid = (plane: Float64Array, width: number, region: Region): Peak | undefined => strongest(welchSpectrum(planeTiles(plane, width), region));

type Region = { left: number; top: number; width: number; height: number };
const TILE = 64;
/** At most this many tiles per estimate (spread over the region by a wider stride). */
const MAX_TILES = 96;
/** The fewest 128-px tiles the line measure averages (a 320 × 240 frame holds eight), and the most (each costs four 64-px ones). */
const MIN_FINE_TILES = 6;
const MAX_FINE_TILES = 32;

/**
 * Copies the T × T tile at (tx, ty) of a plane into `out`. The Welch measures
 * read at most a few hundred tiles, so a frame's planes are never made whole
 * (four planes of a 1280 × 1600 frame cost more than every spectrum together).
 */
type Tiles = (tx: number, ty: number, T: number, out: Float64Array) => void;

/** Tiles of a plane held whole. */
const planeTiles = (plane: Float64Array, width: number): Tiles => (tx, ty, T, out) => {
  for (let y = 0; y < T; y++) for (let x = 0; x < T; x++) out[y * T + x] = plane[(ty + y) * width + tx + x]!;
};

/** Tiles of one plane of raw RGB, computed where read: luminance (Rec. 601), chroma (R − B), red or blue. */
function rgbTiles(data: Uint8Array, width: number, plane: 'lum' | 'chroma' | 'red' | 'blue'): Tiles {
  return (tx, ty, T, out) => {
    for (let y = 0; y < T; y++) {
      for (let x = 0; x < T; x++) {
        const i = ((ty + y) * width + tx + x) * 3;
        out[y * T + x] =
          plane === 'lum' ? 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]! : plane === 'chroma' ? data[i]! - data[i + 2]! : plane === 'red' ? data[i]! : data[i + 2]!;
      }
    }
  };
}

/** Top-left corners of the half-overlapping T-px tiles of a region, at most `max` (a wider stride on large regions). */
function tilesOf(region: Region, T: number, max = MAX_TILES): [number, number][] {
  let stride = T / 2;
  const count = (st: number) => (Math.floor((region.width - T) / st) + 1) * (Math.floor((region.height - T) / st) + 1);
  while (count(stride) > max) stride += 8;
  const out: [number, number][] = [];
  for (let ty = region.top; ty + T <= region.top + region.height; ty += stride) for (let tx = region.left; tx + T <= region.left + region.width; tx += stride) out.push([tx, ty]);
  return out;
}

/** Log of the mean power spectrum of the region's T-px tiles (undefined when the region is smaller than a tile). */
function welchSpectrum(tiles: Tiles, region: Region, T = TILE, max = MAX_TILES): Float64Array | undefined {
  if (region.width < T || region.height < T) return undefined;
  const sum = new Float64Array(T * T);
  const tile = new Float64Array(T * T);
  const corners = tilesOf(region, T, max);
  for (const [tx, ty] of corners) {
    tiles(tx, ty, T, tile);
    const power = powerSpectrum(tile, T);
    for (let i = 0; i < T * T; i++) sum[i]! += power[i]!;
  }
  for (let i = 0; i < T * T; i++) sum[i] = Math.log(sum[i]! / corners.length + 1e-6);
  return sum;
}

/**
 * A peak of the 64-px Welch spectrum measured again with 128-px tiles: its
 * height over the floor there (best of the 3 × 3 bins around its frequency)
 * minus its height at 64 px. A sinusoid keeps all its power in one bin while
 * the floor per bin halves with twice the resolution (about +log 2); a broad
 * bump, such as the replica of a picture's own spectrum that interpolation
 * leaves at the scale factor's frequency, stays level or falls. 0 when the
 * region holds fewer than MIN_FINE_TILES tiles of 128 px.
 */
export function lineSharpening(plane: Float64Array, width: number, region: Region, peak: Peak): number {
  return lineSharpeningOf(planeTiles(plane, width), region, peak);
}

function lineSharpeningOf(tiles: Tiles, region: Region, peak: Peak): number {
  // Fewer tiles than this average into no floor at all (a 200 px crop holds four).
  if (tilesOf(region, 2 * TILE).length < MIN_FINE_TILES) return 0;
  const fine = welchSpectrum(tiles, region, 2 * TILE, MAX_FINE_TILES);
  if (!fine) return 0;
  let best = -Infinity;
  for (let dv = -1; dv <= 1; dv++) for (let du = -1; du <= 1; du++) best = Math.max(best, overFloor(fine, 2 * TILE, 2 * peak.u + du, 2 * peak.v + dv));
  return best - peak.height;
}

/**
 * Red and blue at one frequency over the region's 64-px tiles: the real part
 * of their cross-spectrum over the geometric mean of their powers (1: in phase
 * everywhere, as anything resampled or blurred as a whole; −0.5: the third of
 * a pixel that separates a display's red and blue sub-pixels).
 */
export function colourPhase(red: Float64Array, blue: Float64Array, width: number, region: Region, peak: Pick<Peak, 'u' | 'v'>): number {
  return colourPhaseOf(planeTiles(red, width), planeTiles(blue, width), region, peak);
}

function colourPhaseOf(redTiles: Tiles, blueTiles: Tiles, region: Region, peak: Pick<Peak, 'u' | 'v'>): number {
  const T = TILE;
  if (region.width < T || region.height < T) return 1;
  const hann = hannOf(T);
  // Separable twiddles: e^{-2πi(ux + vy)/T} = e^{-2πiux/T} · e^{-2πivy/T}.
  const cu = Float64Array.from({ length: T }, (_, x) => Math.cos((-2 * Math.PI * peak.u * x) / T) * hann[x]!);
  const su = Float64Array.from({ length: T }, (_, x) => Math.sin((-2 * Math.PI * peak.u * x) / T) * hann[x]!);
  const cv = Float64Array.from({ length: T }, (_, y) => Math.cos((-2 * Math.PI * peak.v * y) / T) * hann[y]!);
  const sv = Float64Array.from({ length: T }, (_, y) => Math.sin((-2 * Math.PI * peak.v * y) / T) * hann[y]!);
  const red = new Float64Array(T * T);
  const blue = new Float64Array(T * T);
  let re = 0;
  let pr = 0;
  let pb = 0;
  for (const [tx, ty] of tilesOf(region, T)) {
    redTiles(tx, ty, T, red);
    blueTiles(tx, ty, T, blue);
    // The tile's mean is left out by the window's own near-zero response away from DC; subtract it anyway.
    let mr = 0;
    let mb = 0;
    for (let i = 0; i < T * T; i++) (mr += red[i]!), (mb += blue[i]!);
    mr /= T * T;
    mb /= T * T;
    let [rr, ri, br, bi] = [0, 0, 0, 0];
    for (let y = 0; y < T; y++) {
      let [rowRr, rowRi, rowBr, rowBi] = [0, 0, 0, 0];
      for (let x = 0; x < T; x++) {
        const r = red[y * T + x]! - mr;
        const b = blue[y * T + x]! - mb;
        rowRr += r * cu[x]!;
        rowRi += r * su[x]!;
        rowBr += b * cu[x]!;
        rowBi += b * su[x]!;
      }
      // (row) × e^{-2πivy/T}
      rr += rowRr * cv[y]! - rowRi * sv[y]!;
      ri += rowRr * sv[y]! + rowRi * cv[y]!;
      br += rowBr * cv[y]! - rowBi * sv[y]!;
      bi += rowBr * sv[y]! + rowBi * cv[y]!;
    }
    re += rr * br + ri * bi;
    pr += rr * rr + ri * ri;
    pb += br * br + bi * bi;
  }
  return re / (Math.sqrt(pr * pb) + 1e-9);
}

/**
 * The frame's strongest grid, looked for on the face: its height over the
 * face's own floor at the same frequency (best of the 3 × 3 bins around it).
 * A screen's grid or moiré lies over the face as over the rest; a striped
 * shirt, blinds or a tiled wall behind a live person do not.
 */
export function sharedGrid(plane: Float64Array, width: number, frame: Region, face: Region): number {
  const tiles = planeTiles(plane, width);
  return gridAt(welchSpectrum(tiles, face), strongest(welchSpectrum(tiles, frame)));
}

/** A face spectrum's height over its floor at a peak of the frame's (best of the 3 × 3 bins around it). */
function gridAt(onFace: Float64Array | undefined, peak: Peak | undefined): number {
  if (!peak || !onFace) return 0;
  let best = -Infinity;
  for (let dv = -1; dv <= 1; dv++) for (let du = -1; du <= 1; du++) best = Math.max(best, overFloor(onFace, TILE, peak.u + du, peak.v + dv));
  return best;
}

/** Largest side of the frame window the grids are measured in (a window centred on the face; the tiles are capped anyway). */
const GRID_WINDOW = 1600;

/** Welch peaks of luminance and of chroma over the whole frame, of luminance over the face, and the frame's grid on the face. */
async function grids(png: Buffer, box: Box, fullWidth: number, fullHeight: number) {
  const window = {
    width: Math.min(fullWidth, GRID_WINDOW),
    height: Math.min(fullHeight, GRID_WINDOW),
    left: 0,
    top: 0,
  };
  window.left = Math.max(0, Math.min(fullWidth - window.width, Math.round(box[0] + box[2] / 2 - window.width / 2)));
  window.top = Math.max(0, Math.min(fullHeight - window.height, Math.round(box[1] + box[3] / 2 - window.height / 2)));
  const { width, height } = window;
  const whole = window.width === fullWidth && window.height === fullHeight;
  const { data } = await (whole ? sharp(png) : sharp(png).extract(window)).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const lum = rgbTiles(data, width, 'lum');
  const frame = { left: 0, top: 0, width, height };
  const side = Math.min(width, height, Math.max(64, Math.round(Math.min(box[2], box[3]))));
  const face = {
    left: Math.max(0, Math.min(width - side, Math.round(box[0] - window.left + box[2] / 2 - side / 2))),
    top: Math.max(0, Math.min(height - side, Math.round(box[1] - window.top + box[3] / 2 - side / 2))),
    width: side,
    height: side,
  };
  // Each spectrum once: the frame's luminance gives its grid and where to look on the face.
  const lumFrame = strongest(welchSpectrum(lum, frame));
  const lumFace = welchSpectrum(lum, face);
  return {
    frameGrid: lumFrame?.height ?? 0,
    frameChromaGrid: strongest(welchSpectrum(rgbTiles(data, width, 'chroma'), frame))?.height ?? 0,
    faceGrid: strongest(lumFace)?.height ?? 0,
    sharedGrid: gridAt(lumFace, lumFrame),
    gridLine: lumFrame ? lineSharpeningOf(lum, frame, lumFrame) : 0,
    gridColour: lumFrame ? colourPhaseOf(rgbTiles(data, width, 'red'), rgbTiles(data, width, 'blue'), frame, lumFrame) : 1,
  };
}

async function spectral(png: Buffer, box: Box, width: number, height: number) {
  const sq = faceSquare(box, width, height);
  const { data } = await sharp(png).extract(sq).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const side = sq.width;
  const n = pow2(side);
  const off = Math.floor((side - n) / 2);
  const lum = new Float64Array(n * n);
  const chroma = new Float64Array(n * n);
  const grey = new Float64Array(side * side);
  for (let i = 0; i < side * side; i++) grey[i] = 0.299 * data[i * 3]! + 0.587 * data[i * 3 + 1]! + 0.114 * data[i * 3 + 2]!;
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const i = (y + off) * side + x + off;
      lum[y * n + x] = grey[i]!;
      chroma[y * n + x] = data[i * 3]! - data[i * 3 + 2]!;
    }
  }
  // Half resolution: 2 × 2 means of the same region.
  const half = pow2(side / 2);
  const coarse = new Float64Array(half * half);
  for (let y = 0; y < half; y++) for (let x = 0; x < half; x++) coarse[y * half + x] = (lum[2 * y * n + 2 * x]! + lum[2 * y * n + 2 * x + 1]! + lum[(2 * y + 1) * n + 2 * x]! + lum[(2 * y + 1) * n + 2 * x + 1]!) / 4;
  // Quarter resolution: 4 × 4 means.
  const quarter = pow2(side / 4);
  const low = new Float64Array(quarter * quarter);
  for (let y = 0; y < quarter; y++) {
    for (let x = 0; x < quarter; x++) {
      let sum = 0;
      for (let j = 0; j < 4; j++) for (let i = 0; i < 4; i++) sum += lum[(4 * y + j) * n + 4 * x + i]!;
      low[y * quarter + x] = sum / 16;
    }
  }
  const chromaFull = new Float64Array(side * side);
  for (let i = 0; i < side * side; i++) chromaFull[i] = (data[i * 3]! - data[i * 3 + 2]!) / 2;
  const lumaNoise = noiseSigma(grey, side, side);
  return {
    periodicity: spectralPeaks(lum, n),
    periodicityCoarse: half >= 32 ? spectralPeaks(coarse, half) : 0,
    periodicityLow: quarter >= 32 ? spectralPeaks(low, quarter) : 0,
    chromaPeriodicity: spectralPeaks(chroma, n),
    noise: Math.log1p(lumaNoise),
    chromaNoise: Math.log((noiseSigma(chromaFull, side, side) + 0.3) / (lumaNoise + 0.3)),
  };
}

/** Gradient energy over contrast of the face scaled to 96 px wide (scale-free: small and large faces compare). */
async function sharpnessOf(png: Buffer, box: Box, width: number, height: number): Promise<number> {
  const left = Math.max(0, Math.floor(box[0] + box[2] * 0.15));
  const top = Math.max(0, Math.floor(box[1] + box[3] * 0.15));
  const w = Math.max(8, Math.min(width - left, Math.round(box[2] * 0.7)));
  const h = Math.max(8, Math.min(height - top, Math.round(box[3] * 0.7)));
  const { data, info } = await sharp(png).extract({ left, top, width: w, height: h }).greyscale().resize({ width: 96 }).median(3).raw().toBuffer({ resolveWithObject: true });
  const W = info.width;
  const H = info.height;
  let g = 0;
  let s = 0;
  let s2 = 0;
  for (let y = 1; y < H - 1; y++) {
    for (let x = 1; x < W - 1; x++) {
      const i = y * W + x;
      g += (data[i + 1]! - data[i - 1]!) ** 2 + (data[i + W]! - data[i - W]!) ** 2;
      s += data[i]!;
      s2 += data[i]! ** 2;
    }
  }
  const n = (W - 2) * (H - 2);
  const variance = s2 / n - (s / n) ** 2;
  return Math.log((g / n + 1) / (variance + 1));
}

function colourStats(data: Buffer, from = 0, to = data.length) {
  let [r, g, b, sat, spec, n] = [0, 0, 0, 0, 0, 0];
  const sats: number[] = [];
  for (let i = from; i < to; i += 3) {
    const R = data[i]!;
    const G = data[i + 1]!;
    const B = data[i + 2]!;
    const max = Math.max(R, G, B);
    const min = Math.min(R, G, B);
    const s = max === 0 ? 0 : (max - min) / max;
    r += R;
    g += G;
    b += B;
    sat += s;
    sats.push(s);
    if (max > 235 && s < 0.12) spec++;
    n++;
  }
  sats.sort((a, b) => a - b);
  return { warmth: Math.log((r + n) / (b + n)), saturation: sat / Math.max(1, n), specular: spec / Math.max(1, n), gamut: sats[Math.floor(0.95 * (sats.length - 1))] ?? 0 };
}

async function colour(png: Buffer, box: Box, width: number, height: number) {
  const left = Math.max(0, Math.round(box[0] + box[2] * 0.2));
  const top = Math.max(0, Math.round(box[1] + box[3] * 0.2));
  const w = Math.max(4, Math.min(width - left, Math.round(box[2] * 0.6)));
  const h = Math.max(4, Math.min(height - top, Math.round(box[3] * 0.6)));
  const [face, frame] = await Promise.all([
    sharp(png).extract({ left, top, width: w, height: h }).resize({ width: 64 }).removeAlpha().toColourspace('srgb').raw().toBuffer(),
    sharp(png).resize({ width: 64 }).removeAlpha().toColourspace('srgb').raw().toBuffer(),
  ]);
  const f = colourStats(face);
  const all = colourStats(frame);
  return { warmth: f.warmth, relWarmth: f.warmth - all.warmth, saturation: f.saturation, relSaturation: f.saturation / (all.saturation + 0.02), specular: f.specular, gamut: f.gamut };
}

/**
 * Long straight lines on the sides of the face (a bezel or a paper border
 * frames it; a door or a shelf is usually on one side only): a Hough vote of
 * the strong edges outside the face, lines within 12° of horizontal or
 * vertical, the best line per side (above, below, left, right of the face) as
 * a share of the picture's extent; the mean of the best two sides.
 */
async function framing(png: Buffer, box: Box, width: number): Promise<number> {
  const W = 160;
  const { data, info } = await sharp(png).greyscale().resize({ width: W }).blur(1.2).raw().toBuffer({ resolveWithObject: true });
  const H = info.height;
  const k = W / width;
  const pad = 0.08;
  const [fx0, fy0, fx1, fy1] = [(box[0] - box[2] * pad) * k, (box[1] - box[3] * pad) * k, (box[0] + box[2] * (1 + pad)) * k, (box[1] + box[3] * (1 + pad)) * k];
  const [fcx, fcy] = [(fx0 + fx1) / 2, (fy0 + fy1) / 2];
  const angles = Array.from({ length: 17 }, (_, i) => ((i - 8) * 1.5 * Math.PI) / 180);
  // Signed votes: an edge of a bezel or a sheet keeps its polarity along its length, noise and texture cancel out.
  // Horizontal lines: offset at the face's centre column; vertical: at its centre row.
  const horiz = angles.map(() => new Float32Array(H * 2 + 2));
  const vert = angles.map(() => new Float32Array(W * 2 + 2));
  for (let y = 1; y < H - 1; y++) {
    for (let x = 1; x < W - 1; x++) {
      if (x >= fx0 && x <= fx1 && y >= fy0 && y <= fy1) continue;
      const i = y * W + x;
      const gx = data[i + 1]! - data[i - 1]!;
      const gy = data[i + W]! - data[i - W]!;
      if (gx * gx + gy * gy < 30 * 30) continue;
      if (Math.abs(gy) > 2 * Math.abs(gx)) {
        angles.forEach((a, j) => {
          const off = Math.round(y - Math.tan(a) * (x - fcx)) + H / 2;
          if (off >= 0 && off < horiz[j]!.length) horiz[j]![off]! += Math.sign(gy);
        });
      } else if (Math.abs(gx) > 2 * Math.abs(gy)) {
        angles.forEach((a, j) => {
          const off = Math.round(x - Math.tan(a) * (y - fcy)) + W / 2;
          if (off >= 0 && off < vert[j]!.length) vert[j]![off]! += Math.sign(gx);
        });
      }
    }
  }
  const best = (acc: Float32Array[], from: number, to: number, extent: number, shift: number) => {
    let m = 0;
    for (const a of acc) for (let o = Math.max(0, Math.floor(from + shift)); o < Math.min(a.length, to + shift); o++) m = Math.max(m, Math.abs(a[o]!) / extent);
    return Math.min(1, m);
  };
  const sides = [best(horiz, 0, fy0, W, H / 2), best(horiz, fy1, H, W, H / 2), best(vert, 0, fx0, H, W / 2), best(vert, fx1, W, H, W / 2)].sort((a, b) => b - a);
  return (sides[0]! + sides[1]!) / 2;
}

/** The q-quantile of a histogram of 256 grey levels. */
function quantile(hist: Uint32Array, total: number, q: number): number {
  let acc = 0;
  for (let v = 0; v < 256; v++) {
    acc += hist[v]!;
    if (acc >= q * total) return v;
  }
  return 255;
}

/**
 * Tone response and catchlights. A screen or a print cannot reproduce the
 * scene's range: its black is the room's light on glass or paper (the frame's
 * darkest pixels stay grey, and so do the pupils and nostrils), its highlights
 * are the panel's peak or the paper's white; the small, sharp reflections of
 * the light in the eyes are softened by every extra optical step.
 */
async function tone(png: Buffer, box: Box, width: number, height: number) {
  // Every measure at a fixed size relative to the face (downsampled: faces past the gate are at least 72 px), so small and large faces compare.
  const region = (k: number, dy = 0) => {
    const w = Math.max(8, Math.min(width, Math.round(box[2] * k)));
    const h = Math.max(8, Math.min(height, Math.round(box[3] * k)));
    const left = Math.max(0, Math.min(width - w, Math.round(box[0] + box[2] / 2 - w / 2)));
    const top = Math.max(0, Math.min(height - h, Math.round(box[1] + box[3] * (0.5 + dy) - h / 2)));
    return { left, top, width: w, height: h };
  };
  const grey = async (k: number, size: number) => sharp(png).extract(region(k)).greyscale().resize(size, size, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  // The head and what is next to it (hair, eyes, clothing), where the darkest tones of a live scene are.
  const around = await grey(1.6, 64);
  const ah = new Uint32Array(256);
  for (const v of around.data) ah[v]!++;
  const inner = await grey(0.8, 48);
  const hist = new Uint32Array(256);
  for (const v of inner.data) hist[v]!++;
  const [p3, p50, p90, p98] = [0.03, 0.5, 0.9, 0.98].map((q) => quantile(hist, inner.data.length, q)) as [number, number, number, number];
  // Catchlights: the face at 64 px minus its own blur (σ 1 px), in the band of the eyes (rows 15–50 % of this crop).
  const { data, info } = await grey(0.8, 64);
  const W = info.width;
  const H = info.height;
  const smooth = await sharp(data, { raw: { width: W, height: H, channels: 1 } }).blur(1).raw().toBuffer();
  const peaks: number[] = [];
  let s = 0;
  let s2 = 0;
  for (let i = 0; i < data.length; i++) {
    s += data[i]!;
    s2 += data[i]! ** 2;
  }
  const sd = Math.sqrt(Math.max(1, s2 / data.length - (s / data.length) ** 2));
  for (let y = Math.floor(H * 0.15); y < Math.floor(H * 0.5); y++) for (let x = Math.floor(W * 0.1); x < Math.floor(W * 0.9); x++) peaks.push(data[y * W + x]! - smooth[y * W + x]!);
  peaks.sort((a, b) => b - a);
  return {
    blackLevel: quantile(ah, around.data.length, 0.01) / 255,
    faceShadow: (p3 + 1) / (p50 + 1),
    highlight: (p98 + 1) / (p90 + 1),
    catchlight: (peaks[Math.min(peaks.length - 1, 2)] ?? 0) / sd,
  };
}

/** The Welch grid measures (the costliest: a few hundred 64-px spectra), which a model may not use. */
export const GRID_NAMES: ScalarSignal[] = ['frameGrid', 'frameChromaGrid', 'faceGrid', 'sharedGrid', 'gridLine', 'gridColour'];
const NO_GRIDS = { frameGrid: 0, frameChromaGrid: 0, faceGrid: 0, sharedGrid: 0, gridLine: 0, gridColour: 1 };

/** Every signal around the face; `grids: false` leaves the Welch grid measures at 0 (for a model trained without them). */
export async function padSignals(png: Buffer, width: number, height: number, face: Box, opts: { grids?: boolean } = {}): Promise<PadSignals> {
  const [s, c, sharpness, frame, t, texture, g] = await Promise.all([
    spectral(png, face, width, height),
    colour(png, face, width, height),
    sharpnessOf(png, face, width, height),
    framing(png, face, width),
    tone(png, face, width, height),
    textureFeatures(png, width, height, face),
    opts.grids === false ? NO_GRIDS : gridSignals(png, width, height, face),
  ]);
  return { ...s, ...c, ...t, ...g, sharpness, framing: frame, texture };
}

export type GridSignals = Awaited<ReturnType<typeof grids>>;

/** The Welch grid measures alone (GRID_NAMES): about half a call's work, so they can run on a thread of their own beside the rest. */
export function gridSignals(png: Buffer, width: number, height: number, face: Box): Promise<GridSignals> {
  return grids(png, face, width, height);
}
