import type { Rule } from '../types';

/** Chroma under which a coloured identity document is a grey-scale copy. */
export const MIN_CHROMA = 0.024;

export const fotocopia: Rule = {
  name: 'FOTOCOPIA',
  weight: 40,
  hardStop: false,
  description: 'The document has no colour: a grey-scale copy instead of the original card.',
  evaluate: (e) => {
    if (!e.forensicsEnabled || !e.document?.ocr.typeRecognized || e.document.ocr.digitalDocument) return undefined;
    const hit = e.forensics.find((f) => f.chroma < MIN_CHROMA);
    return hit ? `${hit.field}: documento sem cor (croma ${hit.chroma.toFixed(3)}); parece uma fotocópia em tons de cinza.` : undefined;
  },
};
