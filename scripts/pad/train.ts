/**
 * Builds the PAD development set (genuine dataset photos and attacks simulated
 * from them, plus the real spoof samples), measures the signals, trains the
 * regression on half of the identities and reports APCER/BPCER on the other
 * half. Writes lib/face/pad/model.json and .reports/pad.json.
 *   npx tsx scripts/pad/train.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { closeFacePool, detectSelfie } from '../../lib/face';
import { padSignals, type PadSignals } from '../../lib/face/pad/signals';
import { attackScore, padRates, trainPad } from '../../lib/face/pad/model';
import { facesDir } from '../../lib/testing/datasets';
import { rng } from '../synth/random';
import { simulate, type Kind } from './simulate';

const DATASET = facesDir();

interface Item {
  name: string;
  identity: string;
  kind: Kind | 'real-attack' | 'real-genuine';
  signals: PadSignals;
}

async function measure(jpeg: Buffer): Promise<PadSignals | undefined> {
  const { data, info } = await sharp(jpeg).rotate().png().toBuffer({ resolveWithObject: true });
  const [face] = await detectSelfie({ png: data, width: info.width, height: info.height });
  return face && padSignals(data, info.width, info.height, face.box);
}

async function main() {
  const identities = fs.readFileSync(path.join(DATASET, 'identities.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(',') as [string, string]);
  const items: Item[] = [];
  const r = rng(2026);
  await Promise.all(
    identities.map(async ([image, identity]) => {
      const original = fs.readFileSync(path.join(DATASET, image));
      const png = await sharp(original).rotate().png().toBuffer();
      for (const kind of ['genuine', 'genuine', 'screen', 'print'] as Kind[]) {
        const s = await measure(await simulate(png, kind, r));
        if (s) items.push({ name: `${image}:${kind}`, identity, kind, signals: s });
      }
      const s = await measure(original);
      if (s) items.push({ name: image, identity, kind: 'genuine', signals: s });
    }),
  );
  for (const [file, attack] of [['image_F1.jpg', true], ['image_F2.jpg', true], ['image_T1.jpg', false]] as const) {
    const s = await measure(fs.readFileSync(path.join(DATASET, 'spoof-samples', file)));
    if (s) items.push({ name: file, identity: 'spoof-samples', kind: attack ? 'real-attack' : 'real-genuine', signals: s });
  }
  const isAttack = (i: Item) => i.kind === 'screen' || i.kind === 'print' || i.kind === 'real-attack';
  const ids = [...new Set(identities.map(([, id]) => id))].sort();
  const trainIds = new Set(ids.filter((_, i) => i % 2 === 0));
  const train = items.filter((i) => trainIds.has(i.identity) || i.identity === 'spoof-samples');
  const test = items.filter((i) => !trainIds.has(i.identity) && i.identity !== 'spoof-samples');
  const model = trainPad(train.map((i) => ({ signals: i.signals, attack: isAttack(i) })));
  const score = (list: Item[]) => list.map((i) => ({ score: attackScore(model, i.signals), attack: isAttack(i), kind: i.kind, name: i.name }));
  const heldOut = score(test);
  const byKind = (kind: Kind) => padRates(heldOut.filter((s) => s.kind === kind || s.kind === 'genuine'), model.threshold);
  const report = {
    date: new Date().toISOString().slice(0, 10),
    threshold: Number(model.threshold.toFixed(4)),
    train: padRates(score(train), model.threshold),
    heldOut: padRates(heldOut, model.threshold),
    heldOutScreen: byKind('screen'),
    heldOutPrint: byKind('print'),
    realSpoofSamples: score(items.filter((i) => i.identity === 'spoof-samples')).map((s) => ({ name: s.name, score: Number(s.score.toFixed(3)), attack: s.attack, rejected: s.score > model.threshold })),
  };
  fs.writeFileSync(path.join(process.cwd(), 'lib', 'face', 'pad', 'model.json'), JSON.stringify(model, null, 2) + '\n');
  fs.mkdirSync('.reports', { recursive: true });
  fs.writeFileSync('.reports/pad.json', JSON.stringify(report, null, 2));
  console.log(JSON.stringify(report, null, 2));
  await closeFacePool();
  process.exit(0);
}

void main();
