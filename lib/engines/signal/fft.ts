/** Bit-reversal permutation and twiddle factors of one transform length, computed once. */
interface Plan {
  reversed: Uint32Array;
  cos: Float64Array;
  sin: Float64Array;
}

const plans = new Map<number, Plan>();

function planFor(n: number): Plan {
  let plan = plans.get(n);
  if (plan) return plan;
  const bits = Math.log2(n);
  const reversed = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    let r = 0;
    for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
    reversed[i] = r;
  }
  const cos = new Float64Array(n / 2);
  const sin = new Float64Array(n / 2);
  for (let k = 0; k < n / 2; k++) {
    cos[k] = Math.cos((-2 * Math.PI * k) / n);
    sin[k] = Math.sin((-2 * Math.PI * k) / n);
  }
  plan = { reversed, cos, sin };
  plans.set(n, plan);
  return plan;
}

/**
 * In-place iterative radix-2 FFT of one row (re, im), length a power of two.
 * Tables instead of trigonometry and no allocation in the loops: the forensics
 * and the liveness check run thousands of rows per picture.
 */
function fft1d(re: Float64Array, im: Float64Array, plan: Plan): void {
  const n = re.length;
  const { reversed, cos, sin } = plan;
  for (let i = 0; i < n; i++) {
    const j = reversed[i]!;
    if (i < j) {
      const tr = re[i]!;
      re[i] = re[j]!;
      re[j] = tr;
      const ti = im[i]!;
      im[i] = im[j]!;
      im[j] = ti;
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const half = len >> 1;
    const step = n / len;
    for (let i = 0; i < n; i += len) {
      for (let k = 0; k < half; k++) {
        const wr = cos[k * step]!;
        const wi = sin[k * step]!;
        const a = i + k;
        const b = a + half;
        const tr = re[b]! * wr - im[b]! * wi;
        const ti = re[b]! * wi + im[b]! * wr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
      }
    }
  }
}

/** Magnitude of the 2D DFT of an n x n real image (n a power of two), row-major. */
export function fft2dMagnitude(pixels: Float64Array, n: number): Float64Array {
  const plan = planFor(n);
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
      fft1d(rowRe, rowIm, plan);
      for (let c = 0; c < n; c++) {
        const i = pass === 0 ? r * n + c : c * n + r;
        re[i] = rowRe[c]!;
        im[i] = rowIm[c]!;
      }
    }
  }
  const mag = new Float64Array(n * n);
  for (let i = 0; i < mag.length; i++) mag[i] = Math.sqrt(re[i]! * re[i]! + im[i]! * im[i]!);
  return mag;
}
