import type { OcrLine } from '../ocr';
import { union } from './box';
import { dataHalf, sideOf, type Halves } from './classify';
import type { RecognizedType } from './types';

/**
 * The lines fields are read from. An old RG opened flat prints every field on its data side; its photo
 * side holds only headings and captions, whose lines would otherwise be taken for the holder's name
 * (and push the parents' names one line down). The data side is the half that holds the dates and the
 * CPF (four in five of them, at least two), or else the half without the portrait; when neither is
 * known, the whole page. Words are kept by the half they lie in, not whole lines: a line read across
 * the fold (a mark at the photo side's edge, level with a parent's name) keeps its data-side words.
 */
export function fieldLines(type: RecognizedType, lines: OcrLine[], portraitSide: Halves['portrait'] | undefined, width: number): OcrLine[] {
  if (type !== 'RG_ABERTO') return lines;
  const byData = dataHalf(lines.flatMap((l) => l.words), width);
  const side = byData === 'left' || byData === 'right' ? byData : portraitSide && (portraitSide === 'left' ? 'right' : 'left');
  if (!side) return lines;
  const kept = lines.flatMap((l) => onSide(l, side, width) ?? []);
  return kept.length ? kept : lines;
}

/** The part of a line on one half: the line itself when all of it is, its words there (text and box made again from them), or nothing. */
function onSide(line: OcrLine, side: Halves['portrait'], width: number): OcrLine | undefined {
  if (line.words.length === 0) return sideOf(line.bbox, width) === side ? line : undefined;
  const words = line.words.filter((w) => sideOf(w.bbox, width) === side);
  if (words.length === line.words.length) return line;
  if (words.length === 0) return undefined;
  return { text: words.map((w) => w.text).join(' '), conf: words.reduce((s, w) => s + w.conf, 0) / words.length, bbox: union(words.map((w) => w.bbox)), words };
}
