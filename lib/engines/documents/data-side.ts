import type { OcrLine } from '../ocr';
import { DATA_TOKEN, type Halves } from './classify';
import type { RecognizedType } from './types';

/** Share of the holder's dates and CPF that must lie in one half for it to be the data side. */
const DATA_SIDE_SHARE = 0.8;

/**
 * The lines fields are read from. An old RG opened flat prints every field on its data side; its photo
 * side holds only headings and captions, whose lines would otherwise be taken for the holder's name
 * (and push the parents' names one line down). The data side is the half that holds the dates and the
 * CPF (four in five of them, at least two), or else the half without the portrait; when neither is
 * known, the whole page.
 */
export function fieldLines(type: RecognizedType, lines: OcrLine[], portraitSide: Halves['portrait'] | undefined, width: number): OcrLine[] {
  if (type !== 'RG_ABERTO') return lines;
  const mid = width / 2;
  const data = lines.flatMap((l) => l.words).filter((w) => DATA_TOKEN.test(w.text)).map((w) => w.bbox[0] + w.bbox[2] / 2 < mid);
  const left = data.filter(Boolean).length / Math.max(1, data.length);
  const byData = data.length >= 2 && left >= DATA_SIDE_SHARE ? 'left' : data.length >= 2 && left <= 1 - DATA_SIDE_SHARE ? 'right' : undefined;
  const side = byData ?? (portraitSide && (portraitSide === 'left' ? 'right' : 'left'));
  if (!side) return lines;
  const kept = lines.filter((l) => (l.bbox[0] + l.bbox[2] / 2 < mid) === (side === 'left'));
  return kept.length ? kept : lines;
}
