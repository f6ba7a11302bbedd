import { featureValues, type PadSignals } from './signals';

/**
 * Gradient-boosted decision trees (depth 2 by default: chosen on cross-validation by identity over depth 1–3) on the PAD features: the
 * physical signals and the colour-texture and frequency descriptors. Each
 * decision is explained by following its path through every tree and giving
 * each split's change of value to the feature split on (Saabas), so the
 * features that pushed a picture towards "attack" can be named.
 */
/** A split: go left when feature `f` ≤ `t`; `v` is the node's own value (what a leaf here would give). A leaf is its log-odds. */
export interface TreeNode {
  f: number;
  t: number;
  v: number;
  l: TreeNode | number;
  r: TreeNode | number;
}

export interface PadModel {
  /** Feature names (see featureValues), indexed by TreeNode.f. */
  signals: string[];
  bias: number;
  trees: TreeNode[];
  /** Each feature's contribution on the median training genuine capture: explanations are relative to it. */
  reference: number[];
  /** Attack score above which an image is rejected (chosen for BPCER <= 5 % on out-of-fold training genuine captures). */
  threshold: number;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
const vector = (model: Pick<PadModel, 'signals'>, s: PadSignals) => {
  const all = featureValues(s);
  return model.signals.map((k) => all[k] ?? 0);
};

const valueOf = (n: TreeNode | number) => (typeof n === 'number' ? n : n.v);

function logOdds(model: PadModel, x: number[]): number {
  let z = model.bias;
  for (const tree of model.trees) {
    let n: TreeNode | number = tree;
    while (typeof n !== 'number') n = x[n.f]! <= n.t ? n.l : n.r;
    z += n;
  }
  return z;
}

/** Per-feature log-odds along each decision path (the roots' values are the common base, left out). */
function perFeature(model: PadModel, x: number[]): number[] {
  const c = new Array<number>(model.signals.length).fill(0);
  for (const tree of model.trees) {
    let n: TreeNode | number = tree;
    while (typeof n !== 'number') {
      const next: TreeNode | number = x[n.f]! <= n.t ? n.l : n.r;
      c[n.f]! += valueOf(next) - n.v;
      n = next;
    }
  }
  return c;
}

/** Attack probability 0..1. */
export function attackScore(model: PadModel, s: PadSignals): number {
  return sigmoid(logOdds(model, vector(model, s)));
}

/** Per-feature log-odds above the typical genuine capture (positive pushes towards attack), to explain a decision. */
export function contributions(model: PadModel, s: PadSignals): Record<string, number> {
  const c = perFeature(model, vector(model, s));
  return Object.fromEntries(model.signals.map((k, i) => [k, c[i]! - model.reference[i]!]));
}

export interface TrainOptions {
  rounds?: number;
  rate?: number;
  depth?: number;
  /** Share of the features each tree may split on. */
  colsample?: number;
  /** L2 penalty on leaf values, and the least hessian a child may hold. */
  lambda?: number;
  minChild?: number;
  /** BPCER the threshold is set for on the training genuine samples. */
  targetBpcer?: number;
  /** The features to use (default: all but those in `exclude`). */
  signals?: string[];
  seed?: number;
}

/** Feature names a model is trained on by default: every feature but blackLevel (see MODEL_EXCLUDED). */
export const MODEL_EXCLUDED = ['blackLevel'];

/**
 * Fits the trees by gradient boosting on the logistic loss (Newton steps,
 * classes weighted to balance, candidate thresholds at 32 quantiles of each
 * feature), then sets the threshold for the target BPCER on the training
 * genuine samples.
 */
export function trainPad(samples: { signals: PadSignals; attack: boolean; weight?: number }[], opts: TrainOptions = {}): PadModel {
  const { rounds = 200, rate = 0.1, depth = 2, colsample = 0.5, lambda = 1, minChild = 1, targetBpcer = 0.05 } = opts;
  const signals = opts.signals ?? Object.keys(featureValues(samples[0]!.signals)).filter((k) => !MODEL_EXCLUDED.includes(k));
  const X = samples.map((s) => vector({ signals }, s.signals));
  const y = samples.map((s) => (s.attack ? 1 : 0));
  const N = samples.length;
  const F = signals.length;
  const positives = y.filter(Boolean).length;
  const classW = [N / (2 * Math.max(1, N - positives)), N / (2 * Math.max(1, positives))];
  const w = samples.map((s, i) => classW[y[i]!]! * (s.weight ?? 1));
  const bias = 0;
  // Each feature cut at 31 quantiles; every sample's bin per feature, so a node's split search is one pass.
  const cuts = signals.map((_, j) => {
    const v = X.map((x) => x[j]!).sort((a, b) => a - b);
    return [...new Set(Array.from({ length: 31 }, (_, q) => v[Math.floor(((q + 1) / 32) * v.length)]!))];
  });
  const bins = X.map((x) => Uint8Array.from(x, (v, j) => {
    const c = cuts[j]!;
    let b = 0;
    while (b < c.length && v > c[b]!) b++;
    return b;
  }));
  let seed = opts.seed ?? 1;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const Fx = new Float64Array(N).fill(bias);
  const g = new Float64Array(N);
  const h = new Float64Array(N);
  const gain = (gs: number, hs: number) => (gs * gs) / (hs + lambda);

  const grow = (idx: number[], level: number, cols: number[]): TreeNode | number => {
    let G = 0;
    let H = 0;
    for (const i of idx) {
      G += g[i]!;
      H += h[i]!;
    }
    const v = (G / (H + lambda)) * rate;
    if (level >= depth || H < 2 * minChild) return v;
    let best = { gain: 1e-6, f: -1, bin: 0 };
    const gh = new Float64Array(33);
    const hh = new Float64Array(33);
    for (const j of cols) {
      gh.fill(0);
      hh.fill(0);
      for (const i of idx) {
        const b = bins[i]![j]!;
        gh[b]! += g[i]!;
        hh[b]! += h[i]!;
      }
      let gl = 0;
      let hl = 0;
      for (let b = 0; b < cuts[j]!.length; b++) {
        gl += gh[b]!;
        hl += hh[b]!;
        if (hl < minChild || H - hl < minChild) continue;
        const score = gain(gl, hl) + gain(G - gl, H - hl) - gain(G, H);
        if (score > best.gain) best = { gain: score, f: j, bin: b };
      }
    }
    if (best.f < 0) return v;
    const left = idx.filter((i) => bins[i]![best.f]! <= best.bin);
    const right = idx.filter((i) => bins[i]![best.f]! > best.bin);
    return { f: best.f, t: cuts[best.f]![best.bin]!, v, l: grow(left, level + 1, cols), r: grow(right, level + 1, cols) };
  };

  const trees: TreeNode[] = [];
  const all = Array.from({ length: N }, (_, i) => i);
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < N; i++) {
      const p = sigmoid(Fx[i]!);
      g[i] = w[i]! * (y[i]! - p);
      h[i] = w[i]! * Math.max(1e-6, p * (1 - p));
    }
    const cols = Array.from({ length: F }, (_, j) => j).filter(() => random() < colsample);
    const tree = grow(all, 0, cols.length ? cols : [0]);
    if (typeof tree === 'number') continue;
    trees.push(tree);
    const model = { signals, bias: 0, trees: [tree], reference: [], threshold: 0 };
    for (let i = 0; i < N; i++) Fx[i]! += logOdds(model, X[i]!);
  }
  const model: PadModel = { signals, bias, trees, reference: new Array<number>(F).fill(0), threshold: 0.5 };
  const genuine = samples.filter((s) => !s.attack);
  const parts = genuine.map((s) => perFeature(model, vector(model, s.signals)));
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
