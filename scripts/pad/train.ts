/**
 * Trains the passive PAD model on captures simulated from the training
 * identities: the training simulator (scripts/pad/simulate.ts, PAD_TRAIN_PER
 * genuine and attack captures per photo, default 4,3), its attack variants
 * (simulate-variants.ts: error-diffusion and inkjet prints, defocused screens,
 * slow moiré; PAD_TRAIN_VARIANTS per photo, default 3) and hazy-camera genuine captures
 * (simulate-genuine.ts, PAD_TRAIN_GENUINE per photo, default 1: the shipped model), patterned clothes and walls
 * (simulate-patterned.ts, PAD_TRAIN_PATTERNED genuine and replay captures per photo, default 1), plus the real spoof samples. The
 * threshold is set for BPCER <= 3 % (TARGET_BPCER) on out-of-fold scores of the training
 * genuine captures (4 folds by identity). Then reports, never tuning on them,
 * the held-out identities through the training simulator and the independent
 * evaluation simulator (scripts/pad/simulate-eval.ts), the source photos
 * themselves unsimulated (real-photos.ts), and each condition's
 * error rate out of fold (about 90 captures each, against the held-out 9). Writes
 * lib/engines/face/pad/model.json and .reports/pad.json; measurements are cached in
 * .scratch/pad/ (scripts/pad/warm.ts fills them ahead).
 *   npx tsx scripts/pad/train.ts
 * Selection runs (PAD_DRY=1: nothing written, the evaluation simulator not
 * even measured, so it cannot steer choices): PAD_ONLY_CACHED=1 uses the
 * captures cached so far; PAD_DEPTH, PAD_ROUNDS, PAD_RATE, PAD_COLSAMPLE set
 * the learner; PAD_FEATURES=signals|texture|all the feature set; PAD_EXCLUDE=a,b leaves
 * named features out (to weigh what new ones add).
 */
import fs from 'node:fs';
import path from 'node:path';
import { closeFacePool } from '../../lib/engines/face';
import { attackScore, MODEL_EXCLUDED, type TrainOptions } from '../../lib/engines/face/pad/model';
import { featureValues, SIGNAL_NAMES, type PadSignals } from '../../lib/engines/face/pad/signals';
import { facesDir } from '../../lib/testing/datasets';
import { measureJobs, measureReal, plan, heldoutPlan } from './dataset';
import { auc, figures, judged, table, trainWithHonestThreshold } from './evaluate';
import { measureRealPhotos, photoFigures } from './real-photos';
import { sources } from './sources';

const [perGenuine, perAttack] = (process.env.PAD_TRAIN_PER ?? '4,3').split(',').map(Number) as [number, number];
const perVariant = Number(process.env.PAD_TRAIN_VARIANTS ?? 3);
const perHazy = Number(process.env.PAD_TRAIN_GENUINE ?? 1);
/** Patterned captures per training photo (simulate-patterned.ts: one genuine and one replay each; 0 leaves them out). */
const perPatterned = Number(process.env.PAD_TRAIN_PATTERNED ?? 1);
const [evalGenuine, evalAttack] = (process.env.PAD_EVAL_PER ?? '1,1').split(',').map(Number) as [number, number];
const dry = process.env.PAD_DRY === '1';
const onlyCached = process.env.PAD_ONLY_CACHED === '1';
const num = (k: string) => (process.env[k] ? Number(process.env[k]) : undefined);
/** Out-of-fold BPCER the threshold is set for: under the issue's 5 %, because new people's genuine captures are rejected a point or two more often than the out-of-fold ones (held-out 5.3 / 5.4 % at an out-of-fold 5 %); PAD_BPCER overrides it. */
const TARGET_BPCER = 0.03;
/** The shipped model's learner (session 59: depth 3 and 300 rounds against depth 2 and 200; out-of-fold AUC 0.982 → 0.985 on the set with the patterned captures, and it kept the liveness test's held-out genuine captures that depth 2 lost). */
const SHIPPED_DEPTH = 3;
const SHIPPED_ROUNDS = 300;

/** The learner's settings and feature set from the environment (defaults: those of the shipped model). */
function trainOptions(example: PadSignals): TrainOptions {
  const dropped = (process.env.PAD_EXCLUDE ?? '').split(',').filter(Boolean);
  const names = Object.keys(featureValues(example)).filter((k) => !MODEL_EXCLUDED.includes(k) && !dropped.includes(k));
  const set = process.env.PAD_FEATURES ?? 'all';
  const signals = set === 'signals' ? names.filter((k) => (SIGNAL_NAMES as string[]).includes(k)) : set === 'texture' ? names.filter((k) => !(SIGNAL_NAMES as string[]).includes(k)) : names;
  return { signals, depth: num('PAD_DEPTH') ?? SHIPPED_DEPTH, rounds: num('PAD_ROUNDS') ?? SHIPPED_ROUNDS, rate: num('PAD_RATE'), colsample: num('PAD_COLSAMPLE'), targetBpcer: num('PAD_BPCER') ?? TARGET_BPCER };
}

async function main() {
  const all = await sources();
  const train = all.filter((s) => s.split === 'train');
  const heldout = all.filter((s) => s.split === 'heldout');
  const log = (s: string) => console.log(s);
  const trainRows = [
    ...(await measureJobs('train', plan(train, perGenuine, perAttack, 1), { cache: true, log, onlyCached })),
    ...(await measureJobs('variants', plan(train, 0, perVariant, 1), { cache: true, log, onlyCached })),
    ...(await measureJobs('genuine', plan(train, perHazy, 0, 1), { cache: true, log, onlyCached })),
    ...(await measureJobs('patterned', plan(train, perPatterned, perPatterned, 1), { cache: true, log, onlyCached })),
  ];
  const real = await measureReal(path.join(facesDir(), 'spoof-samples'));
  const usable = [...trainRows, ...real].filter(judged);
  // The three real captures are the only ones not simulated: each counts as 15 simulated ones (about 1.7 % of the
  // weight each; at 8, the share they had in the first 358-capture set, the F1 replay scored under the threshold).
  const realWeight = Number(process.env.PAD_REAL_WEIGHT ?? 15);
  const model = trainWithHonestThreshold(
    usable.map((m) => ({ signals: m.signals!, attack: m.attack, weight: m.sim === 'real' ? realWeight : 1, identity: m.identity, condition: m.condition })),
    trainOptions(usable[0]!.signals!),
  );
  const heldTrain = await measureJobs('train', heldoutPlan('train', heldout, evalGenuine, evalAttack), { cache: true, log, onlyCached });
  const heldPatterned = await measureJobs('patterned', heldoutPlan('patterned', heldout), { cache: true, log, onlyCached });
  // The source photos themselves, unsimulated (never trained on in this form): genuine people in their own clothes and places.
  const photos = photoFigures(model, await measureRealPhotos(all, log));
  const photoLines = photos.map((p) => `  photos ${p.split.padEnd(8)} ${p.size.padEnd(8)} BPCER ${(p.bpcer * 100).toFixed(1).padStart(5)} % of ${p.judged} judged (${p.n}; retake ${p.gated}, no face ${p.noFace}) ${p.refused.join(' ')}`);
  if (dry) {
    console.log(table('held-out identities, train simulator', figures(model, heldTrain)));
    console.log(table('held-out identities, patterned clothes and walls', figures(model, heldPatterned)));
    console.log(photoLines.join('\n'));
    console.log('cross-validated on the training identities', JSON.stringify({ ...model.oof, conditions: undefined }));
    for (const c of model.oof.conditions) console.log(`  ${c.condition.padEnd(15)} ${(c.errorRate * 100).toFixed(1).padStart(5)} % of ${c.n} (out of fold)`);
    console.log('AUC', auc(model, heldTrain), 'threshold', model.threshold.toFixed(3), 'training captures', usable.length, 'real', real.map((m) => (m.signals ? attackScore(model, m.signals).toFixed(3) : null)).join(' '));
    await closeFacePool();
    process.exit(0);
  }
  const heldEval = await measureJobs('eval', heldoutPlan('eval', heldout, evalGenuine, evalAttack), { cache: true, log, onlyCached });
  const report = {
    date: new Date().toISOString().slice(0, 10),
    threshold: Number(model.threshold.toFixed(4)),
    identities: { train: new Set(train.map((s) => s.identity)).size, heldout: new Set(heldout.map((s) => s.identity)).size },
    train: figures(model, trainRows),
    heldoutTrainSimulator: figures(model, heldTrain),
    heldoutEvalSimulator: figures(model, heldEval),
    heldoutPatterned: figures(model, heldPatterned),
    auc: { heldoutTrainSimulator: auc(model, heldTrain), heldoutEvalSimulator: auc(model, heldEval) },
    samples: { simulate: trainRows.filter((m) => m.sim === 'train').length, variants: trainRows.filter((m) => m.sim === 'variants').length, genuine: trainRows.filter((m) => m.sim === 'genuine').length, patterned: trainRows.filter((m) => m.sim === 'patterned').length, judged: usable.length },
    real: real.map((m) => ({ image: m.image, attack: m.attack, found: m.found, issues: m.issues, score: m.signals ? Number(attackScore(model, m.signals).toFixed(3)) : null, rejected: m.signals ? attackScore(model, m.signals) > model.threshold : null })),
    trees: model.trees.length,
    crossValidated: model.oof,
    photos,
  };
  const { oof, ...shipped } = model;
  fs.writeFileSync(path.join(process.cwd(), 'lib', 'engines', 'face', 'pad', 'model.json'), JSON.stringify(shipped) + '\n');
  fs.mkdirSync('.reports', { recursive: true });
  fs.writeFileSync('.reports/pad.json', JSON.stringify(report, null, 2));
  console.log(table('training (train identities, train simulator)', report.train));
  console.log(table('held-out identities, train simulator', report.heldoutTrainSimulator));
  console.log(table('held-out identities, EVAL simulator', report.heldoutEvalSimulator));
  console.log(table('held-out identities, patterned clothes and walls', report.heldoutPatterned));
  console.log(photoLines.join('\n'));
  console.log(JSON.stringify(report.real), 'threshold', report.threshold, 'AUC', JSON.stringify(report.auc), JSON.stringify(report.samples));
  await closeFacePool();
  process.exit(0);
}

void main();
