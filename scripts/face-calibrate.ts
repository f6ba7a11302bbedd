/**
 * Calibrates face matching on ../shared/datasets/faces: descriptor distances
 * for pairs.csv and for every pair of photos in identities.csv, ROC AUC, the
 * threshold at FMR <= 0.1 % and the similarity scale. Writes
 * lib/face/calibration.json. Usage: npx tsx scripts/face-calibrate.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { detectSelfie, closeFacePool } from '../lib/face';
import { facesDir } from '../lib/testing/datasets';
import { euclidean, fitScale, rocAuc, ratesAt, thresholdForFmr, type LabelledDistance } from '../lib/face/calibrate';

export const DATASET = facesDir();

const csv = (file: string) =>
  fs
    .readFileSync(path.join(DATASET, file), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','));

/** The largest face's descriptor of each photo. */
export async function describeAll(files: string[]): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  await Promise.all(
    files.map(async (f) => {
      const { data, info } = await sharp(path.join(DATASET, f)).rotate().png().toBuffer({ resolveWithObject: true });
      const faces = await detectSelfie({ png: data, width: info.width, height: info.height });
      if (faces[0]) out.set(f, faces[0].descriptor);
    }),
  );
  return out;
}

async function main() {
  const identities = csv('identities.csv').map(([image, identity]) => ({ image: image!, identity: identity! }));
  const pairsCsv = csv('pairs.csv').map(([a, b, same]) => ({ a: a!, b: b!, same: same === 'true' }));
  const files = [...new Set([...identities.map((i) => i.image), ...pairsCsv.flatMap((p) => [p.a, p.b])])];
  const t = performance.now();
  const d = await describeAll(files);
  const msPerImage = (performance.now() - t) / files.length;
  const missing = files.filter((f) => !d.has(f));
  const all: LabelledDistance[] = [];
  for (let i = 0; i < identities.length; i++) {
    for (let j = i + 1; j < identities.length; j++) {
      const a = d.get(identities[i]!.image);
      const b = d.get(identities[j]!.image);
      if (a && b) all.push({ distance: euclidean(a, b), same: identities[i]!.identity === identities[j]!.identity });
    }
  }
  const listed = pairsCsv.filter((p) => d.has(p.a) && d.has(p.b)).map((p) => ({ distance: euclidean(d.get(p.a)!, d.get(p.b)!), same: p.same }));
  const at = thresholdForFmr(all, 0.001);
  const scale = fitScale(all, at.threshold);
  const calibration = {
    descriptor: 'face-api dlib ResNet-34, 128-d, euclidean distance',
    date: new Date().toISOString().slice(0, 10),
    threshold: Number(at.threshold.toFixed(4)),
    scale: { midpoint: Number(scale.midpoint.toFixed(4)), spread: Number(scale.spread.toFixed(4)) },
    allPairs: { genuine: all.filter((p) => p.same).length, impostor: all.filter((p) => !p.same).length, auc: Number(rocAuc(all).toFixed(4)), ...rounded(ratesAt(all, at.threshold)) },
    pairsCsv: { pairs: listed.length, auc: Number(rocAuc(listed).toFixed(4)), ...rounded(ratesAt(listed, at.threshold)), at06: rounded(ratesAt(listed, 0.6)) },
    photos: files.length,
    noFace: missing,
    msPerImage: Math.round(msPerImage),
  };
  fs.writeFileSync(path.join(process.cwd(), 'lib', 'face', 'calibration.json'), JSON.stringify(calibration, null, 2) + '\n');
  console.log(JSON.stringify(calibration, null, 2));
  await closeFacePool();
  process.exit(0);
}

function rounded(r: { threshold: number; fmr: number; fnmr: number }) {
  return { threshold: Number(r.threshold.toFixed(4)), fmr: Number(r.fmr.toFixed(4)), fnmr: Number(r.fnmr.toFixed(4)) };
}

if (process.argv[1]?.endsWith('face-calibrate.ts')) void main();
