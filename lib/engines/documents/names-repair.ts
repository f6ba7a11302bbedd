import type { OcrWord } from '../ocr';
import { restoreAccents } from './accents';
import type { Box, Grey } from './box';
import { confusionCandidates } from './names-known';
import { readLineAlone } from './read-alone';
import { fold } from './text';

/** Text height (px) the word is read again at: larger than the line re-read, where thin strokes (I against T) part better. */
const WORD_HEIGHT = 84;
/** A constrained re-read at least this confident in the letters first read contradicts the lexicon. */
const CONTRADICTS = 85;

/** The one known name a word read with one OCR letter confusion stands for (CATO → CAIO), or undefined; `first`: the name's first word, a given name. */
export function lexiconRepair(word: string, first = false): string | undefined {
  const candidates = confusionCandidates(word, first);
  return candidates.length === 1 ? candidates[0] : undefined;
}

/** Whether any word of a name has a lexicon repair (the name is worth reading again). */
export const needsRepair = (name: string) => name.split(' ').some((w, i) => lexiconRepair(w, i === 0) !== undefined);

/**
 * Words of a name read with a letter confusion replaced by the one known name
 * close to them, unless the picture says otherwise: the word is read again
 * alone, larger, allowed only the letters of the two readings, and a
 * confident second reading of the first letters keeps them (surnames and
 * rare names outside the lexicon exist). `seen` are the words of a reading of
 * the line with their boxes on `page`; a word not found among them is
 * repaired on the lexicon's word alone. The repaired word gets its accents
 * from the picture as any other (restoreAccents).
 */
export async function repairName(page: Grey, name: string, seen: OcrWord[]): Promise<string> {
  const out: string[] = [];
  for (const [i, word] of name.split(' ').entries()) {
    const known = lexiconRepair(word, i === 0);
    if (!known) {
      out.push(word);
      continue;
    }
    const at = seen.find((w) => fold(w.text) === fold(word))?.bbox;
    if (at && (await contradicted(page, at, fold(word), known))) {
      out.push(word);
      continue;
    }
    const repaired: OcrWord = { text: known, conf: 0, bbox: at ?? [0, 0, 0, 0] };
    if (at) restoreAccents(page, [{ ...repaired, words: [repaired] }]);
    out.push(repaired.text);
  }
  return out.join(' ');
}

async function contradicted(page: Grey, [x, y, w, h]: Box, read: string, known: string): Promise<boolean> {
  const letters = [...new Set(read + known)].join('');
  const again = await readLineAlone(page, [x - h * 0.4, y - h * 0.35, w + h * 0.8, h * 1.7], (rh) => (WORD_HEIGHT * rh) / h, 6, letters);
  if (!again) return false;
  const text = fold(again.out.text).replace(/\s+/g, '');
  return text === read && again.out.conf >= CONTRADICTS;
}
