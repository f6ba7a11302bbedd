import { getConfig } from '../../platform/config';

/**
 * The time one document reading may take, counted from when the call began (decoding and locating the card
 * included). A fallback (another orientation, another contrast, the turn probes) is tried only when the time left
 * covers its share of the longest reading so far.
 */
export function budgetClock(budget = getConfig().DOCUMENT_TIME_BUDGET_MS) {
  const started = performance.now();
  let lastLap = started;
  let longest = 0;
  return {
    budget,
    /** Notes that a reading begins (the time before it, such as locating the card, is not a reading). */
    begin() {
      lastLap = performance.now();
    },
    /** Notes that one reading ended. */
    lap() {
      const now = performance.now();
      longest = Math.max(longest, now - lastLap);
      lastLap = now;
    },
    /** The moment `ms` after the call began, in milliseconds since the epoch (what `performance.timeOrigin + performance.now()` reads on any thread). */
    at(ms: number): number {
      return performance.timeOrigin + started + ms;
    },
    /** Milliseconds since the call began. */
    elapsed(): number {
      return performance.now() - started;
    },
    /** Whether the time left covers `share` of the longest reading so far (a probe costs a fraction of one). */
    affords(share = 1): boolean {
      return performance.now() - started + longest * share <= budget;
    },
  };
}

export type BudgetClock = ReturnType<typeof budgetClock>;
