/** In-place iterative radix-2 FFT of one row (re, im), length a power of two. */
function fft1d(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const ang = (-2 * Math.PI) / len;
    const wr = Math.cos(ang);
    const wi = Math.sin(ang);
    for (let i = 0; i < n; i += len) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < len / 2; k++) {
        const a = i + k;
        const b = a + len / 2;
        const tr = re[b]! * cr - im[b]! * ci;
        const ti = re[b]! * ci + im[b]! * cr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
        [cr, ci] = [cr * wr - ci * wi, cr * wi + ci * wr];
      }
    }
  }
}

/** Magnitude of the 2D DFT of an n x n real image (n a power of two), row-major. */
export function fft2dMagnitude(pixels: Float64Array, n: number): Float64Array {
  const re = Float64Array.from(pixels);
  const im = new Float64Array(n * n);
  const rowRe = new Float64Array(n);
  const rowIm = new Float64Array(n);
  for (let pass = 0; pass < 2; pass++) {
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const i = pass === 0 ? r * n + c : c * n + r;
        rowRe[c] = re[i]!;
        rowIm[c] = im[i]!;
      }
      fft1d(rowRe, rowIm);
      for (let c = 0; c < n; c++) {
        const i = pass === 0 ? r * n + c : c * n + r;
        re[i] = rowRe[c]!;
        im[i] = rowIm[c]!;
      }
    }
  }
  const mag = new Float64Array(n * n);
  for (let i = 0; i < mag.length; i++) mag[i] = Math.hypot(re[i]!, im[i]!);
  return mag;
}
