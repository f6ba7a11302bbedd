export { RULES, RULE_NAMES } from './rules';
export { scoreEvidence, type RuleSetting, type RuleSettings, type Scored } from './score';
export type { Evidence, FaceEvidence, ForensicSignals, Penalty, Rule, ScoreResult } from './types';
