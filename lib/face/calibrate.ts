/**
 * Face-match calibration: ROC of descriptor distances over labelled pairs,
 * the threshold at a target false match rate, and the distance -> similarity
 * mapping. Pure functions; `scripts/face-calibrate.ts` runs them on the
 * datasets and writes `calibration.json`.
 */
export interface LabelledDistance {
  distance: number;
  same: boolean;
}

export interface Rates {
  threshold: number;
  /** False match rate: impostor pairs at or under the threshold. */
  fmr: number;
  /** False non-match rate: genuine pairs over the threshold. */
  fnmr: number;
}

export const euclidean = (a: number[], b: number[]) => Math.sqrt(a.reduce((s, v, i) => s + (v - b[i]!) ** 2, 0));

/** Area under the ROC curve: the chance a genuine pair is closer than an impostor pair (ties count half). */
export function rocAuc(pairs: LabelledDistance[]): number {
  const genuine = pairs.filter((p) => p.same).map((p) => p.distance);
  const impostor = pairs.filter((p) => !p.same).map((p) => p.distance);
  let wins = 0;
  for (const g of genuine) for (const i of impostor) wins += g < i ? 1 : g === i ? 0.5 : 0;
  return genuine.length && impostor.length ? wins / (genuine.length * impostor.length) : 0;
}

export function ratesAt(pairs: LabelledDistance[], threshold: number): Rates {
  const genuine = pairs.filter((p) => p.same);
  const impostor = pairs.filter((p) => !p.same);
  return {
    threshold,
    fmr: impostor.filter((p) => p.distance <= threshold).length / Math.max(1, impostor.length),
    fnmr: genuine.filter((p) => p.distance > threshold).length / Math.max(1, genuine.length),
  };
}

/** The largest threshold whose false match rate stays at or under the target. */
export function thresholdForFmr(pairs: LabelledDistance[], targetFmr: number): Rates {
  const impostor = pairs.filter((p) => !p.same).map((p) => p.distance).sort((a, b) => a - b);
  const allowed = Math.floor(targetFmr * impostor.length);
  // Just under the (allowed+1)-th closest impostor pair.
  const limit = impostor[allowed] ?? Infinity;
  const candidates = pairs.map((p) => p.distance).filter((d) => d < limit);
  const threshold = candidates.length ? Math.max(...candidates) : 0;
  return ratesAt(pairs, threshold);
}

export interface SimilarityScale {
  /** Distance that maps to similarity 50 (the default match threshold). */
  midpoint: number;
  /** Distance per unit of logit. */
  spread: number;
}

/**
 * similarity = 100 / (1 + exp((distance - midpoint) / spread)): 50 at the
 * threshold, 90 at the median genuine distance of the calibration pairs.
 */
export function fitScale(pairs: LabelledDistance[], threshold: number): SimilarityScale {
  const genuine = pairs.filter((p) => p.same).map((p) => p.distance).sort((a, b) => a - b);
  const median = genuine[Math.floor(genuine.length / 2)] ?? threshold / 2;
  return { midpoint: threshold, spread: Math.max(0.01, (threshold - median) / Math.log(9)) };
}

export function similarityOf(distance: number, scale: SimilarityScale): number {
  return Math.round((100 / (1 + Math.exp((distance - scale.midpoint) / scale.spread))) * 100) / 100;
}
