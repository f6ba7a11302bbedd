/**
 * PAD sets: which captures to simulate (source × condition, balanced), and
 * their measurement through the service's own path (locateFaces, the quality
 * gate's measures, padSignals). Measurements are cached in .scratch/pad/ by
 * capture and by the hash of the signal code, so retraining is cheap.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { locateFaces, type Face } from '../../lib/engines/face';
import { qualityIssues, type QualityIssueCode } from '../../lib/engines/face/liveness';
import { padSignals, type PadSignals } from '../../lib/engines/face/pad/signals';
import { rng } from '../synth/random';
import { ATTACK_CONDITIONS, GENUINE_CONDITIONS, isAttack, type Condition, type Shot } from './conditions';
import { simulate } from './simulate';
import { simulateEval } from './simulate-eval';
import { simulateGenuine } from './simulate-genuine';
import { simulatePatterned } from './simulate-patterned';
import { simulateVariants } from './simulate-variants';
import { SCRATCH, sourcePng, type Source } from './sources';

/** `train`, `variants` (attack variants only), `genuine` (hazy cameras, genuine only) and `patterned` (patterned clothes and walls, both) are trained on; `eval` never is. */
export type Simulator = 'train' | 'variants' | 'genuine' | 'patterned' | 'eval';
export const SIMULATORS: Record<Simulator, (shot: Shot, c: Condition, r: ReturnType<typeof rng>) => Promise<Buffer>> = { train: simulate, variants: simulateVariants, genuine: simulateGenuine, patterned: simulatePatterned, eval: simulateEval };

export interface Job {
  source: Source;
  condition: Condition;
  seed: number;
}

export interface Measured {
  key: string;
  sim: Simulator | 'real';
  condition: Condition | 'real_attack' | 'real_genuine';
  image: string;
  identity: string;
  attack: boolean;
  /** No face found: the service answers no_face_detected. */
  found: boolean;
  /** Quality gate issues: the service answers image_quality_insufficient. */
  issues: QualityIssueCode[];
  quality?: { sizePx: number; sharpness: number; brightness: number; clipped: number };
  box?: [number, number, number, number];
  signals?: PadSignals;
}

const hash = (s: string) => crypto.createHash('sha1').update(s).digest('hex').slice(0, 10);

/**
 * Every source of the split in turn takes the next `genuine` genuine and
 * `attacks` attack conditions (so each condition gets a similar number of
 * captures from different people).
 */
export function plan(list: Source[], genuine: number, attacks: number, salt: number): Job[] {
  const jobs: Job[] = [];
  list.forEach((source, i) => {
    // The k-th capture of a source steps through the conditions from where the first one is (the first is the same for any count: cached captures stay valid).
    for (let k = 0; k < genuine; k++) jobs.push({ source, condition: GENUINE_CONDITIONS[(i + k * 3) % GENUINE_CONDITIONS.length]!, seed: salt * 100_003 + i * 31 + k });
    for (let k = 0; k < attacks; k++) jobs.push({ source, condition: ATTACK_CONDITIONS[(i + k * 2) % ATTACK_CONDITIONS.length]!, seed: salt * 100_003 + i * 31 + 17 + k });
  });
  return jobs;
}

/** The held-out captures each evaluated simulator makes of the held-out sources: one salt per simulator, shared by warm, train, select and the bench so they all read the same cached captures. */
const HELDOUT_SALT = { train: 2, eval: 3, patterned: 4 } as const;
export const heldoutPlan = (sim: keyof typeof HELDOUT_SALT, heldout: Source[], genuine = 1, attacks = 1): Job[] => plan(heldout, genuine, attacks, HELDOUT_SALT[sim]);

/** What the service sees in one capture: the face, the gate's measures and the signals (`known`: the face found earlier). */
export async function measureCapture(bytes: Buffer, known?: { box: Face['box']; quality: Face['quality'] } | null): Promise<Pick<Measured, 'found' | 'issues' | 'quality' | 'signals' | 'box'>> {
  const { data, info } = await sharp(bytes).rotate().png().toBuffer({ resolveWithObject: true });
  const pic = { png: data, width: info.width, height: info.height };
  const face = known === undefined ? (await locateFaces(pic, 'selfie', { templates: false }))[0] : known;
  if (!face) return { found: false, issues: [] };
  const signals = await padSignals(pic.png, pic.width, pic.height, face.box);
  const { sizePx, sharpness, brightness, clipped } = face.quality;
  return { found: true, issues: qualityIssues(face.quality), quality: { sizePx, sharpness, brightness, clipped }, signals, box: face.box };
}

/** A short hash of the given source files (cache keys follow the code that made the cached thing). */
export const fileHash = (...files: string[]) => hash(files.map((f) => fs.readFileSync(path.join(process.cwd(), f), 'utf8')).join('\n'));
const SIM_FILES: Record<Simulator, string[]> = {
  train: ['scripts/pad/simulate.ts', 'scripts/pad/bayer.ts', 'scripts/pad/surround.ts'],
  variants: ['scripts/pad/simulate-variants.ts', 'scripts/pad/surround.ts'],
  genuine: ['scripts/pad/simulate-genuine.ts'],
  patterned: ['scripts/pad/simulate-patterned.ts', 'scripts/pad/simulate.ts', 'scripts/pad/bayer.ts', 'scripts/pad/surround.ts'],
  eval: ['scripts/pad/simulate-eval.ts'],
};

/**
 * Simulates and measures the jobs (two at a time). With `cache`, the captures
 * are kept in .scratch/pad/img (by simulator code), the faces found in them in
 * faces-*.jsonl (by simulator and detector code), and the measures by signal code: changing the signals only
 * measures them again.
 */
export async function measureJobs(sim: Simulator, jobs: Job[], opts: { cache: boolean; log?: (s: string) => void; concurrency?: number; /** Skip the captures not simulated and located yet (quick experiments). */ onlyCached?: boolean }): Promise<Measured[]> {
  const simHash = fileHash(...SIM_FILES[sim]);
  const detectHash = fileHash('lib/engines/face/detect.ts', 'lib/engines/face/locate.ts', 'lib/engines/face/descreen.ts');
  const file = path.join(SCRATCH, `measured-${sim}-${simHash}-${detectHash}-${fileHash('lib/engines/face/pad/signals.ts', 'lib/engines/face/pad/texture.ts')}.jsonl`);
  const facesFile = path.join(SCRATCH, `faces-${sim}-${simHash}-${detectHash}.jsonl`);
  const imgDir = path.join(SCRATCH, 'img', `${sim}-${simHash}`);
  const known = new Map<string, Measured>();
  const faces = new Map<string, { box: Face['box']; quality: Face['quality'] } | null>();
  const lines = (f: string) => (opts.cache && fs.existsSync(f) ? fs.readFileSync(f, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)) : []);
  for (const m of lines(file)) known.set(m.key, m);
  for (const f of lines(facesFile)) faces.set(f.key, f.face);
  if (opts.cache) fs.mkdirSync(imgDir, { recursive: true });
  const out: Measured[] = new Array(jobs.length);
  let next = 0;
  let done = 0;
  const pngs = new Map<string, Promise<Buffer>>();
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      const job = jobs[i]!;
      const key = `${sim}:${job.condition}:${job.source.image}:${job.seed}`;
      const hit = known.get(key);
      if (hit) {
        // The gate is applied afresh: its limits may have changed since.
        out[i] = { ...hit, issues: hit.quality ? qualityIssues(hit.quality) : [] };
        continue;
      }
      const imgFile = path.join(imgDir, `${hash(key)}.jpg`);
      if (opts.onlyCached && !faces.has(key)) continue;
      let bytes: Buffer;
      if (opts.cache && fs.existsSync(imgFile)) bytes = fs.readFileSync(imgFile);
      else {
        if (!pngs.has(job.source.image)) pngs.set(job.source.image, sourcePng(job.source));
        const shot: Shot = { png: await pngs.get(job.source.image)!, width: job.source.width, height: job.source.height, box: job.source.box };
        bytes = await SIMULATORS[sim](shot, job.condition, rng(job.seed));
        if (opts.cache) fs.writeFileSync(imgFile, bytes);
      }
      const measured = await measureCapture(bytes, faces.get(key));
      if (opts.cache && !faces.has(key)) fs.appendFileSync(facesFile, JSON.stringify({ key, face: measured.found ? { box: measured.box, quality: measured.quality } : null }) + '\n');
      const m: Measured = { key, sim, condition: job.condition, image: job.source.image, identity: job.source.identity, attack: isAttack(job.condition), ...measured };
      out[i] = m;
      if (opts.cache) fs.appendFileSync(file, JSON.stringify(m) + '\n');
      if (++done % 50 === 0) opts.log?.(`  ${sim}: ${done} measured (${i + 1}/${jobs.length})`);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 2 }, worker));
  return out.filter(Boolean);
}

/** The real spoof samples (two attacks, one genuine capture), measured the same way. */
export async function measureReal(dir: string): Promise<Measured[]> {
  const rows: Measured[] = [];
  for (const [file, attack] of [['image_F1.jpg', true], ['image_F2.jpg', true], ['image_T1.jpg', false]] as const) {
    const m = await measureCapture(fs.readFileSync(path.join(dir, file)));
    rows.push({ key: `real:${file}`, sim: 'real', condition: attack ? 'real_attack' : 'real_genuine', image: file, identity: 'spoof-samples', attack, ...m });
  }
  return rows;
}
