/**
 * Per-stage latency at three picture sizes, one call at a time, each stage
 * through the library function production calls (OCR and face models
 * through their worker-thread pools): document decode, preparation, page
 * OCR, classification, the whole engine, forensics and the fraud rules;
 * face decode, detection, descriptor and liveness. Part of `npm run bench`.
 */
import { classify, fold, pgm, preparedPage, readDocument, readMrz, readPage, type Grey } from '../lib/engines/documents';
import { facePool, locateFaces, judgeLiveness, pictureFrom } from '../lib/engines/face';
import { documentForensics, scoreEvidence } from '../lib/engines/fraud';
import { intake, type MediaInput } from '../lib/engines/media';
import { ocrPool, type OcrOutput } from '../lib/engines/ocr';
import { printedValues, type Sample } from '../scripts/synth';
import { documentPhotos, facePhotos, SIZES, type Size } from './inputs';
import { samples, summary, timed, type Summary } from './stats';

export const STAGES = ['decode', 'prepare', 'ocr', 'classification', 'engine', 'forensics', 'fraudRules', 'faceDecode', 'faceDetect', 'embed', 'liveness'] as const;
export type Stage = (typeof STAGES)[number];

export interface StageSizeBench {
  width: number;
  documents: number;
  faces: number;
  ms: Record<Stage, Summary>;
}

export type StageBench = Record<Size, StageSizeBench>;

/** One document photo taken in and its first page read, as the engine's first reading does it. */
export interface PageReading {
  sample: Sample;
  media: MediaInput;
  page: Grey;
  ocr: OcrOutput;
  /** Printed values of the ground truth (what the text should contain). */
  values: string[];
  ms: { decode: number; prepare: number; ocr: number };
}

export const documentCount = () => samples(10, 2);
export const faceCount = () => samples(10, 3);

/** Every pool thread started and its model loaded, so the first timed call pays no start-up. */
async function warmOcr(page: Grey): Promise<void> {
  const pool = ocrPool();
  await Promise.all(Array.from({ length: pool.size }, () => pool.recognize({ image: pgm(page), mode: 'auto' })));
}

const readings = new Map<Size, Promise<PageReading[]>>();

/** The photos of one size decoded, prepared and read once (shared with the native-OCR comparison). */
export function pageReadings(size: Size): Promise<PageReading[]> {
  if (!readings.has(size)) readings.set(size, readPages(size));
  return readings.get(size)!;
}

async function readPages(size: Size): Promise<PageReading[]> {
  const out: PageReading[] = [];
  for (const sample of await documentPhotos(SIZES[size], documentCount())) {
    const decode = await timed(() => intake(sample.image.toString('base64'), 'imageFront'));
    const prepare = await timed(() => preparedPage(decode.value));
    if (out.length === 0) await warmOcr(prepare.value);
    // The engine's page reading as production runs it (two halves on two threads for a tall page).
    const ocr = await timed(() => readPage(prepare.value));
    out.push({ sample, media: decode.value, page: prepare.value, ocr: ocr.value, values: printedValues(sample.truth.fields), ms: { decode: decode.ms, prepare: prepare.ms, ocr: ocr.ms } });
  }
  return out;
}

/** Mean time of a synchronous call over `repeat` calls (they take microseconds). */
function timedSync(f: () => unknown, repeat = 20): number {
  const t = performance.now();
  for (let i = 0; i < repeat; i++) f();
  return (performance.now() - t) / repeat;
}

async function benchSize(size: Size, log: (s: string) => void): Promise<StageSizeBench> {
  const times = Object.fromEntries(STAGES.map((s) => [s, [] as number[]])) as Record<Stage, number[]>;
  for (const r of await pageReadings(size)) {
    times.decode.push(r.ms.decode);
    times.prepare.push(r.ms.prepare);
    times.ocr.push(r.ms.ocr);
    // As the engine classifies a page reading: folded text and any machine-readable zone.
    times.classification.push(timedSync(() => classify(fold(r.ocr.text), readMrz(r.ocr.lines.map((l) => l.text)))));
    const engine = await timed(() => readDocument(r.media));
    times.engine.push(engine.ms);
    const forensics = await timed(() => documentForensics(r.media, engine.value));
    times.forensics.push(forensics.ms);
    const ocr = engine.value.result;
    const cpf = r.sample.truth.fields.cpf ?? r.sample.truth.fields['qrCode.cpf'];
    const evidence = { cpf, now: new Date(), document: { ocr, fields: ocr.fields }, forensics: [forensics.value], forensicsEnabled: true, face: { duplicates: [], documentFace: true } };
    times.fraudRules.push(timedSync(() => scoreEvidence(evidence)));
  }
  const faces = await facePhotos(SIZES[size], faceCount());
  for (const [i, photo] of faces.entries()) {
    const decoded = await timed(() => pictureFrom(photo.toString('base64'), 'image'));
    if (i === 0) await Promise.all(Array.from({ length: facePool().size }, () => locateFaces(decoded.value, 'selfie')));
    // The pool sums its workers' time per part: read around a call made alone, it splits the call.
    const before = { ...facePool().spent };
    const detected = await timed(() => locateFaces(decoded.value, 'selfie'));
    const embedMs = facePool().spent.embedMs - before.embedMs;
    times.faceDecode.push(decoded.ms);
    times.faceDetect.push(detected.ms - embedMs);
    times.embed.push(embedMs);
    const face = detected.value[0];
    if (face) times.liveness.push((await timed(() => judgeLiveness(decoded.value, face))).ms);
  }
  const ms = Object.fromEntries(STAGES.map((s) => [s, summary(times[s], s === 'classification' || s === 'fraudRules' ? 3 : 0)])) as Record<Stage, Summary>;
  log(`  ${size} (${SIZES[size]} px): ${STAGES.map((s) => `${s} ${ms[s].median}`).join(', ')} ms`);
  return { width: SIZES[size], documents: times.decode.length, faces: faces.length, ms };
}

export async function benchStages(log: (s: string) => void): Promise<StageBench> {
  const out = {} as StageBench;
  for (const size of Object.keys(SIZES) as Size[]) out[size] = await benchSize(size, log);
  return out;
}
