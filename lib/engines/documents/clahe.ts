import { cellTaps, type Grey } from './box';

/** The tile (px of a prepared page) the engine's local-contrast readings use: a few letters' height. */
export const LOCAL_TILE = 64;

/**
 * Contrast limited adaptive histogram equalisation by tiles (Zuiderveld,
 * Graphics Gems IV): one clipped histogram per tile, its cumulative curve
 * interpolated between the four nearest tiles at every pixel, then the
 * 1st–99th percentiles stretched to black and white. Two passes over the
 * pixels: libvips' sliding-window `clahe` took 0.5–2.7 s on a page read at
 * 1600–3400 px, this takes tens of milliseconds.
 *
 * `tile`: side of a tile in pixels; `maxSlope`: how far a tile's curve may
 * rise above the identity (3 as in `sharp.clahe`).
 */
export function clahe(g: Grey, tile: number, maxSlope = 3): Buffer {
  const { width: w, height: h, data } = g;
  const nx = Math.max(1, Math.ceil(w / tile));
  const ny = Math.max(1, Math.ceil(h / tile));
  const tw = w / nx;
  const th = h / ny;
  const hist = new Uint32Array(nx * ny * 256);
  const colTile = new Uint16Array(w);
  for (let x = 0; x < w; x++) colTile[x] = Math.min(nx - 1, Math.floor(x / tw));
  for (let y = 0; y < h; y++) {
    const rowBase = Math.min(ny - 1, Math.floor(y / th)) * nx;
    const off = y * w;
    for (let x = 0; x < w; x++) hist[(rowBase + colTile[x]!) * 256 + data[off + x]!]!++;
  }
  // Each tile's curve, clipped so flat regions (paper, noise) are not stretched into texture.
  const lut = new Uint8Array(nx * ny * 256);
  for (let t = 0; t < nx * ny; t++) {
    const base = t * 256;
    let count = 0;
    for (let v = 0; v < 256; v++) count += hist[base + v]!;
    if (count === 0) continue;
    const limit = Math.max(1, Math.floor((maxSlope * count) / 256));
    let excess = 0;
    for (let v = 0; v < 256; v++) {
      const c = hist[base + v]!;
      if (c > limit) {
        excess += c - limit;
        hist[base + v] = limit;
      }
    }
    const share = excess / 256;
    let cdf = 0;
    for (let v = 0; v < 256; v++) {
      cdf += hist[base + v]! + share;
      lut[base + v] = Math.min(255, Math.round((cdf * 255) / count));
    }
  }
  // Bilinear between tile centres, precomputed per column and per row.
  const { lo: x0, hi: x1, weight: wx } = cellTaps(w, nx);
  const rows = cellTaps(h, ny);
  const out = Buffer.alloc(w * h);
  const seen = new Uint32Array(256);
  for (let y = 0; y < h; y++) {
    const y0 = rows.lo[y]!;
    const y1 = rows.hi[y]!;
    const wy = rows.weight[y]!;
    const off = y * w;
    for (let x = 0; x < w; x++) {
      const v = data[off + x]!;
      const a = lut[(y0 * nx + x0[x]!) * 256 + v]!;
      const b = lut[(y0 * nx + x1[x]!) * 256 + v]!;
      const c = lut[(y1 * nx + x0[x]!) * 256 + v]!;
      const d = lut[(y1 * nx + x1[x]!) * 256 + v]!;
      const k = wx[x]!;
      const top = a + (b - a) * k;
      const r = Math.round(top + (c + (d - c) * k - top) * wy);
      out[off + x] = r;
      seen[r]!++;
    }
  }
  return stretch(out, seen);
}

/** The 1st to 99th percentile mapped to 0–255 in place (as `sharp.normalise()`). */
function stretch(px: Buffer, hist: Uint32Array): Buffer {
  const n = px.length;
  let lo = 0;
  let hi = 255;
  for (let v = 0, c = 0; v < 256; v++) {
    c += hist[v]!;
    if (c >= n * 0.01) {
      lo = v;
      break;
    }
  }
  for (let v = 255, c = 0; v >= 0; v--) {
    c += hist[v]!;
    if (c >= n * 0.01) {
      hi = v;
      break;
    }
  }
  if (hi <= lo) return px;
  const map = new Uint8Array(256);
  for (let v = 0; v < 256; v++) map[v] = Math.max(0, Math.min(255, Math.round(((v - lo) * 255) / (hi - lo))));
  for (let i = 0; i < n; i++) px[i] = map[px[i]!]!;
  return px;
}
