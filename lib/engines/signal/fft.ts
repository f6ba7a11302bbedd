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

/**
 * Power |X|² of the 2D DFT of an n × n real image (n a power of two, at least
 * 4), row-major: the same values as fft2dMagnitude squared, for half the work.
 * A real image's rows go through the complex transform two at a time (one as
 * the real part, one as the imaginary part, told apart by symmetry), and only
 * the columns up to n/2 are transformed: the other half of a real image's
 * spectrum mirrors them.
 */
export function realPower2d(pixels: Float64Array, n: number): Float64Array {
  const plan = planFor(n);
  const half = n / 2;
  const cols = half + 1;
  // Row spectra, columns 0..n/2 only.
  const re = new Float64Array(n * cols);
  const im = new Float64Array(n * cols);
  const zr = new Float64Array(n);
  const zi = new Float64Array(n);
  for (let r = 0; r < n; r += 2) {
    for (let c = 0; c < n; c++) {
      zr[c] = pixels[r * n + c]!;
      zi[c] = pixels[(r + 1) * n + c]!;
    }
    fft1d(zr, zi, plan);
    // z = a + i·b: A[k] = (Z[k] + conj Z[n−k]) / 2, B[k] = (Z[k] − conj Z[n−k]) / 2i.
    for (let k = 0; k <= half; k++) {
      const j = (n - k) & (n - 1);
      re[r * cols + k] = (zr[k]! + zr[j]!) / 2;
      im[r * cols + k] = (zi[k]! - zi[j]!) / 2;
      re[(r + 1) * cols + k] = (zi[k]! + zi[j]!) / 2;
      im[(r + 1) * cols + k] = (zr[j]! - zr[k]!) / 2;
    }
  }
  const power = new Float64Array(n * n);
  for (let k = 0; k <= half; k++) {
    for (let v = 0; v < n; v++) {
      zr[v] = re[v * cols + k]!;
      zi[v] = im[v * cols + k]!;
    }
    fft1d(zr, zi, plan);
    for (let v = 0; v < n; v++) {
      const p = zr[v]! * zr[v]! + zi[v]! * zi[v]!;
      power[v * n + k] = p;
      // X[−v, −k] = conj X[v, k]: the columns past n/2.
      if (k > 0 && k < half) power[((n - v) & (n - 1)) * n + (n - k)] = p;
    }
  }
  return power;
}
