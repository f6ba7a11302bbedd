// The rule catalogue the contracts list (names, groups, hard stops).
export { RULES, RULE_BY_NAME, RULE_NAMES } from './rules';
