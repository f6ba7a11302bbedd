import { getConfig } from '../../platform/config';

/**
 * A page reading still running at this share of the budget is stopped (`OcrJob.deadline`), the first one included: the
 * budget decides which fallbacks start, but Tesseract's layout analysis of one page has no bound of its own (a stacked
 * CNH in a scene photo on a patterned surface, its card not located, read whole in 8.3 s against a budget of 2.5 s).
 * Past the budget, not at it: a first reading that ends a little after it is most often a small photo's only reading.
 */
const READINGS_STOP_AT = 1.6;

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
    /** Milliseconds after the call began at which a page reading still running is stopped. */
    stopsAfter: Math.round(budget * READINGS_STOP_AT),
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
