import { RULE_BY_NAME } from './rules';
import type { RuleSettings } from './score';
import type { Penalty } from './types';

/** The penalties that fired, weighed again under other settings (a rule switched off drops out). */
export function rescore(penalties: Penalty[], settings: RuleSettings): { score: number; hardStop: boolean; penalties: Penalty[] } {
  const kept = penalties.flatMap((p) => {
    const rule = RULE_BY_NAME.get(p.rulesName);
    const s = settings.get(p.rulesName);
    if (!(s?.enabled ?? rule?.enabledByDefault ?? true)) return [];
    return [{ ...p, rulesPenalty: s?.weight ?? rule?.weight ?? p.rulesPenalty }];
  });
  const total = kept.reduce((sum, p) => sum + p.rulesPenalty, 0);
  return { score: Math.max(0, 100 - total), hardStop: kept.some((p) => p.hardStop), penalties: kept };
}
