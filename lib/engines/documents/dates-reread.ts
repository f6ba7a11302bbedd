import { thresholded, type Box, type Grey } from './box';
import { culprits, DATE_FIELDS, datesOfFields, implausibilities } from './dates-plausible';
import { isoDate } from './normalize';
import { readLineAlone, REREAD_HEIGHTS } from './read-alone';
import type { OcrField } from './types';

/** Ink thresholds of the re-reads besides the page as prepared: a light stroke kept, a dark smudge dropped. */
const THRESHOLDS = [undefined, 150, 90];
/** At most this many dates re-read per document. */
const MAX_FIELDS = 2;

/**
 * Dates checked together (dates-plausible.ts). When the set cannot be true,
 * each date whose value alone breaks it is read again from its box on the
 * prepared page, as one line of digits and slashes, at two scales and three
 * ink thresholds; a re-read replaces the value only when it makes the whole
 * set plausible (the most frequent such reading wins). Returns the rules still broken.
 */
export async function checkDatePlausibility(page: Grey, fields: OcrField[], type: string, today: Date = new Date()): Promise<string[]> {
  const dates = datesOfFields(fields);
  const suspects = culprits(type, dates, today);
  if (suspects.length === 0) return implausibilities(type, dates, today);
  for (const which of suspects.slice(0, MAX_FIELDS)) {
    const field = fields.find((f) => DATE_FIELDS[which].includes(f.key) && f.value === dates[which]);
    if (!field) continue;
    const [x, y, w, h] = field.bbox;
    if (w < 4 || h < 4 || h > w) continue;
    const region: Box = [x - h * 0.6, y - h * 0.35, w + h * 1.2, h * 1.7];
    const votes = new Map<string, { n: number; conf: number }>();
    // Two readings agreeing are enough (each re-read costs an OCR call).
    const agreed = () => [...votes.values()].some((v) => v.n >= 2);
    for (const t of THRESHOLDS) {
      if (agreed()) break;
      const source = t === undefined ? page : thresholded(page, region, t);
      // Both scales at once (the pool has a thread for each); their votes count in order, as if read one after the other.
      const readings = REREAD_HEIGHTS.map((height) => readLineAlone(source, region, (rh) => (height * rh) / h, 4, '0123456789/'));
      for (const reading of readings) {
        const again = await reading;
        if (agreed()) continue;
        const iso = again && isoDate(again.out.text);
        if (!iso || iso === field.value || implausibilities(type, { ...datesOfFields(fields), [which]: iso }, today).length) continue;
        const v = votes.get(iso) ?? { n: 0, conf: 0 };
        votes.set(iso, { n: v.n + 1, conf: Math.max(v.conf, again.out.conf) });
      }
    }
    const best = [...votes].sort((a, b) => b[1].n - a[1].n || b[1].conf - a[1].conf)[0];
    if (best) Object.assign(field, { value: best[0], conf: Math.round(best[1].conf), valid: true });
    if (implausibilities(type, datesOfFields(fields), today).length === 0) break;
  }
  return implausibilities(type, datesOfFields(fields), today);
}
