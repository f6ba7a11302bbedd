import type { OcrLine } from '../ocr';
import { dataHalf, sideOf, type Halves } from './classify';
import type { RecognizedType } from './types';

/**
 * The lines fields are read from. An old RG opened flat prints every field on its data side; its photo
 * side holds only headings and captions, whose lines would otherwise be taken for the holder's name
 * (and push the parents' names one line down). The data side is the half that holds the dates and the
 * CPF (four in five of them, at least two), or else the half without the portrait; when neither is
 * known, the whole page.
 */
export function fieldLines(type: RecognizedType, lines: OcrLine[], portraitSide: Halves['portrait'] | undefined, width: number): OcrLine[] {
  if (type !== 'RG_ABERTO') return lines;
  const byData = dataHalf(lines.flatMap((l) => l.words), width);
  const side = byData === 'left' || byData === 'right' ? byData : portraitSide && (portraitSide === 'left' ? 'right' : 'left');
  if (!side) return lines;
  const kept = lines.filter((l) => sideOf(l.bbox, width) === side);
  return kept.length ? kept : lines;
}
