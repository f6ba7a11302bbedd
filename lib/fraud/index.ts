export { RULES, RULE_NAMES } from './rules';
export { scoreEvidence, type RuleSetting, type RuleSettings, type Scored } from './score';
export { analyseFraud, type FraudAnalysis, type FraudAnalysisRequest, type FaceMatchResult } from './analysis';
export { denyCpf, allowCpf, denyListEntry, listDenied, type DenyListEntry } from './deny-list';
export { ruleCatalogue, ruleSettingsFor, setRule, type RuleState } from './rule-settings';
export type { Evidence, FaceEvidence, ForensicSignals, Penalty, Rule, ScoreResult } from './types';
export { faceCropOf, merged, PORTRAIT_SIDES, side } from './document';
export { recordAnalysis } from './sequence';
export { documentForensics } from './forensics';
