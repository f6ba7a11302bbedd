import type { ScoreResult } from '../../engines/fraud';
import type { OnboardingStatus } from './state';

export interface DecisionPolicy {
  approveScore: number;
  rejectScore: number;
}

export interface Decision {
  status: Extract<OnboardingStatus, 'DONE' | 'REJECTED' | 'ANALYSIS' | 'BLACKLISTED'>;
  reason: string | null;
}

/** Penalties that mean "this person must not be onboarded" rather than "this attempt failed". */
const DENYING = new Set(['CPF_BLOQUEADO', 'ROSTO_DUPLICADO']);

/**
 * The final decision from the score. Deny list or the same face under another
 * CPF: BLACKLISTED. Any other hard stop or a score under the reject
 * threshold: REJECTED. At or above the approve threshold: DONE. Between:
 * ANALYSIS (manual review).
 */
export function decide(score: Pick<ScoreResult, 'score' | 'hardStop' | 'penalties'>, policy: DecisionPolicy): Decision {
  const denying = score.penalties.filter((p) => DENYING.has(p.rulesName));
  if (denying.length) return { status: 'BLACKLISTED', reason: denying.map((p) => `${p.rulesName}: ${p.message}`).join('; ') };
  const stops = score.penalties.filter((p) => p.hardStop);
  if (score.hardStop || stops.length) return { status: 'REJECTED', reason: stops.map((p) => `${p.rulesName}: ${p.message}`).join('; ') || 'hard stop' };
  if (score.score < policy.rejectScore) return { status: 'REJECTED', reason: `score ${score.score} under ${policy.rejectScore}` };
  if (score.score >= policy.approveScore) return { status: 'DONE', reason: null };
  return { status: 'ANALYSIS', reason: `score ${score.score} between ${policy.rejectScore} and ${policy.approveScore}: manual review` };
}
