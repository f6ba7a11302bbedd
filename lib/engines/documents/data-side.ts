import type { OcrLine } from '../ocr';
import { dataHalf, nameWords, type Halves } from './classify';
import { wordsOnSide } from './page-read';
import type { RecognizedType } from './types';

/**
 * The lines fields are read from. An old RG opened flat prints every field on its data side; its photo
 * side holds only headings and captions, whose lines would otherwise be taken for the holder's name
 * (and push the parents' names one line down). The data side is the half that holds the dates, the
 * CPF and the lines of people's names (four in five of them, at least two), or else the half without
 * the portrait; when neither is known, the whole page. Words are kept by the half they lie in, not
 * whole lines: a line read across the fold (a mark at the photo side's edge, level with a parent's
 * name) keeps its data-side words.
 */
export function fieldLines(type: RecognizedType, lines: OcrLine[], portraitSide: Halves['portrait'] | undefined, width: number): OcrLine[] {
  if (type !== 'RG_ABERTO') return lines;
  const byData = dataHalf(nameWords(lines, width), width);
  const side = byData === 'left' || byData === 'right' ? byData : portraitSide && (portraitSide === 'left' ? 'right' : 'left');
  if (!side) return lines;
  // (The test sideOf makes: a word's middle against the page's.)
  const kept = wordsOnSide(lines, (x) => (x < width / 2) === (side === 'left'));
  return kept.length ? kept : lines;
}

