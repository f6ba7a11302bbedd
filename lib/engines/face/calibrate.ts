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

/** Area under the ROC curve: the chance a genuine pair is closer than an impostor pair (ties count half). Rank-based, O(n log n). */
export function rocAuc(pairs: LabelledDistance[]): number {
  const sorted = [...pairs].sort((a, b) => a.distance - b.distance);
  let genuine = 0;
  let impostor = 0;
  let wins = 0;
  for (let i = 0; i < sorted.length; ) {
    // A run of equal distances: each genuine pair in it beats the impostor pairs after it and ties those in it.
    let j = i;
    let g = 0;
    let m = 0;
    while (j < sorted.length && sorted[j]!.distance === sorted[i]!.distance) {
      if (sorted[j]!.same) g++;
      else m++;
      j++;
    }
    // (Counted as all impostors, less those before the run, less half of those in it.)
    wins -= g * impostor + g * m * 0.5;
    genuine += g;
    impostor += m;
    i = j;
  }
  wins += genuine * impostor;
  return genuine && impostor ? wins / (genuine * impostor) : 0;
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
  // (A loop, not Math.max(...): hundreds of thousands of pairs overflow the argument list.)
  let threshold = 0;
  for (const p of pairs) if (p.distance < limit && p.distance > threshold) threshold = p.distance;
  return ratesAt(pairs, threshold);
}

/** False non-match rate at the threshold that keeps the false match rate at or under `targetFmr`. */
export const fnmrAtFmr = (pairs: LabelledDistance[], targetFmr: number) => thresholdForFmr(pairs, targetFmr).fnmr;

export interface Accuracy {
  genuine: number;
  impostor: number;
  auc: number;
  /** FNMR at FMR 0.1 % and at FMR 1 % (each at its own threshold on these pairs). */
  fnmrAtFmr001: number;
  fnmrAtFmr01: number;
  /** FMR and FNMR at the given (default) threshold. */
  fmr: number;
  fnmr: number;
}

const r4 = (v: number) => Number(v.toFixed(4));

/** The accuracy figures of a set of pairs, at a given threshold and at fixed false match rates. */
export function accuracyOf(pairs: LabelledDistance[], threshold: number): Accuracy {
  const at = ratesAt(pairs, threshold);
  return {
    genuine: pairs.filter((p) => p.same).length,
    impostor: pairs.filter((p) => !p.same).length,
    auc: r4(rocAuc(pairs)),
    fnmrAtFmr001: r4(fnmrAtFmr(pairs, 0.001)),
    fnmrAtFmr01: r4(fnmrAtFmr(pairs, 0.01)),
    fmr: r4(at.fmr),
    fnmr: r4(at.fnmr),
  };
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
