/** Noise standard deviation of a grey image (Immerkær 1996: the Laplacian difference mask is blind to smooth image structure). */
export function noiseSigma(grey: ArrayLike<number>, w: number, h: number): number {
  let sum = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const v =
        grey[i - w - 1]! - 2 * grey[i - w]! + grey[i - w + 1]! - 2 * grey[i - 1]! + 4 * grey[i]! - 2 * grey[i + 1]! + grey[i + w - 1]! - 2 * grey[i + w]! + grey[i + w + 1]!;
      sum += Math.abs(v);
    }
  }
  return (Math.sqrt(Math.PI / 2) * sum) / (6 * Math.max(1, (w - 2) * (h - 2)));
}
