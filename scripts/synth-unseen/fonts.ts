import fs from 'node:fs';
import { GlobalFonts } from '@napi-rs/canvas';

/**
 * Debian font packages (never the npm fonts scripts/synth draws with), by
 * absolute path. CI installs them: fonts-liberation2 fonts-freefont-ttf
 * fonts-crosextra-carlito fonts-urw-base35 fonts-ocr-b.
 */
const FILES: Record<string, [string, string]> = {
  'U Liberation Sans': ['/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf', 'fonts-liberation2'],
  'U Liberation Sans Bold': ['/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf', 'fonts-liberation2'],
  'U Liberation Serif Bold': ['/usr/share/fonts/truetype/liberation2/LiberationSerif-Bold.ttf', 'fonts-liberation2'],
  'U Liberation Mono Bold': ['/usr/share/fonts/truetype/liberation2/LiberationMono-Bold.ttf', 'fonts-liberation2'],
  'U FreeSans': ['/usr/share/fonts/truetype/freefont/FreeSans.ttf', 'fonts-freefont-ttf'],
  'U FreeSans Bold': ['/usr/share/fonts/truetype/freefont/FreeSansBold.ttf', 'fonts-freefont-ttf'],
  'U FreeSerif': ['/usr/share/fonts/truetype/freefont/FreeSerif.ttf', 'fonts-freefont-ttf'],
  'U Carlito': ['/usr/share/fonts/truetype/crosextra/Carlito-Regular.ttf', 'fonts-crosextra-carlito'],
  'U Carlito Bold': ['/usr/share/fonts/truetype/crosextra/Carlito-Bold.ttf', 'fonts-crosextra-carlito'],
  'U Nimbus Sans': ['/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf', 'fonts-urw-base35'],
  'U Nimbus Sans Bold': ['/usr/share/fonts/opentype/urw-base35/NimbusSans-Bold.otf', 'fonts-urw-base35'],
  'U Nimbus Narrow Bold': ['/usr/share/fonts/opentype/urw-base35/NimbusSansNarrow-Bold.otf', 'fonts-urw-base35'],
  'U Gothic': ['/usr/share/fonts/opentype/urw-base35/URWGothic-Book.otf', 'fonts-urw-base35'],
  'U Gothic Demi': ['/usr/share/fonts/opentype/urw-base35/URWGothic-Demi.otf', 'fonts-urw-base35'],
  'U Roman Bold': ['/usr/share/fonts/opentype/urw-base35/NimbusRoman-Bold.otf', 'fonts-urw-base35'],
  'U Mono PS Bold': ['/usr/share/fonts/opentype/urw-base35/NimbusMonoPS-Bold.otf', 'fonts-urw-base35'],
  'U OCR-B': ['/usr/share/fonts/opentype/ocr-b/OCRB.otf', 'fonts-ocr-b'],
};

let done = false;
export function registerUnseenFonts(): void {
  if (done) return;
  for (const [family, [file, pkg]] of Object.entries(FILES)) {
    if (!fs.existsSync(file)) throw new Error(`synth-unseen: font ${file} missing (apt-get install ${pkg})`);
    GlobalFonts.registerFromPath(file, family);
  }
  done = true;
}

export interface Typeface {
  label: string;
  value: string;
  heading: string;
}

/** Label, value and heading faces of one issuer's printing. */
export const TYPEFACES: Typeface[] = [
  { label: 'U Liberation Sans', value: 'U Liberation Sans Bold', heading: 'U Liberation Sans Bold' },
  { label: 'U FreeSans', value: 'U FreeSans Bold', heading: 'U Liberation Serif Bold' },
  { label: 'U Carlito', value: 'U Carlito Bold', heading: 'U Carlito Bold' },
  { label: 'U Nimbus Sans', value: 'U Nimbus Narrow Bold', heading: 'U Nimbus Sans Bold' },
  { label: 'U Gothic', value: 'U Gothic Demi', heading: 'U Gothic Demi' },
  { label: 'U FreeSerif', value: 'U Liberation Mono Bold', heading: 'U Roman Bold' },
  { label: 'U Nimbus Sans', value: 'U Mono PS Bold', heading: 'U Nimbus Sans Bold' },
];
export const MRZ_FACE = 'U OCR-B';
export const FONT_FILES = Object.values(FILES).map(([f]) => f);
