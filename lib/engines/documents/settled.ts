import { placedByText, type Candidate } from './classify';
import type { RecognizedType } from './types';

/** What the rule needs of a reading. */
export interface Placed {
  type?: RecognizedType;
  score: number;
  conf: number;
  sideways: boolean;
  candidates: Candidate[];
}

/** Score and mean word confidence that settle a reading's turn. */
const SURE = { score: 3, conf: 60 };
/**
 * A type placed twice as firmly settles it at a lower confidence: a noisy passport or opened card (scores 6.8–11.5,
 * confidence 45–58) was probed at every turn and read again, about 1 s, and no such reading ever ended at another turn
 * (60 varied and rough photos, 40 photos turned 90/180/270°: a page read the wrong way up gave no type at all).
 */
const FIRM = { score: 6, conf: 40 };

/** A type placed, lines lying level, and the best candidate resting on something read in the text. */
const placedLevelByText = (r: Placed): boolean => Boolean(r.type && !r.sideways && r.candidates[0] && placedByText(r.candidates[0]));

/**
 * Whether a reading says the page was read the right way up, so the other turns are not probed or read. Placed by
 * its text (a CNH opened flat, read upside down, was placed by its QR code, shape and a portrait-like block alone).
 */
export function settledReading(r: Placed): boolean {
  const firm = (r.score >= SURE.score && r.conf >= SURE.conf) || (r.score >= FIRM.score && r.conf >= FIRM.conf);
  return firm && placedLevelByText(r);
}

/**
 * Whether a reading the page's labels say is the right way up (`labelsSayUpright`: small labels just above their
 * values) is settled: placed by its text as surely as `SURE` asks, whatever its words' confidence. A noisy opened RG
 * (confidence under 60) was probed at the other turns, about 0.5 s of its budget, and those readings are of a page
 * upside down or on end, which the labels already ruled out.
 */
export function settledByLabels(r: Placed): boolean {
  return r.score >= SURE.score && placedLevelByText(r);
}
