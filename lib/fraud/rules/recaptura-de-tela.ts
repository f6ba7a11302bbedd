import type { Rule } from '../types';

/** Screen signal over which the picture is taken to be a photo of a screen. */
export const SCREEN_THRESHOLD = 0.5;

export const recapturaDeTela: Rule = {
  name: 'RECAPTURA_DE_TELA',
  weight: 60,
  hardStop: false,
  // Off until calibrated: on the generated test set the grid measure does not yet separate screens from printed cards (README).
  enabledByDefault: false,
  description: 'The document was photographed off a screen (moiré, pixel grid). Off by default until its detector is calibrated.',
  evaluate: (e) => {
    if (!e.forensicsEnabled) return undefined;
    const hit = e.forensics.find((f) => f.screen >= SCREEN_THRESHOLD);
    return hit ? `${hit.field}: padrão de moiré/grade de pixels de tela (índice ${hit.screen.toFixed(2)}); o documento parece fotografado de uma tela.` : undefined;
  },
};
