/** `npx tsx scripts/synth/preview.ts OUT_DIR [count]`: writes samples and their truth for a look. */
import fs from 'node:fs';
import path from 'node:path';
import { DOC_TYPES, generate } from '.';

const [out = 'synth-preview', count = '2'] = process.argv.slice(2);
fs.mkdirSync(out, { recursive: true });
for (const type of DOC_TYPES) {
  for (let seed = 1; seed <= Number(count); seed++) {
    const s = await generate(type, seed, seed === 1 ? 'clean' : 'photo', { variety: process.env.VARIETY === '1', rough: process.env.ROUGH === '1', scene: process.env.SCENE === '1' });
    fs.writeFileSync(path.join(out, `${type}-${seed}.jpg`), s.image);
    fs.writeFileSync(path.join(out, `${type}-${seed}.json`), JSON.stringify({ truth: s.truth, damage: s.damage }, null, 2));
  }
}
console.log(`wrote ${DOC_TYPES.length * Number(count)} samples to ${out}`);
