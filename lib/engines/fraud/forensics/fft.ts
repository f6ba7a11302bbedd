import { fft2dMagnitude } from '../../signal';

/** Magnitude spectrum of a square n×n patch (row-major), mean removed and Hann-windowed, zero frequency at index 0. */
export function spectrum(patch: Float64Array, n: number): Float64Array {
  const hann = Float64Array.from({ length: n }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (n - 1)));
  let mean = 0;
  for (let i = 0; i < patch.length; i++) mean += patch[i]!;
  mean /= patch.length;
  const windowed = new Float64Array(n * n);
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) windowed[y * n + x] = (patch[y * n + x]! - mean) * hann[x]! * hann[y]!;
  return fft2dMagnitude(windowed, n);
}
