/**
 * Writes prepared document images (found, rectified, evenly lit: what the
 * engine hands to OCR) with their ground truth, for comparing OCR engines on
 * the same pixels. Usage: npx tsx scripts/ocr-compare/export.ts DIR [perType]
 */
import fs from 'node:fs';
import path from 'node:path';
import { DOC_TYPES, generate, printedValues } from '../synth';
import { fromGrey, preparedPage } from '../../lib/engines/documents';
import { intake } from '../../lib/engines/media';

const dir = process.argv[2] ?? '.reports/ocr-compare';
const perType = Number(process.argv[3] ?? 4);
fs.mkdirSync(dir, { recursive: true });
const index: { file: string; type: string; values: string[] }[] = [];
for (const type of DOC_TYPES) {
  for (let seed = 3000; index.filter((x) => x.type === type).length < perType && seed < 3100; seed++) {
    const s = await generate(type, seed, 'photo');
    if (s.damage.turn !== 0) continue; // orientation is not what is compared
    const page = await preparedPage(await intake(s.image.toString('base64'), 'image'));
    const file = `${type}-${seed}.png`;
    fs.writeFileSync(path.join(dir, file), await fromGrey(page).png().toBuffer());
    index.push({ file, type, values: printedValues(s.truth.fields) });
  }
}
fs.writeFileSync(path.join(dir, 'index.json'), JSON.stringify(index, null, 1));
console.log(`${index.length} images in ${dir}`);
process.exit(0);
