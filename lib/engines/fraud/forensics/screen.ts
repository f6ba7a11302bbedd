import { spectrum } from './fft';

/**
 * Screen recapture: a document photographed off a screen carries the
 * screen's pixel grid. Its pitch is one exact frequency over the whole
 * (flat) screen, so the camera records a narrow, isolated spectral peak that
 * sits at the same place in every part of the picture; where the camera
 * samples the grid too coarsely the peak is aliased (moiré), but stays
 * narrow. A screen pixel 1.2 to 4 camera pixels wide puts that peak (after
 * aliasing) between 0.15 and 0.5 cycles per pixel, and the grid is square:
 * columns and rows give two peaks of the same radius at right angles. The
 * RGB sub-pixels also leave colour fringes, so chroma is searched too.
 *
 * What else makes narrow peaks, and how it is told apart:
 * - printed text: its strokes are large edges, masked out before the
 *   spectrum (only the flat paper between them is analysed, where a screen's
 *   grid shows best); coarse periodic print (text lines, QR modules, line
 *   patterns) gives combs whose lower harmonics (f/2, f/3, ...) are peaks
 *   too, while a pixel grid has nothing below its pitch;
 * - JPEG's 8-pixel blocks: their own frequencies (multiples of n/8) are
 *   skipped, and as the blocks copy any strong pattern 1/8 cycle per pixel
 *   away, a peak that is such a copy of something coarser than the band is
 *   too (the steps of a smooth shadow quantised to 8 bits land in the band
 *   that way); so are the sidebands the text mask puts beside such peaks;
 * - banding along the picture's rows or columns: a lone peak on an axis
 *   counts only with its right-angle partner;
 * - local patterns: the peak must stand out in each analysed window, not only
 *   on average.
 * Left: a perfectly smooth, noise-free gradient (no camera noise to dither
 * its 8-bit steps) can still look like a grid.
 *
 * Measured on the fraud generator's screen recaptures (and on variants with
 * other pitches, angles, blurs, JPEG qualities and resampling kernels) against
 * its clean, grey-copy, edited and expired photos: see the calibration in
 * the rule `recaptura-de-tela`.
 */

/** Frequency band (cycles per pixel) of a screen pixel 1.2-4 camera pixels wide, aliased. */
const LUMA_BAND: [number, number] = [0.15, 0.5];
/** Chroma is analysed at half resolution (JPEG keeps it at half resolution): any aliased fringe, above the slow colour changes of the print. */
const CHROMA_BAND: [number, number] = [0.1, 0.5];
/** Local contrast (grey levels, |dx|+|dy| of the smoothed picture) above which a pixel is print, not paper. */
const EDGE = 8;
/** Evidence at which each measure alone says "screen" (calibrated, see the rule). */
const SINGLE_PEAK = 3.5;
const GRID = 2.8;
const CHROMA_PEAK = 4.4;

/** Where a window is taken from: the RGB picture and which plane of it. */
type Source = { rgb: Buffer | Uint8Array; width: number; height: number };
/** Luma (full resolution) or red minus blue, the sub-pixels' colour fringe, averaged 2×2 (JPEG keeps chroma at half resolution). */
type PlaneKind = 'luma' | 'chroma';

/** One plane of a rectangle of the picture, in that plane's pixels. */
function readPlane({ rgb, width }: Source, kind: PlaneKind, left: number, top: number, w: number, h: number): Float64Array {
  const out = new Float64Array(w * h);
  if (kind === 'luma') {
    for (let y = 0; y < h; y++) {
      for (let x = 0, i = ((top + y) * width + left) * 3, o = y * w; x < w; x++, i += 3, o++) out[o] = 0.299 * rgb[i]! + 0.587 * rgb[i + 1]! + 0.114 * rgb[i + 2]!;
    }
    return out;
  }
  const stride = width * 3;
  for (let y = 0; y < h; y++) {
    for (let x = 0, i = 2 * (top + y) * stride + 6 * left, o = y * w; x < w; x++, i += 6, o++) {
      const j = i + stride;
      out[o] = (rgb[i]! - rgb[i + 2]! + rgb[i + 3]! - rgb[i + 5]! + rgb[j]! - rgb[j + 2]! + rgb[j + 3]! - rgb[j + 5]!) / 4;
    }
  }
  return out;
}

/** Box blur of one line (length len, stride step) of src into out, edges clamped. */
function blurLine(src: Float64Array, out: Float64Array, start: number, len: number, step: number, r: number): void {
  const k = 2 * r + 1;
  const last = start + (len - 1) * step;
  let s = 0;
  for (let d = -r; d <= r; d++) s += src[start + Math.min(len - 1, Math.max(0, d)) * step]!;
  for (let x = 0, i = start; x < len; x++, i += step) {
    out[i] = s / k;
    s += src[x + r + 1 < len ? i + (r + 1) * step : last]! - src[x - r >= 0 ? i - r * step : start]!;
  }
}

/** Separable box blur (radius r, edges clamped) of src into out, through tmp. */
function boxBlur(src: Float64Array, out: Float64Array, tmp: Float64Array, w: number, h: number, r: number): void {
  for (let y = 0; y < h; y++) blurLine(src, tmp, y * w, w, 1, r);
  for (let x = 0; x < w; x++) blurLine(tmp, out, x, h, w, r);
}

/**
 * Power spectrum of one n×n window (at x0, y0 in the plane's pixels), print
 * masked out: the high-pass residual (picture minus a smoothed copy) where
 * the smoothed picture is flat, zero near edges.
 */
function maskedPower(src: Source, kind: PlaneKind, x0: number, y0: number, n: number): Float64Array {
  const r = kind === 'luma' ? 3 : 2;
  const scale = kind === 'luma' ? 1 : 2;
  const [pw, ph] = [Math.floor(src.width / scale), Math.floor(src.height / scale)];
  const m = 3 * r + 2;
  const left = Math.max(0, x0 - m);
  const top = Math.max(0, y0 - m);
  const w = Math.min(pw, x0 + n + m) - left;
  const h = Math.min(ph, y0 + n + m) - top;
  const region = readPlane(src, kind, left, top, w, h);
  const a = new Float64Array(w * h);
  const b = new Float64Array(w * h);
  const smooth = new Float64Array(w * h);
  // Triangle filter: a box twice.
  boxBlur(region, a, b, w, h, r);
  boxBlur(a, smooth, b, w, h, r);
  a.fill(0);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1, i = y * w + 1; x < w - 1; x++, i++) a[i] = Math.abs(smooth[i + 1]! - smooth[i - 1]!) + Math.abs(smooth[i + w]! - smooth[i - w]!);
  }
  const near = new Float64Array(w * h);
  boxBlur(a, near, b, w, h, r + 1);
  const patch = new Float64Array(n * n);
  for (let y = 0; y < n; y++) {
    for (let x = 0, i = (y0 - top + y) * w + (x0 - left), o = y * n; x < n; x++, i++, o++) if (near[i]! < EDGE) patch[o] = region[i]! - smooth[i]!;
  }
  const mag = spectrum(patch, n);
  for (let i = 0; i < mag.length; i++) mag[i] = mag[i]! * mag[i]!;
  return mag;
}

/** Index of bin (fx, ky) in an n×n spectrum, any integers (the spectrum is periodic; n is a power of two). */
const bin = (n: number, fx: number, ky: number) => (ky & (n - 1)) * n + (fx & (n - 1));

/** The 8 directional neighbourhoods of `isolation`: bins 3-5 away on both sides, as integer offsets. */
const DIRECTIONS = Array.from({ length: 8 }, (_, i) => {
  const [u, v] = [Math.cos((i * Math.PI) / 8), Math.sin((i * Math.PI) / 8)];
  return [3, 4, 5, -3, -4, -5].map((d) => [Math.round(u * d), Math.round(v * d)] as const);
});

/**
 * How far a bin stands above its surroundings: the mean power of its 3×3
 * (a peak between bins spreads over them) over the strongest of 8 directional
 * neighbourhoods 3-5 bins away. A line in the spectrum (edges, text rows,
 * JPEG block borders) through the bin raises one direction and so scores ~1;
 * only a point-like peak scores high.
 */
function isolation(P: Float64Array, n: number, fx: number, ky: number): number {
  fx = Math.round(fx);
  ky = Math.round(ky);
  let centre = 0;
  for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) centre += P[bin(n, fx + dx, ky + dy)]!;
  let around = 0;
  for (const offsets of DIRECTIONS) {
    let s = 0;
    for (const [dx, dy] of offsets) s += P[bin(n, fx + dx, ky + dy)]!;
    around = Math.max(around, s / 6);
  }
  return around > 0 ? centre / 9 / around : 0;
}

interface Peak {
  fx: number;
  ky: number;
  /** Isolation in the mean spectrum of the windows, and the lowest in any one window. */
  iso: number;
  least: number;
  /** Isolation at right angles, same radius (the other axis of a square grid). */
  partner: number;
  /** Strongest isolation at f/2 ... f/16: a harmonic of something coarser. */
  sub: number;
  /** Strongest isolation at a JPEG copy (f ± k/8 cycle per pixel) below the band: a copy of something coarser. */
  copy: number;
  /** A harmonic or copy of a coarser periodic pattern (print, banding), or a sideband of one: not a pixel grid. */
  echo: boolean;
}

/** How far (in bins of a 512 window) a sideband sits from its peak: the text mask, rows ~40-100 px apart, modulates every pattern. */
const SIDEBAND = 12;

/** The strongest isolated peaks of the windows' spectra in a band, with what tells a grid from print. */
function peaks(powers: Float64Array[], n: number, [lo, hi]: [number, number]): Peak[] {
  const mean = new Float64Array(n * n);
  for (const P of powers) for (let i = 0; i < mean.length; i++) mean[i] = mean[i]! + P[i]! / powers.length;
  const [lo2, hi2] = [(lo * n) ** 2, (hi * n) ** 2];
  const blockMask = n / 8 - 1;
  const nearBlock = (k: number) => {
    const r = k & blockMask;
    return r <= 1 || r === blockMask;
  };
  // Local maxima of the band in the half plane (the spectrum of a real picture is symmetric),
  // with how high each stands above the mean power at its radius.
  const fxs: number[] = [];
  const kys: number[] = [];
  const values: number[] = [];
  const ring = new Float64Array(n);
  const ringCount = new Float64Array(n);
  for (let ky = -n / 2 + 6; ky < n / 2 - 5; ky++) {
    const row = (ky & (n - 1)) * n;
    const up = ((ky + 1) & (n - 1)) * n;
    const down = ((ky - 1) & (n - 1)) * n;
    const blockRow = nearBlock(ky < 0 ? -ky : ky);
    for (let fx = ky < 0 ? 6 : 1; fx < n / 2 - 5; fx++) {
      const r2 = fx * fx + ky * ky;
      if (r2 < lo2 || r2 > hi2 || (blockRow && nearBlock(fx))) continue;
      const c = mean[row + fx]!;
      if (c < mean[row + fx - 1]! || c < mean[row + fx + 1]! || c < mean[up + fx - 1]! || c < mean[up + fx]! || c < mean[up + fx + 1]!) continue;
      if (c < mean[down + fx - 1]! || c < mean[down + fx]! || c < mean[down + fx + 1]!) continue;
      const radius = Math.round(Math.sqrt(r2));
      ring[radius] = ring[radius]! + c;
      ringCount[radius] = ringCount[radius]! + 1;
      fxs.push(fx);
      kys.push(ky);
      values.push(c);
    }
  }
  // Isolation only for the maxima that stand highest above their radius' mean (the rest cannot be peaks).
  const level = values.map((c, i) => {
    const radius = Math.round(Math.hypot(fxs[i]!, kys[i]!));
    return (c * ringCount[radius]!) / ring[radius]!;
  });
  const order = level.map((_, i) => i).sort((a, b) => level[b]! - level[a]!).slice(0, 400);
  const scored = order.map((i) => ({ fx: fxs[i]!, ky: kys[i]!, iso: isolation(mean, n, fxs[i]!, kys[i]!) })).sort((a, b) => b.iso - a.iso);
  const found8 = scored.slice(0, 8).map(({ fx, ky, iso }) => {
    let partner = 0;
    for (const [px, py] of [[-ky, fx], [ky, -fx]] as const) {
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) partner = Math.max(partner, isolation(mean, n, px + dx, py + dy));
    }
    let sub = 0;
    for (let k = 2; k <= 16; k++) sub = Math.max(sub, isolation(mean, n, fx / k, ky / k));
    // JPEG quantises in 8-pixel blocks, which copies any strong pattern 1/8 cycle per pixel away:
    // a copy of a pattern coarser than the band (a shadow's 8-bit steps, for one) lands in it.
    let copy = 0;
    for (let a = -4; a <= 4; a++) {
      for (let b = -4; b <= 4; b++) {
        const [cx, cy] = [fx + (a * n) / 8, ky + (b * n) / 8];
        const r2 = cx * cx + cy * cy;
        if ((a || b) && r2 >= 9 && r2 < lo2) copy = Math.max(copy, isolation(mean, n, cx, cy));
      }
    }
    const least = Math.min(...powers.map((P) => isolation(P, n, fx, ky)));
    return { fx, ky, iso, least, partner, sub, copy, echo: Math.max(sub, copy) >= Math.max(3, Math.min(5, 0.5 * iso)) };
  });
  // The mask (rows of text cut out) modulates every pattern, putting weaker sidebands beside a peak; a sideband
  // of an echo is an echo (it is not a harmonic itself, being off by the modulation).
  const near = (p: Peak, q: Peak) => Math.min(Math.hypot(p.fx - q.fx, p.ky - q.ky), Math.hypot(p.fx + q.fx, p.ky + q.ky)) <= (SIDEBAND * n) / 512;
  for (const [i, p] of found8.entries()) p.echo ||= found8.slice(0, i).some((q) => q.echo && near(p, q));
  return found8;
}

const onAxis = (p: Peak) => Math.abs(p.fx) <= 1 || Math.abs(p.ky) <= 1;
/** One isolated peak, as isolated in every window (a local pattern stands out in one window only). */
const single = (p: Peak) => Math.min(p.iso, p.least);
/** A square grid: the peak, in every window, and its right-angle partner, all isolated. */
const grid = (p: Peak) => Math.min(p.iso, p.partner, 2 * p.least);

/** Windows (n×n, full resolution) with the most flat (unprinted) area, at most half overlapping. */
function flattestWindows({ rgb, width: w, height: h }: Source, n: number, count: number): [number, number][] {
  const step = n / 4;
  // Luma on a 4-pixel lattice, and whether the picture is flat there (a 2-pixel-scale gradient).
  const gw = Math.floor((w - 4) / 4);
  const gh = Math.floor((h - 4) / 4);
  const flat = new Uint8Array(gw * gh);
  const lum = (x: number, y: number) => {
    const i = (y * w + x) * 3;
    return 0.299 * rgb[i]! + 0.587 * rgb[i + 1]! + 0.114 * rgb[i + 2]!;
  };
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      const [x, y] = [gx * 4 + 2, gy * 4 + 2];
      flat[gy * gw + gx] = Math.abs(lum(x + 2, y) - lum(x - 2, y)) + Math.abs(lum(x, y + 2) - lum(x, y - 2)) < 2 * EDGE ? 1 : 0;
    }
  }
  const scored: { flat: number; x0: number; y0: number }[] = [];
  for (let y0 = 0; y0 + n <= h; y0 += step) {
    for (let x0 = 0; x0 + n <= w; x0 += step) {
      let flatCount = 0;
      for (let gy = y0 / 4; gy < Math.min(gh, (y0 + n) / 4); gy++) for (let gx = x0 / 4; gx < Math.min(gw, (x0 + n) / 4); gx++) flatCount += flat[gy * gw + gx]!;
      scored.push({ flat: flatCount, x0, y0 });
    }
  }
  scored.sort((a, b) => b.flat - a.flat);
  const taken: [number, number][] = [];
  for (const s of scored) {
    if (taken.length >= count) break;
    if (taken.every(([x, y]) => Math.abs(x - s.x0) >= n / 2 || Math.abs(y - s.y0) >= n / 2)) taken.push([s.x0, s.y0]);
  }
  return taken;
}

/** The measures behind the signal (for calibration and diagnosis). */
export interface ScreenEvidence {
  /** Isolated peak in luma, its right-angle grid, isolated peak in chroma; each 1 at its own threshold. */
  single: number;
  grid: number;
  chroma: number;
}

/** Evidence of a screen grid in an RGB picture (raw, 3 channels): each measure divided by its threshold. */
export function screenEvidence(rgb: Buffer | Uint8Array, width: number, height: number): ScreenEvidence {
  const none = { single: 0, grid: 0, chroma: 0 };
  // Windows as large as fit (a narrower peak over a larger area), the same total area whatever their size.
  let n = 512;
  while (n > 128 && (width < n || height < n)) n /= 2;
  if (width < n || height < n) return none;
  const src: Source = { rgb, width, height };
  const windows = flattestWindows(src, n, Math.min(16, 2 * (512 / n) ** 2));
  if (!windows.length) return none;
  const [hw, hh] = [width >> 1, height >> 1];
  const lumaPeaks = peaks(windows.map(([x, y]) => maskedPower(src, 'luma', x, y, n)), n, LUMA_BAND).filter((p) => !p.echo);
  // Chroma at half resolution, from the middle of the same windows (a quarter of their area: a colour fringe is strong where there is one).
  const cn = n / 4;
  const chromaPeaks = peaks(windows.map(([x, y]) => maskedPower(src, 'chroma', Math.min(hw - cn, (x + n / 4) >> 1), Math.min(hh - cn, (y + n / 4) >> 1), cn)), cn, CHROMA_BAND).filter((p) => !p.echo);
  const best = (ps: Peak[], f: (p: Peak) => number) => ps.reduce((m, p) => Math.max(m, f(p)), 0);
  return {
    single: best(lumaPeaks.filter((p) => !onAxis(p)), single) / SINGLE_PEAK,
    grid: best(lumaPeaks, grid) / GRID,
    chroma: best(chromaPeaks, single) / CHROMA_PEAK,
  };
}

/**
 * How surely an RGB picture (raw, 3 channels; the document's inner part) was
 * photographed off a screen: 0 none of the measures near its threshold, 0.5
 * the strongest exactly at it, 1 at twice it or more.
 */
export function screenSignal(rgb: Buffer | Uint8Array, width: number, height: number): number {
  const e = screenEvidence(rgb, width, height);
  const strongest = Math.max(e.single, e.grid, e.chroma);
  return strongest > 0 ? Math.max(0, Math.min(1, 0.5 + Math.log2(strongest) / 2)) : 0;
}
