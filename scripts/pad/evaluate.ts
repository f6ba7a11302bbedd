/** PAD figures per condition (ISO/IEC 30107-3 APCER and BPCER) from measured captures and a model. */
import { attackScore, thresholdFor, trainPad, type PadModel, type TrainOptions } from '../../lib/engines/face/pad/model';
import { ATTACK_CONDITIONS, GENUINE_CONDITIONS } from './conditions';
import type { Measured } from './dataset';

export interface ConditionFigures {
  condition: string;
  attack: boolean;
  n: number;
  /** No face found (no_face_detected). */
  noFace: number;
  /** Stopped by the quality gate (image_quality_insufficient: retake, not an attack verdict). */
  gated: number;
  /** Judged by the model. */
  judged: number;
  /** Genuine: share of judged ones called attacks (BPCER). Attack: share of judged ones accepted (APCER). */
  errorRate: number;
}

export const scoreOf = (model: PadModel, m: Measured) => (m.signals ? attackScore(model, m.signals) : undefined);
export const judged = (m: Measured) => m.found && m.issues.length === 0 && Boolean(m.signals);
/** The error both rates count: an attack accepted or a genuine capture called an attack at this threshold. */
const misjudged = (attack: boolean, score: number, threshold: number) => (attack ? score <= threshold : score > threshold);

export function figures(model: PadModel, rows: Measured[], threshold = model.threshold): { conditions: ConditionFigures[]; apcer: number; bpcer: number; attacks: number; genuine: number } {
  const conditions = [...GENUINE_CONDITIONS, ...ATTACK_CONDITIONS].map((condition) => {
    const mine = rows.filter((r) => r.condition === condition);
    const ok = mine.filter(judged);
    const attack = (ATTACK_CONDITIONS as readonly string[]).includes(condition);
    const wrong = ok.filter((m) => misjudged(attack, scoreOf(model, m)!, threshold)).length;
    return { condition, attack, n: mine.length, noFace: mine.filter((m) => !m.found).length, gated: mine.filter((m) => m.found && m.issues.length > 0).length, judged: ok.length, errorRate: round(wrong / Math.max(1, ok.length)) };
  });
  const ok = rows.filter(judged);
  const attacks = ok.filter((m) => m.attack);
  const genuine = ok.filter((m) => !m.attack);
  return {
    conditions: conditions.filter((c) => c.n > 0),
    apcer: round(attacks.filter((m) => scoreOf(model, m)! <= threshold).length / Math.max(1, attacks.length)),
    bpcer: round(genuine.filter((m) => scoreOf(model, m)! > threshold).length / Math.max(1, genuine.length)),
    attacks: attacks.length,
    genuine: genuine.length,
  };
}

const round = (v: number) => Math.round(v * 1000) / 1000;

/** One line per condition, for the console. */
export function table(title: string, f: ReturnType<typeof figures>): string {
  return [
    `${title}: APCER ${(f.apcer * 100).toFixed(1)} % (${f.attacks} attacks), BPCER ${(f.bpcer * 100).toFixed(1)} % (${f.genuine} genuine)`,
    ...f.conditions.map((c) => `  ${c.condition.padEnd(15)} ${c.attack ? 'APCER' : 'BPCER'} ${(c.errorRate * 100).toFixed(1).padStart(5)} %  judged ${c.judged}/${c.n}  no face ${c.noFace}  gated ${c.gated}`),
  ].join('\n');
}

/** Share of (attack, genuine) pairs ordered right by the score (ROC AUC): threshold-free, to compare signal sets. */
export function auc(model: PadModel, rows: Measured[]): number {
  const ok = rows.filter(judged);
  const a = ok.filter((m) => m.attack).map((m) => scoreOf(model, m)!);
  const g = ok.filter((m) => !m.attack).map((m) => scoreOf(model, m)!);
  let s = 0;
  for (const x of a) for (const y of g) s += x > y ? 1 : x === y ? 0.5 : 0;
  return round(s / Math.max(1, a.length * g.length));
}

/**
 * The model trained on all samples, with its threshold set on out-of-fold
 * scores: each training genuine capture scored by a model trained without its
 * identity (k folds by identity). A threshold set on the scores of the very
 * captures a model was fitted to is too tight: its training genuine scores
 * are lower than any new person's.
 */
export function trainWithHonestThreshold(samples: Sample[], opts: TrainOptions & { folds?: number } = {}): PadModel & { oof: ReturnType<typeof oofFigures> } {
  const folds = opts.folds ?? 4;
  const ids = [...new Set(samples.map((s) => s.identity))].sort();
  const foldOf = (s: { identity: string }) => ids.indexOf(s.identity) % folds;
  const oof: Scored[] = [];
  for (let f = 0; f < folds; f++) {
    const m = trainPad(samples.filter((s) => foldOf(s) !== f), opts);
    for (const s of samples) if (foldOf(s) === f) oof.push({ score: attackScore(m, s.signals), attack: s.attack, condition: s.condition });
  }
  const model = trainPad(samples, opts);
  model.threshold = thresholdFor(oof.filter((s) => !s.attack).map((s) => s.score), opts.targetBpcer ?? 0.05);
  return Object.assign(model, { oof: oofFigures(oof, model.threshold) });
}

type Sample = { signals: NonNullable<Measured['signals']>; attack: boolean; weight?: number; identity: string; condition?: string };
type Scored = { score: number; attack: boolean; condition?: string };

/**
 * Cross-validated figures on the training identities (each capture scored by a model that never saw its person): AUC and APCER at the
 * out-of-fold threshold, to choose a learner on more captures than the held-out set has; and the error rate per condition, on about
 * 90 captures each where the held-out set has 9 (one capture there moves a condition by 11 points).
 */
function oofFigures(oof: Scored[], threshold: number) {
  const a = oof.filter((s) => s.attack).map((s) => s.score);
  const g = oof.filter((s) => !s.attack).map((s) => s.score);
  let pairs = 0;
  for (const x of a) for (const y of g) pairs += x > y ? 1 : x === y ? 0.5 : 0;
  const conditions = [...GENUINE_CONDITIONS, ...ATTACK_CONDITIONS].map((condition) => {
    const mine = oof.filter((s) => s.condition === condition);
    return { condition, n: mine.length, errorRate: round(mine.filter((s) => misjudged(s.attack, s.score, threshold)).length / Math.max(1, mine.length)) };
  });
  return { auc: round(pairs / Math.max(1, a.length * g.length)), apcer: round(a.filter((x) => x <= threshold).length / Math.max(1, a.length)), attacks: a.length, genuine: g.length, conditions: conditions.filter((c) => c.n > 0) };
}
