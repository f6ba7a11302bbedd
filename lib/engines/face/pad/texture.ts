import sharp from 'sharp';
import { realPower2d } from '../../signal';

/**
 * Colour-texture and frequency descriptors of the face (the face anti-spoofing
 * literature's generic features, which generalise better across attacks than
 * any single hand-tuned measure):
 * - LBP histograms (rotation-invariant uniform, 8 neighbours at radius 1 and 2)
 *   on the Y, Cb, Cr and H, S, V channels of the face at 64 px (Boulkenafet et
 *   al. 2016): a recaptured face's micro-texture and its chroma texture differ;
 * - chromatic moments and colour diversity (Wen et al. 2015): screens and
 *   prints narrow and shift the colour distribution;
 * - the radially averaged log power spectrum of the green channel and of its
 *   residual after a 3 × 3 smoothing, at the face's native resolution, as a
 *   shape (each band minus the mean of the bands): recapture blur steepens it,
 *   pixel grids and halftone lift high bands of the residual.
 */
export const TEXTURE_NAMES: string[] = [
  ...['Y', 'Cb', 'Cr', 'H', 'S', 'V'].flatMap((c) => [1, 2].flatMap((r) => Array.from({ length: 10 }, (_, b) => `lbp_${c}${r}_${b}`))),
  ...Array.from({ length: 10 }, (_, b) => `lbpNative_${b}`),
  ...['H', 'S', 'V'].flatMap((c) => [`mean${c}`, `sd${c}`, `skew${c}`]),
  'colourCount',
  'topColours',
  ...Array.from({ length: 8 }, (_, b) => `band_${b}`),
  ...Array.from({ length: 8 }, (_, b) => `residualBand_${b}`),
  'residualEnergy',
];

type Box = [number, number, number, number];
const SIDE = 64;

/** LBP codes mapped to the 10 riu2 bins: the number of ones for uniform patterns (≤ 2 transitions), 9 otherwise. */
const RIU2 = Uint8Array.from({ length: 256 }, (_, code) => {
  let transitions = 0;
  for (let i = 0; i < 8; i++) if (((code >> i) & 1) !== ((code >> ((i + 1) % 8)) & 1)) transitions++;
  if (transitions > 2) return 9;
  let ones = 0;
  for (let i = 0; i < 8; i++) ones += (code >> i) & 1;
  return ones;
});

/** Normalised riu2 LBP histogram of one channel (w × h), 8 neighbours on a circle of `radius` (bilinear off the grid). */
export function lbpHistogram(ch: ArrayLike<number>, w: number, h: number, radius: number): number[] {
  const hist = new Array<number>(10).fill(0);
  const r = Math.ceil(radius);
  // Each neighbour as four pixel offsets and bilinear weights, computed once (flat: this loop runs 12 times a face).
  const off = new Int32Array(32);
  const wt = new Float64Array(32);
  for (let k = 0; k < 8; k++) {
    const dx = Math.round(radius * Math.cos((k * Math.PI) / 4) * 1e6) / 1e6;
    const dy = Math.round(-radius * Math.sin((k * Math.PI) / 4) * 1e6) / 1e6;
    const x0 = Math.floor(dx);
    const y0 = Math.floor(dy);
    const fx = dx - x0;
    const fy = dy - y0;
    const weights = [(1 - fx) * (1 - fy), fx * (1 - fy), (1 - fx) * fy, fx * fy];
    // A tap of no weight reads the centre, so it never reaches past the border.
    off.set([y0 * w + x0, y0 * w + x0 + 1, (y0 + 1) * w + x0, (y0 + 1) * w + x0 + 1].map((o, j) => (weights[j] ? o : 0)), k * 4);
    wt.set(weights, k * 4);
  }
  let n = 0;
  for (let y = r; y < h - r; y++) {
    for (let x = r; x < w - r; x++) {
      const i = y * w + x;
      const centre = ch[i]! - 1e-9;
      let code = 0;
      for (let t = 0; t < 32; t += 4) {
        const v = wt[t]! * ch[i + off[t]!]! + wt[t + 1]! * ch[i + off[t + 1]!]! + wt[t + 2]! * ch[i + off[t + 2]!]! + wt[t + 3]! * ch[i + off[t + 3]!]!;
        if (v >= centre) code |= 1 << (t >> 2);
      }
      hist[RIU2[code]!]!++;
      n++;
    }
  }
  return hist.map((v) => v / Math.max(1, n));
}

/** Y, Cb, Cr (BT.601) and H, S, V (0..255) planes of an RGB buffer. */
function planes(rgb: Buffer, count: number): Float64Array[] {
  const out = Array.from({ length: 6 }, () => new Float64Array(count));
  for (let i = 0; i < count; i++) {
    const R = rgb[i * 3]!;
    const G = rgb[i * 3 + 1]!;
    const B = rgb[i * 3 + 2]!;
    out[0]![i] = 0.299 * R + 0.587 * G + 0.114 * B;
    out[1]![i] = 128 - 0.168736 * R - 0.331264 * G + 0.5 * B;
    out[2]![i] = 128 + 0.5 * R - 0.418688 * G - 0.081312 * B;
    const max = Math.max(R, G, B);
    const d = max - Math.min(R, G, B);
    let hue = 0;
    if (d > 0) hue = max === R ? ((G - B) / d + 6) % 6 : max === G ? (B - R) / d + 2 : (R - G) / d + 4;
    out[3]![i] = (hue / 6) * 255;
    out[4]![i] = max === 0 ? 0 : (d / max) * 255;
    out[5]![i] = max;
  }
  return out;
}

function moments(v: Float64Array): [number, number, number] {
  let s = 0;
  for (const x of v) s += x;
  const m = s / v.length;
  let s2 = 0;
  let s3 = 0;
  for (const x of v) {
    s2 += (x - m) ** 2;
    s3 += (x - m) ** 3;
  }
  const sd = Math.sqrt(s2 / v.length);
  return [m / 255, sd / 255, sd > 1e-6 ? s3 / v.length / sd ** 3 : 0];
}

/** Distinct colours (32 levels a channel) over the pixels, and the share of the 20 commonest. */
function colourDiversity(rgb: Buffer, count: number): [number, number] {
  const hist = new Map<number, number>();
  for (let i = 0; i < count; i++) {
    const key = ((rgb[i * 3]! >> 3) << 10) | ((rgb[i * 3 + 1]! >> 3) << 5) | (rgb[i * 3 + 2]! >> 3);
    hist.set(key, (hist.get(key) ?? 0) + 1);
  }
  const top = [...hist.values()].sort((a, b) => b - a).slice(0, 20).reduce((a, b) => a + b, 0);
  return [hist.size / count, top / count];
}

/** Radially averaged log power of an n × n channel (Hann window) in 8 bands from 0.06 to 1 of Nyquist, each minus the bands' mean. */
export function radialBands(values: Float64Array, n: number): number[] {
  let mean = 0;
  for (const v of values) mean += v;
  mean /= values.length;
  const win = new Float64Array(n * n);
  for (let y = 0; y < n; y++) {
    const wy = 0.5 - 0.5 * Math.cos((2 * Math.PI * y) / (n - 1));
    for (let x = 0; x < n; x++) win[y * n + x] = (values[y * n + x]! - mean) * wy * (0.5 - 0.5 * Math.cos((2 * Math.PI * x) / (n - 1)));
  }
  const power = realPower2d(win, n);
  const sum = new Float64Array(8);
  const cnt = new Float64Array(8);
  for (let v = 0; v < n; v++) {
    const fv = v <= n / 2 ? v : v - n;
    for (let u = 0; u < n; u++) {
      const fu = u <= n / 2 ? u : u - n;
      const r = Math.hypot(fu, fv) / (n / 2);
      if (r < 0.06 || r > 1) continue;
      const b = Math.min(7, Math.floor(((r - 0.06) / 0.94) * 8));
      sum[b]! += Math.log(power[v * n + u]! + 1e-6);
      cnt[b]!++;
    }
  }
  const bands = Array.from(sum, (s, b) => s / Math.max(1, cnt[b]!));
  const avg = bands.reduce((a, b) => a + b, 0) / 8;
  return bands.map((b) => b - avg);
}

/** The face box, clamped to the picture. */
function clampBox(box: Box, width: number, height: number, k = 1) {
  const w = Math.max(8, Math.min(width, Math.round(box[2] * k)));
  const h = Math.max(8, Math.min(height, Math.round(box[3] * k)));
  const left = Math.max(0, Math.min(width - w, Math.round(box[0] + box[2] / 2 - w / 2)));
  const top = Math.max(0, Math.min(height - h, Math.round(box[1] + box[3] / 2 - h / 2)));
  return { left, top, width: w, height: h };
}

/** The texture descriptors of the face in a picture, in TEXTURE_NAMES order. */
export async function textureFeatures(png: Buffer, width: number, height: number, box: Box): Promise<number[]> {
  const region = clampBox(box, width, height, 0.9);
  const small = await sharp(png).extract(region).removeAlpha().toColourspace('srgb').resize(SIDE, SIDE, { fit: 'fill' }).raw().toBuffer();
  const count = SIDE * SIDE;
  const p = planes(small, count);
  const lbp = p.flatMap((ch) => [...lbpHistogram(ch, SIDE, SIDE, 1), ...lbpHistogram(ch, SIDE, SIDE, 2)]);
  const mom = [p[3]!, p[4]!, p[5]!].flatMap((ch) => moments(ch));
  const diversity = colourDiversity(small, count);
  // Native resolution (at most 128 px, a power of two, centred on the face): where a screen's grid and halftone live.
  const side = Math.min(128, Math.floor(Math.min(box[2], box[3]) * 0.8), width, height);
  const n = 2 ** Math.max(4, Math.floor(Math.log2(side)));
  const nat = clampBox([box[0], box[1] + box[3] * 0.05, box[2], box[3]], width, height, n / Math.min(box[2], box[3]));
  const data = await sharp(png).extract(nat).removeAlpha().toColourspace('srgb').raw().toBuffer();
  const green = new Float64Array(n * n);
  const grey = new Float64Array(n * n);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const i = Math.min(nat.height - 1, y) * nat.width + Math.min(nat.width - 1, x);
      green[y * n + x] = data[i * 3 + 1]!;
      grey[y * n + x] = 0.299 * data[i * 3]! + 0.587 * data[i * 3 + 1]! + 0.114 * data[i * 3 + 2]!;
    }
  }
  const residual = new Float64Array(n * n);
  let resE = 0;
  let totE = 0;
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      let s = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) s += green[Math.min(n - 1, Math.max(0, y + dy)) * n + Math.min(n - 1, Math.max(0, x + dx))]!;
      const r = green[y * n + x]! - s / 9;
      residual[y * n + x] = r;
      resE += r * r;
    }
  }
  let gm = 0;
  for (const v of green) gm += v;
  gm /= green.length;
  for (const v of green) totE += (v - gm) ** 2;
  return [
    ...lbp,
    ...lbpHistogram(grey, n, n, 1),
    ...mom,
    ...diversity,
    ...radialBands(green, n),
    ...radialBands(residual, n),
    Math.log((resE + 1) / (totE + 1)),
  ];
}
