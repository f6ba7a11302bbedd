/**
 * A colour sensor's mosaic for the training simulator: every real webcam and
 * phone samples one colour per photosite (an RGGB Bayer pattern) and rebuilds
 * the other two by demosaicing. Fine periodic detail (a screen's sub-pixel
 * grid, a print's dots) that the photosites undersample comes back as false
 * colour; a face's smooth skin does not. The evaluation simulator has its own
 * mosaic (bilinear demosaicing); this one uses Malvar, He and Cutler's
 * gradient-corrected linear interpolation (ICASSP 2004), as camera pipelines do.
 */

/** The colour an RGGB photosite at (x, y) samples: 0 red, 1 green, 2 blue. */
export const siteColour = (x: number, y: number): 0 | 1 | 2 => ((y & 1) === 0 ? ((x & 1) === 0 ? 0 : 1) : (x & 1) === 0 ? 1 : 2);

/** Mirror an index into 0..n-1 without repeating the edge (keeps the mosaic's parity). */
const mirror = (i: number, n: number) => (i < 0 ? -i : i >= n ? 2 * n - 2 - i : i);

// Malvar-He-Cutler 5 × 5 kernels (×8), as [dx, dy, weight] taps.
type Taps = [number, number, number][];
const G_AT_RB: Taps = [[0, 0, 4], [-1, 0, 2], [1, 0, 2], [0, -1, 2], [0, 1, 2], [-2, 0, -1], [2, 0, -1], [0, -2, -1], [0, 2, -1]];
/** The colour of the horizontal neighbours, at a green site. */
const ROW_AT_G: Taps = [[0, 0, 5], [-1, 0, 4], [1, 0, 4], [-2, 0, -1], [2, 0, -1], [-1, -1, -1], [1, -1, -1], [-1, 1, -1], [1, 1, -1], [0, -2, 0.5], [0, 2, 0.5]];
/** The colour of the vertical neighbours, at a green site. */
const COL_AT_G: Taps = ROW_AT_G.map(([dx, dy, w]) => [dy, dx, w]);
/** Red at a blue site, or blue at a red one (the diagonal neighbours). */
const DIAG_AT_RB: Taps = [[0, 0, 6], [-1, -1, 2], [1, -1, 2], [-1, 1, 2], [1, 1, 2], [-2, 0, -1.5], [2, 0, -1.5], [0, -2, -1.5], [0, 2, -1.5]];

/** Demosaics an RGGB mosaic (one value per photosite) into interleaved RGB of the same size. */
export function demosaic(mosaic: Float32Array, width: number, height: number): Float32Array {
  const out = new Float32Array(width * height * 3);
  const at = (x: number, y: number) => mosaic[mirror(y, height) * width + mirror(x, width)]!;
  const apply = (taps: Taps, x: number, y: number) => {
    let s = 0;
    for (const [dx, dy, w] of taps) s += w * at(x + dx, y + dy);
    return s / 8;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      const own = mosaic[y * width + x]!;
      const c = siteColour(x, y);
      if (c === 1) {
        // A green site: red row (even y) has red beside it, blue above and below; a blue row the other way round.
        const beside = apply(ROW_AT_G, x, y);
        const above = apply(COL_AT_G, x, y);
        out[o] = (y & 1) === 0 ? beside : above;
        out[o + 1] = own;
        out[o + 2] = (y & 1) === 0 ? above : beside;
      } else {
        out[o + c] = own;
        out[o + 1] = apply(G_AT_RB, x, y);
        out[o + (2 - c)] = apply(DIAG_AT_RB, x, y);
      }
    }
  }
  return out;
}
