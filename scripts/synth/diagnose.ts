/**
 * Prints every field the document engine got wrong on generated photos:
 * `tsx scripts/synth/diagnose.ts [TYPE ...]` (SEEDS=1000..1007 by default; VARIETY=1 for other
 * issuers' wordings and positions, scripts/synth/variety.ts; ROUGH=1 for harsher photo damage; SCENE=1 for
 * the card on a surface, a share of the frame, SCENE_FILL=0.45 for that share).
 * A development aid next to `npm run bench`, which only counts.
 */
import { DOC_TYPES, flattenFields, generate, type DocType } from './index';
import { extractDocument } from '../../lib/engines/documents';

const [from, to] = (process.env.SEEDS ?? '1000..1007').split('..').map(Number) as [number, number];
const types = (process.argv.slice(2).length ? process.argv.slice(2) : DOC_TYPES) as DocType[];
for (const type of types) {
  for (let seed = from; seed <= to; seed++) {
    const s = await generate(type, seed, 'photo', { variety: process.env.VARIETY === '1', rough: process.env.ROUGH === '1', scene: process.env.SCENE === '1', sceneFill: process.env.SCENE_FILL ? Number(process.env.SCENE_FILL) : undefined });
    const t = performance.now();
    const r = await extractDocument(s.image.toString('base64'));
    const ms = Math.round(performance.now() - t);
    const got = flattenFields(r.fields);
    const wrong = Object.entries(s.truth.fields).filter(([k, v]) => got[k] !== v);
    const head = `${type} #${seed} ${ms}ms w=${s.damage.width}${r.typeRecognized !== type ? ` CLASSIFIED ${r.typeRecognized || '-'}` : ''}`;
    console.log(wrong.length ? `${head}\n${wrong.map(([k, v]) => `   ${k}: want ${JSON.stringify(v)} got ${JSON.stringify(got[k])}`).join('\n')}` : `${head} ok`);
  }
}
process.exit(0);
