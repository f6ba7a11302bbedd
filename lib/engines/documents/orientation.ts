import { ocrPool } from '../ocr';
import { fromGrey, pgm, toGrey, type Grey } from './box';

export type Turn = 0 | 90 | 180 | 270;

/** Width (or height, for a tall page) a probe reads at, small photos enlarged to it: letters stay legible, the reading costs about a third of a full one. */
const PROBE_SIDE = 1100;

/**
 * Words a reading is sure of: three letters or more at confidence 70 or better, lying level (upside down,
 * Tesseract is sure of few; sideways, it reads the lines as vertical text, with tall boxes).
 */
export function sureWords(words: { text: string; conf: number; bbox: [number, number, number, number] }[]): number {
  return words.filter((w) => w.conf >= 70 && /[A-Za-zÀ-ú]{3,}/.test(w.text) && w.bbox[2] > w.bbox[3]).length;
}

/**
 * Which of the given turns makes the page legible, from small readings of each side by side (the pool
 * reads them at once): a phone held the other way costs one small reading per turn, not a full one.
 * The turns best first, with the words each showed (the words are counted at the probe's size).
 */
export async function probeTurns(document: Grey, turns: Turn[]): Promise<{ turn: Turn; words: number }[]> {
  const results = await Promise.all(
    turns.map(async (turn) => {
      const turned = fromGrey(document).rotate(turn);
      const wide = turn % 180 === 0 ? document.width >= document.height : document.height >= document.width;
      const small = await toGrey(turned.resize(wide ? { width: PROBE_SIDE } : { height: PROBE_SIDE }));
      const out = await ocrPool().recognize({ image: pgm(small), mode: 'auto' });
      return { turn, words: sureWords(out.lines.flatMap((l) => l.words)) };
    }),
  );
  return results.filter((r) => r.words >= 3).sort((a, b) => b.words - a.words);
}
