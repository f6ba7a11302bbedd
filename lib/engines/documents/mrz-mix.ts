import { readMrz, type MrzRead } from './mrz';
import { differingChecks, type MrzFormat } from './mrz-layout';
import { epochNow } from '../../platform/workers';

/**
 * Whether the call's time allows another fallback reading (the engine's budget; always, by default). `until`, when
 * set, is the moment it stops allowing them (`epochNow()`, milliseconds since the epoch): a thread of its own keeps that time.
 */
export type AffordsMore = (() => boolean) & { until?: number };

export const always: AffordsMore = () => true;

/** Allows more until `until` (`epochNow()` time). */
export const affordsUntil = (until: number): AffordsMore => Object.assign(() => epochNow() <= until, { until });

/**
 * Every combination of per-line readings (a few readings, two or three lines): the zone that validates, when the
 * combinations that validate agree on it or most of them do; else the best that does not. Lines of different readings
 * mixed until one passes can pass by chance (a misread optional field and a misread composite digit that cancel): two
 * valid zones that read differently are a guess, and a guess is not a valid zone (its `rivals` named, for the glyphs).
 */
export function readMrzFromReadings(readings: string[][], more: AffordsMore = always): MrzRead | undefined {
  if (readings.length === 0) return undefined;
  const count = readings[0]!.length;
  let fallback: MrzRead | undefined;
  const valid = new Map<string, { read: MrzRead; votes: number }>();
  // A garbled zone's mix takes tens of milliseconds of repair search each (81 mixes of a TD1 read as junk took 3.2 s):
  // past the call's time, only each reading whole is judged.
  const walk = (k: number, acc: string[], from: number | undefined): void => {
    if (k === count) {
      if (from === undefined && !more()) return;
      const r = readMrz(acc);
      if (r && !r.valid && !fallback) fallback = r;
      if (r?.valid) {
        const key = r.lines.join('\n');
        const seen = valid.get(key);
        valid.set(key, { read: seen?.read ?? r, votes: (seen?.votes ?? 0) + 1 });
      }
      return;
    }
    for (const [j, reading] of readings.entries()) if (reading[k] !== undefined) walk(k + 1, [...acc, reading[k]!], k === 0 || from === j ? j : undefined);
  };
  walk(0, [], undefined);
  const [first, second] = [...valid.values()].sort((a, b) => b.votes - a.votes);
  if (!first) return fallback;
  if (!second || first.votes > second.votes) return first.read;
  const rivals = [...valid.values()].filter((v) => v.votes === first.votes).map((v) => v.read.lines);
  return { ...first.read, valid: false, failing: differingChecks(first.read.format as MrzFormat, first.read.lines, second.read.lines), rivals };
}
