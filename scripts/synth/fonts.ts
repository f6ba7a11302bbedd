import path from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';

/** Fonts from npm packages (never the system's), so renders are the same everywhere. */
const FONTS: [string, string][] = [
  ['@fontsource/roboto/files/roboto-latin-400-normal.woff2', 'Synth Roboto'],
  ['@fontsource/roboto/files/roboto-latin-700-normal.woff2', 'Synth Roboto Bold'],
  ['@fontsource/open-sans/files/open-sans-latin-400-normal.woff2', 'Synth Open Sans'],
  ['@fontsource/open-sans/files/open-sans-latin-700-normal.woff2', 'Synth Open Sans Bold'],
  ['@fontsource/source-sans-3/files/source-sans-3-latin-600-normal.woff2', 'Synth Source Sans'],
  ['dejavu-fonts-ttf/ttf/DejaVuSans.ttf', 'Synth DejaVu'],
  ['dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf', 'Synth DejaVu Bold'],
  ['dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf', 'Synth Mono'],
  ['@fontsource/roboto-mono/files/roboto-mono-latin-500-normal.woff2', 'Synth Roboto Mono'],
];

let registered = false;
export function registerFonts() {
  if (registered) return;
  for (const [file, family] of FONTS) GlobalFonts.registerFromPath(path.join(process.cwd(), 'node_modules', file), family);
  registered = true;
}

/** Label and value fonts of one rendering. */
export const FONT_SETS = [
  { label: 'Synth Roboto', value: 'Synth Roboto Bold' },
  { label: 'Synth Open Sans', value: 'Synth Open Sans Bold' },
  { label: 'Synth DejaVu', value: 'Synth DejaVu Bold' },
  { label: 'Synth Roboto', value: 'Synth Source Sans' },
];
export const MRZ_FONTS = ['Synth Mono', 'Synth Roboto Mono'];

/** ICAO 9303's own zone font (Debian fonts-ocr-b, installed for the tests): zones as real documents print them. */
export const OCRB_PATH = '/usr/share/fonts/opentype/ocr-b/OCRB.otf';
export const OCRB = 'Synth OCR-B';
let ocrb = false;
export function registerOcrb() {
  registerFonts();
  if (ocrb) return;
  GlobalFonts.registerFromPath(OCRB_PATH, OCRB);
  ocrb = true;
}
