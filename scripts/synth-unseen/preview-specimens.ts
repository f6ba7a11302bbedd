/**
 * Writes PNG previews of a few scanned specimens per format to .scratch/specimens/
 * (and the truth and look beside each), to look at them.
 *   npx tsx scripts/synth-unseen/preview-specimens.ts [seeds per format] [first seed]
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { generateSpecimen, SPECIMEN_FORMATS } from './specimens';

const count = Number(process.argv[2] ?? 4);
const first = Number(process.argv[3] ?? 1);
const out = path.join(process.cwd(), '.scratch', 'specimens');
fs.mkdirSync(out, { recursive: true });
for (const format of SPECIMEN_FORMATS) {
  for (let seed = first; seed < first + count; seed++) {
    const t0 = Date.now();
    const { image, truth, look } = await generateSpecimen(format, seed);
    const name = `${format.toLowerCase()}-${seed}`;
    await sharp(image).png().toFile(path.join(out, `${name}.png`));
    fs.writeFileSync(path.join(out, `${name}.json`), JSON.stringify({ truth, look }, null, 1));
    console.log(`${name}: ${look.widthPx}x${look.heightPx} cap ${look.mrzCapPx}px ${look.layout} ${Date.now() - t0} ms\n  ${truth.lines.join('\n  ')}`);
  }
}
