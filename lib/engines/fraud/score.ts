import { RULES } from './rules';
import type { Evidence, Penalty, Rule } from './types';

/** A rule's weight and switch as configured for an integrator and rulesGroup; absent means the catalogue default. */
export interface RuleSetting {
  weight?: number;
  enabled?: boolean;
}

export type RuleSettings = ReadonlyMap<string, RuleSetting>;

export interface Scored {
  score: number;
  hardStop: boolean;
  penalties: Penalty[];
}

/**
 * Runs the catalogue over the evidence: 100 minus the weights of the rules
 * that fired, floored at 0; a hard stop when any fired rule forces one.
 * Rules run in catalogue order and read only the evidence, so the same
 * evidence always gives the same score and penalties.
 */
export function scoreEvidence(e: Evidence, settings: RuleSettings = new Map(), rules: readonly Rule[] = RULES): Scored {
  const penalties: Penalty[] = [];
  for (const rule of rules) {
    const setting = settings.get(rule.name);
    if (!(setting?.enabled ?? rule.enabledByDefault ?? true)) continue;
    const message = rule.evaluate(e);
    if (message === undefined) continue;
    penalties.push({ rulesName: rule.name, rulesPenalty: setting?.weight ?? rule.weight, hardStop: rule.hardStop, message });
  }
  const total = penalties.reduce((s, p) => s + p.rulesPenalty, 0);
  return { score: Math.max(0, 100 - total), hardStop: penalties.some((p) => p.hardStop), penalties };
}
