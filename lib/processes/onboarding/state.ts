import { conflict } from '../../platform/errors';

export const ONBOARDING_STATUSES = ['STARTED', 'PENDING', 'PROCESSING', 'ANALYSIS', 'DONE', 'REJECTED', 'CANCELED', 'ERROR', 'BLACKLISTED', 'RESOLVED'] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];

/**
 * The only allowed moves (docs/onboarding.md "Lifecycle" draws them).
 * STARTED: accepted. PENDING: waiting for the person to confirm e-mail/phone.
 * PROCESSING: pipeline running. ANALYSIS: grey zone, a reviewer decides.
 * DONE, REJECTED, BLACKLISTED, ERROR, RESOLVED, CANCELED are final.
 */
const TRANSITIONS: Record<OnboardingStatus, readonly OnboardingStatus[]> = {
  STARTED: ['PENDING', 'PROCESSING', 'CANCELED', 'ERROR'],
  PENDING: ['PROCESSING', 'CANCELED'],
  PROCESSING: ['DONE', 'REJECTED', 'ANALYSIS', 'BLACKLISTED', 'ERROR', 'CANCELED'],
  ANALYSIS: ['RESOLVED', 'CANCELED'],
  DONE: [],
  REJECTED: [],
  CANCELED: [],
  ERROR: [],
  BLACKLISTED: [],
  RESOLVED: [],
};

export const isFinal = (s: OnboardingStatus) => TRANSITIONS[s].length === 0;
export const canTransition = (from: OnboardingStatus, to: OnboardingStatus) => TRANSITIONS[from].includes(to);
/** Statuses from which `to` can be reached (for compare-and-set updates). */
export const sourcesOf = (to: OnboardingStatus) => ONBOARDING_STATUSES.filter((s) => canTransition(s, to));

export function assertTransition(from: OnboardingStatus, to: OnboardingStatus): void {
  if (!canTransition(from, to)) throw conflict('illegal_transition', `An onboarding in status ${from} cannot become ${to}.`);
}
