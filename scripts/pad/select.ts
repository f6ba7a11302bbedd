/**
 * Learner selection on the captures cached so far, never on the evaluation
 * simulator: for each candidate (feature set × tree depth × rounds), the
 * cross-validated figures on the training identities (4 folds by identity)
 * and the held-out identities through the training simulator.
 *   npx tsx scripts/pad/select.ts
 */
import path from 'node:path';
import { closeFacePool } from '../../lib/engines/face';
import { MODEL_EXCLUDED, type TrainOptions } from '../../lib/engines/face/pad/model';
import { featureValues, SIGNAL_NAMES } from '../../lib/engines/face/pad/signals';
import { facesDir } from '../../lib/testing/datasets';
import { measureJobs, measureReal, plan, heldoutPlan } from './dataset';
import { auc, figures, judged, trainWithHonestThreshold } from './evaluate';
import { sources } from './sources';

async function main() {
  const all = await sources();
  const train = all.filter((s) => s.split === 'train');
  const heldout = all.filter((s) => s.split === 'heldout');
  const opts = { cache: true, onlyCached: true };
  const rows = [
    ...(await measureJobs('train', plan(train, 2, 1, 1), opts)),
    ...(await measureJobs('variants', plan(train, 0, 1, 1), opts)),
    ...(await measureJobs('genuine', plan(train, 1, 0, 1), opts)),
    ...(await measureReal(path.join(facesDir(), 'spoof-samples'))),
  ].filter(judged);
  const held = await measureJobs('train', heldoutPlan('train', heldout), opts);
  const samples = rows.map((m) => ({ signals: m.signals!, attack: m.attack, weight: m.sim === 'real' ? 15 : 1, identity: m.identity }));
  const names = Object.keys(featureValues(samples[0]!.signals)).filter((k) => !MODEL_EXCLUDED.includes(k));
  const sets: Record<string, string[]> = {
    signals: names.filter((k) => (SIGNAL_NAMES as string[]).includes(k)),
    texture: names.filter((k) => !(SIGNAL_NAMES as string[]).includes(k)),
    all: names,
  };
  console.log(`training ${samples.length} (${samples.filter((s) => s.attack).length} attacks), held-out ${held.filter(judged).length}`);
  const candidates: [string, TrainOptions][] = [];
  for (const set of (process.env.SETS ?? 'signals,all').split(',')) for (const depth of (process.env.DEPTHS ?? '1,2,3').split(',').map(Number)) candidates.push([`${set} depth ${depth}`, { signals: sets[set], depth, rounds: depth === 1 ? 300 : 200, colsample: set === 'signals' ? 1 : 0.5 }]);
  for (const [name, o] of candidates) {
    const model = trainWithHonestThreshold(samples, o);
    const f = figures(model, held);
    console.log(`${name.padEnd(20)} CV AUC ${model.oof.auc} APCER ${(model.oof.apcer * 100).toFixed(1)} % | held-out AUC ${auc(model, held)} APCER ${(f.apcer * 100).toFixed(1)} % BPCER ${(f.bpcer * 100).toFixed(1)} %`);
  }
  await closeFacePool();
  process.exit(0);
}

void main();
