/** Variance of the 4-neighbour Laplacian of a grey image: how much fine detail (focus) it holds. */
export function laplacianVariance(data: ArrayLike<number>, width: number, height: number): number {
  let sum = 0;
  let sq = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const v = data[i - 1]! + data[i + 1]! + data[i - width]! + data[i + width]! - 4 * data[i]!;
      sum += v;
      sq += v * v;
      n++;
    }
  }
  return n ? sq / n - (sum / n) ** 2 : 0;
}
