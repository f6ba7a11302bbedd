import type { Rule } from '../types';

/**
 * Screen signal over which the picture is taken to be a photo of a screen:
 * 0.5 is where the strongest of the detector's measures (isolated luma peak,
 * square grid, chroma fringe; `lib/fraud/forensics/screen.ts`) reaches its
 * calibrated threshold. Generated set, whole picture: 57 of 70 screen
 * recaptures and 27 of 30 varied ones (pitch 1.2-4 px, ±6°, blur, JPEG
 * 60-95, colour kept) over it, 1 of 245 non-screen photos (clean, grey copy,
 * edited, expired, JPEG resized and saved again); inner part of the document
 * only: 52/70, 26/30 and 4/245.
 */
export const SCREEN_THRESHOLD = 0.5;

export const recapturaDeTela: Rule = {
  name: 'RECAPTURA_DE_TELA',
  weight: 60,
  hardStop: false,
  // On by default although it catches about 4 recaptures in 5 on the generated set (target 9 in 10): false alarms are
  // rare (1 in 245 non-screen photos) and it is not a hard stop. The misses are recaptures whose grid the simulation's
  // blur (≥ 0.8 px) or JPEG (≤ 76) left at the level of compression noise, 5 of them shot within 0.6° of the screen's
  // axes (their peaks then lie among the text's on the spectrum's axes); README.
  description: 'The document was photographed off a screen: a pixel grid or moiré (narrow, isolated spectral peaks at the same frequency across the document, or colour fringes). It catches about 4 recaptures in 5 on the generated set.',
  evaluate: (e) => {
    if (!e.forensicsEnabled) return undefined;
    const hit = e.forensics.find((f) => f.screen >= SCREEN_THRESHOLD);
    return hit ? `${hit.field}: grade de pixels/moiré de tela (índice ${hit.screen.toFixed(2)}); o documento parece fotografado de uma tela.` : undefined;
  },
};
