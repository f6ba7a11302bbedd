import { SIGNAL_NAMES, type PadSignals } from '../engines/face/pad/signals';
import { TEXTURE_NAMES } from '../engines/face/pad/texture';

/** PAD measures of a made-up capture: every feature 0 but the ones given (to test the learner and its figures without pictures). */
export function padCapture(values: Record<string, number>): PadSignals {
  const s = Object.fromEntries(SIGNAL_NAMES.map((k) => [k, values[k] ?? 0])) as unknown as PadSignals;
  s.texture = TEXTURE_NAMES.map((k) => values[k] ?? 0);
  return s;
}
