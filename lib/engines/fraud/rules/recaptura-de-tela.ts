import type { Rule } from '../types';

/**
 * Screen signal over which the picture is taken to be a photo of a screen:
 * 0.5 is where the strongest of the detector's measures (isolated luma peak,
 * square grid, chroma fringe; `lib/engines/fraud/forensics/screen.ts`) reaches its
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
  // On by default: on the generated set it catches 10 of 10 recaptures simulated as a camera samples a screen (each
  // camera pixel averaging its own area, so the grid aliases into moiré), and about 4 in 5 of the older simulation
  // whose Lanczos resampling removed most of the grid before sampling; false alarms are rare (1 in 245 non-screen
  // photos) and it is not a hard stop. README.
  description: 'The document was photographed off a screen: a pixel grid or moiré (narrow, isolated spectral peaks at the same frequency across the document, or colour fringes). On the generated set it catches 10 of 10 camera-sampled recaptures.',
  evaluate: (e) => {
    if (!e.forensicsEnabled) return undefined;
    const hit = e.forensics.find((f) => f.screen >= SCREEN_THRESHOLD);
    return hit ? `${hit.field}: grade de pixels/moiré de tela (índice ${hit.screen.toFixed(2)}); o documento parece fotografado de uma tela.` : undefined;
  },
};
