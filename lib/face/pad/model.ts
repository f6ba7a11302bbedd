import { SIGNAL_NAMES, type PadSignals } from './signals';

/** Logistic regression over standardised signals: attack probability 0..1. */
export interface PadModel {
  means: number[];
  stds: number[];
  weights: number[];
  bias: number;
  /** Attack score above which an image is rejected (chosen for BPCER <= 5 % on the training genuine images). */
  threshold: number;
}

const vector = (s: PadSignals) => SIGNAL_NAMES.map((k) => s[k]);
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function attackScore(model: PadModel, s: PadSignals): number {
  const x = vector(s);
  const z = model.bias + x.reduce((sum, v, i) => sum + model.weights[i]! * ((v - model.means[i]!) / model.stds[i]!), 0);
  return sigmoid(z);
}

/** Per-signal contributions (positive pushes towards attack), to explain a decision. */
export function contributions(model: PadModel, s: PadSignals): Record<keyof PadSignals, number> {
  const x = vector(s);
  return Object.fromEntries(SIGNAL_NAMES.map((k, i) => [k, model.weights[i]! * ((x[i]! - model.means[i]!) / model.stds[i]!)])) as Record<keyof PadSignals, number>;
}

/** Fits the regression by gradient descent with L2 regularisation; classes weighted to balance. */
export function trainPad(samples: { signals: PadSignals; attack: boolean }[], targetBpcer = 0.05): PadModel {
  const X = samples.map((s) => vector(s.signals));
  const y = samples.map((s) => (s.attack ? 1 : 0));
  const d = SIGNAL_NAMES.length;
  const means = Array.from({ length: d }, (_, j) => X.reduce((s, x) => s + x[j]!, 0) / X.length);
  const stds = Array.from({ length: d }, (_, j) => Math.sqrt(X.reduce((s, x) => s + (x[j]! - means[j]!) ** 2, 0) / X.length) || 1);
  const Z = X.map((x) => x.map((v, j) => (v - means[j]!) / stds[j]!));
  const positives = y.filter(Boolean).length;
  const wPos = y.length / (2 * Math.max(1, positives));
  const wNeg = y.length / (2 * Math.max(1, y.length - positives));
  const weights = new Array<number>(d).fill(0);
  let bias = 0;
  for (let it = 0; it < 4000; it++) {
    const grad = new Array<number>(d).fill(0);
    let gb = 0;
    Z.forEach((z, i) => {
      const p = sigmoid(bias + z.reduce((s, v, j) => s + weights[j]! * v, 0));
      const e = (p - y[i]!) * (y[i] ? wPos : wNeg);
      z.forEach((v, j) => (grad[j]! += e * v));
      gb += e;
    });
    for (let j = 0; j < d; j++) weights[j]! -= 0.1 * (grad[j]! / Z.length + 0.01 * weights[j]!);
    bias -= 0.1 * (gb / Z.length);
  }
  const model: PadModel = { means, stds, weights, bias, threshold: 0.5 };
  const genuine = samples.filter((s) => !s.attack).map((s) => attackScore(model, s.signals)).sort((a, b) => a - b);
  model.threshold = genuine[Math.min(genuine.length - 1, Math.ceil((1 - targetBpcer) * genuine.length) - 1)] ?? 0.5;
  return model;
}

/** ISO/IEC 30107-3 error rates at a threshold. */
export function padRates(scored: { score: number; attack: boolean }[], threshold: number) {
  const attacks = scored.filter((s) => s.attack);
  const genuine = scored.filter((s) => !s.attack);
  return {
    /** Attack presentation classification error rate: attacks accepted. */
    apcer: attacks.filter((s) => s.score <= threshold).length / Math.max(1, attacks.length),
    /** Bona fide presentation classification error rate: genuine rejected. */
    bpcer: genuine.filter((s) => s.score > threshold).length / Math.max(1, genuine.length),
    attacks: attacks.length,
    genuine: genuine.length,
  };
}
