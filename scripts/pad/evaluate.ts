/** PAD figures per condition (ISO/IEC 30107-3 APCER and BPCER) from measured captures and a model. */
import { attackScore, type PadModel } from '../../lib/face/pad/model';
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

export function figures(model: PadModel, rows: Measured[], threshold = model.threshold): { conditions: ConditionFigures[]; apcer: number; bpcer: number; attacks: number; genuine: number } {
  const conditions = [...GENUINE_CONDITIONS, ...ATTACK_CONDITIONS].map((condition) => {
    const mine = rows.filter((r) => r.condition === condition);
    const ok = mine.filter(judged);
    const attack = (ATTACK_CONDITIONS as readonly string[]).includes(condition);
    const wrong = ok.filter((m) => (attack ? scoreOf(model, m)! <= threshold : scoreOf(model, m)! > threshold)).length;
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
