/**
 * Face-recognition evaluation: every photo clean and under each degradation,
 * the face found by the product's detection (`locateFaces(picture, 'selfie')`),
 * then each candidate embedder's template of that same face (same landmarks,
 * so only the embedder differs), then distances over the genuine and
 * impostor pairs. Detections and templates are cached under
 * .scratch/face-eval/ (keyed by the degraded image's hash), so a re-run
 * only computes what changed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { locateFaces, type Picture } from '../../lib/engines/face';
import { accuracyOf, euclidean, fitScale, thresholdForFmr, type Accuracy, type LabelledDistance, type SimilarityScale } from '../../lib/engines/face/calibrate';
import { degrade, type Box, type Condition } from './degrade';
import { pairsOf, type Half, type Photo } from './data';

export const CACHE = path.join(process.cwd(), '.scratch', 'face-eval');

/** What the evaluation keeps of a face: where it is (in the picture's pixels), how it was found, and the product's own template. */
interface Located {
  box: Box;
  landmarks: [number, number][];
  via: string;
  descriptor: number[];
  /** Described from a printed picture (its screen found and removed). */
  printed?: boolean;
}

/**
 * The embedder name that means "the template the product computed" (the
 * worker's EMBEDDER, at whatever scale the detection path gave it the face).
 */
export const PRODUCT = 'product';

/** Detections are cached per version of the code that makes them. */
const DETECTION_SOURCES = ['lib/engines/face/detect.ts', 'lib/engines/face/locate.ts', 'lib/engines/face/descreen.ts', 'lib/engines/face/portrait.ts', 'lib/engines/face/geometry.ts', 'lib/engines/face/pool.ts', 'workers/face.mjs'];
const detectionVersion = () =>
  hash(Buffer.concat(DETECTION_SOURCES.map((f) => path.join(process.cwd(), f)).filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f))));

type Store<T> = { file: string; data: Record<string, T>; dirty: boolean };

/** A cache file under CACHE; with `use` false, an empty store never written (everything computed afresh). */
function store<T>(name: string, use: boolean): Store<T> {
  const file = path.join(CACHE, `${name}.json`);
  return { file: use ? file : '', data: use && fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {}, dirty: false };
}

function save(s: Store<unknown>) {
  if (!s.dirty || !s.file) return;
  fs.mkdirSync(path.dirname(s.file), { recursive: true });
  fs.writeFileSync(s.file, JSON.stringify(s.data));
  s.dirty = false;
}

const hash = (b: Buffer) => crypto.createHash('sha1').update(b).digest('hex').slice(0, 16);

/**
 * Templates of given faces by named embedders, in a worker of workers/face.mjs
 * of our own (the product pool only runs the product's embedder).
 */
class Embedders {
  private worker: Worker;
  private next = 1;
  private waiting = new Map<number, { resolve: (v: { faces: { descriptors: Record<string, number[]> }[]; ms: Record<string, number> }) => void; reject: (e: Error) => void }>();
  constructor(humanModels?: string) {
    this.worker = new Worker(path.join(process.cwd(), 'workers', 'face.mjs'), { workerData: { root: process.cwd(), humanModels } });
    this.worker.on('message', (m) => {
      const w = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (m.ok) w?.resolve(m);
      else w?.reject(new Error(m.error));
    });
  }
  run(rgb: Buffer, width: number, height: number, landmarks: [number, number][], embedders: string[]) {
    const id = this.next++;
    const buffer = new Uint8Array(rgb).buffer;
    return new Promise<{ faces: { descriptors: Record<string, number[]> }[]; ms: Record<string, number> }>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, op: 'embed', rgb: buffer, width, height, faces: [{ landmarks }], embedders }, [buffer]);
    });
  }
  close() {
    return this.worker.terminate();
  }
}

/** Longest side of the picture an embedder gets (the product's selfie detector sees 640 px). */
const EMBED_MAX_SIDE = 640;

/** A photo file (or its bytes) upright, as PNG. */
export async function pictureOf(file: Buffer | string): Promise<Picture> {
  const { data, info } = await sharp(file).rotate().png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

export interface Templates {
  /** Per condition, per photo index: the templates by embedder, or undefined when no face was found. */
  byCondition: Record<string, (Record<string, number[]> | undefined)[]>;
  /** Clean photos (the references). */
  clean: (Record<string, number[]> | undefined)[];
  /** Mean milliseconds per face for each embedder (templates computed in this run only). */
  msPerFace: Record<string, number>;
  /** Faces not found, per condition. */
  noFace: Record<string, number>;
  /** Per condition, per photo index: whether the product described the face from a printed picture. */
  printed: Record<string, boolean[]>;
}

/**
 * Templates of every photo, clean and under each condition, by each embedder
 * (PRODUCT: the template the detection itself returned; the others computed
 * on the same landmarks from the picture at up to 640 px).
 * `concurrency` photos at a time (the product pool does the detection);
 * `cache: false` ignores and leaves the disk cache (the tests).
 */
export async function templates(
  list: Photo[],
  conditions: Condition[],
  embedders: string[],
  options: { log?: (s: string) => void; humanModels?: string; concurrency?: number; cache?: boolean } = {},
): Promise<Templates> {
  const cache = options.cache ?? true;
  const log = options.log ?? (() => {});
  const embedPool = new Embedders(options.humanModels);
  const spent: Record<string, { ms: number; n: number }> = {};
  const all: Condition[] = ['clean', ...conditions.filter((c) => c !== 'clean')];
  const out: Templates = { byCondition: {}, clean: [], msPerFace: {}, noFace: {}, printed: {} };
  const cleanBoxes: (Box | undefined)[] = [];
  const version = detectionVersion();
  const embedded = embedders.filter((e) => e !== PRODUCT);
  try {
    for (const condition of all) {
      const detections = store<{ hash: string; face: Located | null }>(`detect-${condition}`, cache);
      const embeds = Object.fromEntries(embedded.map((e) => [e, store<{ hash: string; d: number[] }>(`embed-${e}-${condition}`, cache)]));
      const result: (Record<string, number[]> | undefined)[] = new Array(list.length);
      const printed: boolean[] = new Array(list.length).fill(false);
      let next = 0;
      let done = 0;
      const t0 = Date.now();
      const work = async () => {
        for (let i = next++; i < list.length; i = next++) {
          const photo = list[i]!;
          const clean = await pictureOf(photo.file);
          let pic = clean;
          if (condition !== 'clean') {
            const box = cleanBoxes[i];
            if (!box) continue; // no face in the clean photo: nothing to degrade around
            const d = await degrade(clean.png, clean.width, clean.height, box, condition, photo.key);
            pic = { png: d.png, width: d.width, height: d.height };
          }
          const h = hash(Buffer.concat([pic.png, Buffer.from(version)]));
          let hit = detections.data[photo.key];
          if (!hit || hit.hash !== h) {
            const [f] = await locateFaces(pic, 'selfie');
            hit = { hash: h, face: f ? { box: f.box, landmarks: f.landmarks, via: f.via, descriptor: f.descriptor, printed: f.printed === true } : null };
            detections.data[photo.key] = hit;
            detections.dirty = true;
          }
          if (condition === 'clean') cleanBoxes[i] = hit.face?.box;
          if (!hit.face) continue;
          printed[i] = hit.face.printed === true;
          const k = Math.min(1, EMBED_MAX_SIDE / Math.max(pic.width, pic.height));
          const landmarks = hit.face.landmarks.map(([x, y]) => [x * k, y * k] as [number, number]);
          const eh = hash(Buffer.from(`${h}:${JSON.stringify(landmarks)}`));
          const missing = embedded.filter((e) => embeds[e]!.data[photo.key]?.hash !== eh);
          if (missing.length) {
            const img = sharp(pic.png);
            if (k < 1) img.resize(Math.round(pic.width * k));
            const { data, info } = await img.removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
            const r = await embedPool.run(data, info.width, info.height, landmarks, missing);
            for (const e of missing) {
              embeds[e]!.data[photo.key] = { hash: eh, d: r.faces[0]!.descriptors[e]! };
              embeds[e]!.dirty = true;
              spent[e] ??= { ms: 0, n: 0 };
              spent[e].ms += r.ms[e] ?? 0;
              spent[e].n++;
            }
          }
          result[i] = Object.fromEntries([...embedded.map((e) => [e, embeds[e]!.data[photo.key]!.d]), [PRODUCT, hit.face.descriptor]]);
          if (++done % 50 === 0) {
            log(`    ${condition}: ${done}/${list.length} (${Math.round((Date.now() - t0) / 1000)} s)`);
            save(detections);
            Object.values(embeds).forEach(save);
          }
        }
      };
      await Promise.all(Array.from({ length: options.concurrency ?? Math.max(1, os.availableParallelism()) }, work));
      save(detections);
      Object.values(embeds).forEach(save);
      out.byCondition[condition] = result;
      out.printed[condition] = printed;
      out.noFace[condition] = list.length - result.filter(Boolean).length;
      if (condition === 'clean') out.clean = result;
      log(`  ${condition}: ${list.length - out.noFace[condition]!}/${list.length} faces (${Math.round((Date.now() - t0) / 1000)} s)`);
    }
  } finally {
    await embedPool.close();
  }
  out.msPerFace = Object.fromEntries(Object.entries(spent).map(([e, s]) => [e, Math.round((s.ms / s.n) * 10) / 10]));
  return out;
}

export interface ScoredPair extends LabelledDistance {
  half: Half | 'mixed';
  condition: Condition;
  /** The two photos (indices into the list): the clean reference and the probe. */
  a: number;
  b: number;
}

/**
 * Distances of every pair of each condition for one embedder. A pair where
 * either face was not found gets an infinite distance: a genuine one is a
 * non-match, an impostor one no match.
 */
export function distances(list: Photo[], t: Templates, embedder: string, conditions: Condition[]): ScoredPair[] {
  const out: ScoredPair[] = [];
  for (const condition of conditions) {
    const probes = t.byCondition[condition]!;
    for (const p of pairsOf(list, condition)) {
      const a = t.clean[p.a]?.[embedder];
      const b = probes[p.b]?.[embedder];
      out.push({ distance: a && b ? euclidean(a, b) : Infinity, same: p.same, half: p.half, condition, a: p.a, b: p.b });
    }
  }
  return out;
}

export interface RepeatedHalves {
  /** Random halves drawn (by identity). */
  draws: number;
  /** FMR on the other half at the threshold one half sets for FMR 0.1 %: median, mean, 90th percentile. */
  fmr: { median: number; mean: number; p90: number };
  /** FNMR on the other half at that threshold: mean. */
  fnmrMean: number;
}

/**
 * Does a threshold set on some people hold on others? The one seeded split
 * can be lucky or not (a few look-alike pairs decide FMR at 0.1 %), so the
 * identities are split at random many times: each time one half sets the
 * threshold for FMR 0.1 % and the other half is measured at it.
 */
export function repeatedHalves(list: Photo[], t: Templates, embedder: string, conditions: Condition[], draws = 200): RepeatedHalves {
  const ids = [...new Set(list.map((p) => p.identity))];
  const idOf = new Map(ids.map((id, i) => [id, i]));
  const rows = distances(list, t, embedder, conditions).map((p) => ({ d: p.distance, same: p.same, a: idOf.get(list[p.a]!.identity)!, b: idOf.get(list[p.b]!.identity)! }));
  let seed = 20261201;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const fmrs: number[] = [];
  const fnmrs: number[] = [];
  for (let k = 0; k < draws; k++) {
    const inA = ids.map(() => random() < 0.5);
    const side = (r: (typeof rows)[number]) => (inA[r.a] === inA[r.b] ? (inA[r.a] ? 'A' : 'B') : undefined);
    const A = rows.filter((r) => side(r) === 'A').map((r) => ({ distance: r.d, same: r.same }));
    const B = rows.filter((r) => side(r) === 'B');
    const threshold = thresholdForFmr(A, 0.001).threshold;
    const impostor = B.filter((r) => !r.same);
    const genuine = B.filter((r) => r.same);
    fmrs.push(impostor.filter((r) => r.d < threshold).length / Math.max(1, impostor.length));
    fnmrs.push(genuine.filter((r) => !(r.d < threshold)).length / Math.max(1, genuine.length));
  }
  const sorted = [...fmrs].sort((x, y) => x - y);
  const mean = (v: number[]) => v.reduce((x, y) => x + y, 0) / Math.max(1, v.length);
  const r5 = (v: number) => Math.round(v * 1e5) / 1e5;
  return { draws, fmr: { median: r5(sorted[Math.floor((sorted.length - 1) / 2)] ?? 0), mean: r5(mean(fmrs)), p90: r5(sorted[Math.floor(0.9 * (sorted.length - 1))] ?? 0) }, fnmrMean: r5(mean(fnmrs)) };
}

export type Split = 'tune' | 'heldout' | 'all';

/** Pairs of a split: both identities in the half (impostor pairs across the halves count only in `all`). */
export const inSplit = (pairs: ScoredPair[], split: Split) => (split === 'all' ? pairs : pairs.filter((p) => p.half === split));

export interface ConditionRow extends Accuracy {
  condition: Condition | 'pooled';
}

/** Per condition (and pooled) accuracy of a split at a threshold. */
export function table(pairs: ScoredPair[], conditions: Condition[], threshold: number): ConditionRow[] {
  return [...conditions.map((c) => ({ condition: c, ...accuracyOf(pairs.filter((p) => p.condition === c), threshold) })), { condition: 'pooled' as const, ...accuracyOf(pairs, threshold) }];
}

export interface Calibrated {
  embedder: string;
  /**
   * The product's threshold: distance at FMR <= 0.1 % over the impostor pairs of every identity, every
   * condition pooled (all the identities we have: one half alone set it too loose for the other).
   */
  threshold: number;
  /** The split-half check: the threshold the tuning half alone gives, which the held-out half then measures. */
  splitThreshold: number;
  scale: SimilarityScale;
  /** Per condition and pooled. tune and heldout at the split threshold (how a threshold set on some people holds on others); all at the product threshold. */
  tune: ConditionRow[];
  heldout: ConditionRow[];
  all: ConditionRow[];
}

/**
 * A threshold at FMR <= 0.1 % over pairs of every identity (or the one given), the tuning half's own, the scale, and
 * the threshold the halves are measured at: the one given (the bench: the shipped one), else the split-half check's.
 */
function setAtFmr(pairs: ScoredPair[], threshold?: number) {
  const tune = inSplit(pairs, 'tune');
  const split = thresholdForFmr(tune, 0.001).threshold;
  const at = threshold ?? thresholdForFmr(pairs, 0.001).threshold;
  const set = { threshold: Number(at.toFixed(4)), splitThreshold: Number(split.toFixed(4)), scale: fitScale(pairs, at) };
  return { set, at, tune, heldout: inSplit(pairs, 'heldout'), halvesAt: threshold ?? split };
}

/** The threshold and similarity scale of one embedder, and its accuracy on every split. */
export function calibrateOn(list: Photo[], t: Templates, embedder: string, conditions: Condition[], threshold?: number): Calibrated {
  const pairs = distances(list, t, embedder, conditions);
  const { set, at, tune, heldout, halvesAt } = setAtFmr(pairs, threshold);
  return {
    embedder,
    ...set,
    tune: table(tune, conditions, halvesAt),
    heldout: table(heldout, conditions, halvesAt),
    all: table(pairs, conditions, at),
  };
}

/** How many sides of a pair the product described from a printed picture: the threshold is calibrated per count. */
export type PrintedSides = 0 | 1 | 2;

/**
 * Pairs by how many of their sides are printed portraits. One: each condition's pairs whose probe (or clean
 * reference) was described from a print (in this set, the `document` condition). Two: the printed copies of two
 * photos against each other (every unordered pair of the `document` condition's probes): two document portraits,
 * as a face index of portraits compares them.
 */
export function printedPairs(list: Photo[], t: Templates, embedder: string, conditions: Condition[]): Record<1 | 2, ScoredPair[]> {
  const one = distances(list, t, embedder, conditions).filter((p) => Number(t.printed.clean?.[p.a] === true) + Number(t.printed[p.condition]?.[p.b] === true) === 1);
  const two: ScoredPair[] = [];
  const prints = t.byCondition.document ?? [];
  for (const p of pairsOf(list, 'clean')) {
    if (!t.printed.document?.[p.a] || !t.printed.document?.[p.b]) continue;
    const a = prints[p.a]?.[embedder];
    const b = prints[p.b]?.[embedder];
    two.push({ distance: a && b ? euclidean(a, b) : Infinity, same: p.same, half: p.half, condition: 'document', a: p.a, b: p.b });
  }
  return { 1: one, 2: two };
}

export interface PrintedCalibration {
  sides: 1 | 2;
  /** Distance at FMR <= 0.1 % over these pairs of every identity; the similarity scale maps it to 50. */
  threshold: number;
  splitThreshold: number;
  scale: SimilarityScale;
  /** tune and heldout at the split threshold, all at the threshold; each also at the default threshold (`atDefault`). */
  tune: Accuracy;
  heldout: Accuracy;
  all: Accuracy;
  atDefault: { tune: Accuracy; heldout: Accuracy; all: Accuracy };
}

/** The threshold and scale of pairs with one or two printed sides, measured as the default one is (split-half check included). */
export function calibratePrinted(pairs: ScoredPair[], sides: 1 | 2, defaultThreshold: number, threshold?: number): PrintedCalibration {
  const { set, at, tune, heldout, halvesAt } = setAtFmr(pairs, threshold);
  return {
    sides,
    ...set,
    tune: accuracyOf(tune, halvesAt),
    heldout: accuracyOf(heldout, halvesAt),
    all: accuracyOf(pairs, at),
    atDefault: { tune: accuracyOf(tune, defaultThreshold), heldout: accuracyOf(heldout, defaultThreshold), all: accuracyOf(pairs, defaultThreshold) },
  };
}
