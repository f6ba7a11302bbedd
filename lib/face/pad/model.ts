import { SIGNAL_NAMES, type PadSignals } from './signals';

/**
 * Gradient-boosted decision stumps on the signals (an additive model: the
 * attack log-odds is a sum of one step function per signal), so each signal's
 * part in a decision can be read off and named in the reasons.
 */
export interface Stump {
  /** Index into SIGNAL_NAMES. */
  f: number;
  t: number;
  /** Log-odds added when the signal is <= t, and when above. */
  l: number;
  r: number;
}

export interface PadModel {
  signals: (keyof PadSignals)[];
  bias: number;
  stumps: Stump[];
  /** Each signal's contribution on the median training genuine capture: explanations are relative to it. */
  reference: number[];
  /** Attack score above which an image is rejected (chosen for BPCER <= 5 % on the training genuine captures). */
  threshold: number;
}

/**
 * The signals the model is trained on: all but `blackLevel`. Lifted blacks are
 * physically real for a screen or a sheet in a lit room, and the simulated
 * attacks show them, but both real attacks in the shared samples have black
 * blacks (the capturing camera's auto-exposure stretches them again), so the
 * model would learn a cue that real replays do not carry; it is measured and
 * returned with the signals, not scored.
 */
export const MODEL_SIGNALS: (keyof PadSignals)[] = SIGNAL_NAMES.filter((k) => k !== 'blackLevel');

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
const vector = (model: Pick<PadModel, 'signals'>, s: PadSignals) => model.signals.map((k) => s[k]);

function perSignal(model: PadModel, x: number[]): number[] {
  const c = new Array<number>(model.signals.length).fill(0);
  for (const s of model.stumps) c[s.f]! += x[s.f]! <= s.t ? s.l : s.r;
  return c;
}

/** Attack probability 0..1. */
export function attackScore(model: PadModel, s: PadSignals): number {
  return sigmoid(model.bias + perSignal(model, vector(model, s)).reduce((a, b) => a + b, 0));
}

/** Per-signal log-odds above the typical genuine capture (positive pushes towards attack), to explain a decision. */
export function contributions(model: PadModel, s: PadSignals): Record<keyof PadSignals, number> {
  const c = perSignal(model, vector(model, s));
  return Object.fromEntries(model.signals.map((k, i) => [k, c[i]! - model.reference[i]!])) as Record<keyof PadSignals, number>;
}

export interface TrainOptions {
  rounds?: number;
  rate?: number;
  /** BPCER the threshold is set for on the training genuine samples. */
  targetBpcer?: number;
  /** The signals to use (default: MODEL_SIGNALS). */
  signals?: (keyof PadSignals)[];
}

/**
 * Fits the stumps by gradient boosting on the logistic loss (Newton steps,
 * classes weighted to balance, candidate thresholds at 32 quantiles of each
 * signal), then sets the threshold for the target BPCER on the training
 * genuine samples.
 */
export function trainPad(samples: { signals: PadSignals; attack: boolean; weight?: number }[], opts: TrainOptions = {}): PadModel {
  const { rounds = 300, rate = 0.1, targetBpcer = 0.05 } = opts;
  const signals = [...(opts.signals ?? MODEL_SIGNALS)];
  const X = samples.map((s) => vector({ signals }, s.signals));
  const y = samples.map((s) => (s.attack ? 1 : 0));
  const positives = y.filter(Boolean).length;
  const classW = [samples.length / (2 * Math.max(1, samples.length - positives)), samples.length / (2 * Math.max(1, positives))];
  const w = samples.map((s, i) => classW[y[i]!]! * (s.weight ?? 1));
  const p0 = positives / samples.length;
  const bias = Math.log(p0 / (1 - p0));
  const F = new Float64Array(samples.length).fill(bias);
  const cuts = signals.map((_, j) => {
    const v = X.map((x) => x[j]!).sort((a, b) => a - b);
    return [...new Set(Array.from({ length: 31 }, (_, q) => v[Math.floor(((q + 1) / 32) * v.length)]!))];
  });
  const stumps: Stump[] = [];
  const order = signals.map((_, j) => X.map((_, i) => i).sort((a, b) => X[a]![j]! - X[b]![j]!));
  for (let round = 0; round < rounds; round++) {
    const g = new Float64Array(samples.length);
    const h = new Float64Array(samples.length);
    for (let i = 0; i < samples.length; i++) {
      const p = sigmoid(F[i]!);
      g[i] = w[i]! * (y[i]! - p);
      h[i] = w[i]! * Math.max(1e-6, p * (1 - p));
    }
    const G = g.reduce((a, b) => a + b, 0);
    const Hs = h.reduce((a, b) => a + b, 0);
    let best = { gain: 0, f: -1, t: 0, l: 0, r: 0 };
    for (let j = 0; j < signals.length; j++) {
      let gl = 0;
      let hl = 0;
      let k = 0;
      for (const t of cuts[j]!) {
        while (k < order[j]!.length && X[order[j]![k]!]![j]! <= t) {
          gl += g[order[j]![k]!]!;
          hl += h[order[j]![k]!]!;
          k++;
        }
        const gr = G - gl;
        const hr = Hs - hl;
        if (hl < 1e-3 || hr < 1e-3) continue;
        const lambda = 1;
        const gain = (gl * gl) / (hl + lambda) + (gr * gr) / (hr + lambda) - (G * G) / (Hs + lambda);
        if (gain > best.gain) best = { gain, f: j, t, l: gl / (hl + lambda), r: gr / (hr + lambda) };
      }
    }
    if (best.f < 0) break;
    const stump = { f: best.f, t: best.t, l: best.l * rate, r: best.r * rate };
    stumps.push(stump);
    for (let i = 0; i < samples.length; i++) F[i]! += X[i]![stump.f]! <= stump.t ? stump.l : stump.r;
  }
  const model: PadModel = { signals, bias, stumps, reference: new Array<number>(signals.length).fill(0), threshold: 0.5 };
  const genuine = samples.filter((s) => !s.attack);
  const parts = genuine.map((s) => perSignal(model, vector(model, s.signals)));
  model.reference = signals.map((_, j) => {
    const v = parts.map((p) => p[j]!).sort((a, b) => a - b);
    return v[v.length >> 1] ?? 0;
  });
  model.threshold = thresholdFor(genuine.map((s) => attackScore(model, s.signals)), targetBpcer);
  return model;
}

/** The attack score that rejects at most `bpcer` of these genuine scores. */
export function thresholdFor(genuineScores: number[], bpcer: number): number {
  const sorted = [...genuineScores].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((1 - bpcer) * sorted.length) - 1)] ?? 0.5;
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
