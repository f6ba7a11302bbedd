/**
 * Writes the OCR-B glyph templates the MRZ reader checks look-alike characters against
 * (`lib/engines/documents/ocrb-glyphs.ts`), from Debian's `fonts-ocr-b` (public domain, Matthew Skala; outlines after
 * Norbert Schwarz's, permissive). The product reads that file; the font is needed only to write it again:
 * `npx tsx scripts/ocrb/glyphs.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { MRZ_CHARS } from '../../lib/engines/documents/mrz-read';
import { GLYPH_H, GLYPH_W, glyphGrid } from '../../lib/engines/documents/mrz-glyphs';
import { OCRB, registerOcrb } from '../synth/fonts';

registerOcrb();
const SIZE = 96;
/** Each glyph drawn alone on the same baseline, ink high. */
const drawn = [...MRZ_CHARS].map((ch) => {
  const canvas = createCanvas(SIZE * 2, SIZE * 2);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, SIZE * 2, SIZE * 2);
  ctx.fillStyle = '#000';
  ctx.font = `${SIZE}px "${OCRB}"`;
  ctx.fillText(ch, SIZE / 2, Math.round(SIZE * 1.4));
  const { data, width } = ctx.getImageData(0, 0, SIZE * 2, SIZE * 2);
  const ink = new Uint8Array(width * width);
  for (let i = 0; i < ink.length; i++) ink[i] = 255 - data[i * 4]!;
  return { ch, ink: { data: ink, width, height: width } };
});
const out: Record<string, string> = {};
for (const { ch, ink } of drawn) out[ch] = Buffer.from(glyphGrid(ink, [0, SIZE * 2])!).toString('base64');
const file = path.join('lib', 'engines', 'documents', 'ocrb-glyphs.ts');
const body = Object.entries(out).map(([c, b64]) => `  '${c}': '${b64}',`).join('\n');
fs.writeFileSync(file, `/**\n * OCR-B glyphs of the MRZ alphabet, ${GLYPH_W} × ${GLYPH_H} grey grids (ink high) as \`glyphGrid\` cuts them, base64.\n * Written by scripts/ocrb/glyphs.ts from fonts-ocr-b's OCRB.otf (public domain): do not edit by hand.\n */\nexport const OCRB_GLYPHS: Record<string, string> = {\n${body}\n};\n`);
console.log(`wrote ${file}`);
