/**
 * Scaling from one to two analysis workers, same inputs each time:
 * - OCR extract (4.9) answered by the web process with OCR_WORKERS and
 *   FACE_WORKERS at 1, then 2 (four clients, so the pool never waits);
 * - onboarding processing (4.2, document and selfie, accepted at once and
 *   analysed by `npm run worker`): one worker process with pools of 1, one
 *   with pools of 2, two processes with pools of 1 each.
 * Throughput is items over the wall time from the first request to the last
 * answer (or final status). Part of `npm run bench`.
 */
import { fraudCase } from '../scripts/synth/fraud';
import { benchFaces } from './fraud';
import { documentPhotos } from './inputs';
import { startBenchServer, type BenchServer } from './server';
import { samples } from './stats';

export interface ScalingRun {
  /** What ran the analyses. */
  setup: string;
  items: number;
  seconds: number;
  perSecond: number;
  /** Over the first run of its kind. */
  speedUp: number;
  failed: number;
  webPeakRssMb?: number;
  workerPeakRssMb: (number | undefined)[];
}

export interface ScalingBench {
  ocr: ScalingRun[];
  onboarding: ScalingRun[];
}

const pools = (n: number) => ({ OCR_WORKERS: String(n), FACE_WORKERS: String(n) });
const round = (v: number, digits = 2) => Number(v.toFixed(digits));
const FINAL = new Set(['ANALYSIS', 'DONE', 'REJECTED', 'ERROR', 'BLACKLISTED', 'CANCELED', 'RESOLVED']);

/** Every body sent by `clients` clients at once, each taking the next; seconds and failures. */
async function ocrRun(server: BenchServer, images: string[], clients: number): Promise<{ seconds: number; failed: number }> {
  await server.api('POST', '/services/api/v1/extract/ocr/json', { image: images[0] }); // warm
  let next = 0;
  let failed = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < images.length) {
        const res = await server.api('POST', '/services/api/v1/extract/ocr/json', { image: images[next++] });
        if (res.status !== 200) failed++;
      }
    }),
  );
  return { seconds: (performance.now() - t) / 1000, failed };
}

type Enrolment = { cpf: string; imageFront: string; imageSelfie?: string };

/** Every onboarding enrolled at once, then polled until each reaches a final status (or ANALYSIS). */
async function onboardingRun(server: BenchServer, enrolments: Enrolment[], tag: string): Promise<{ seconds: number; failed: number }> {
  const t = performance.now();
  const ids: string[] = [];
  for (const [i, e] of enrolments.entries()) {
    const res = await server.api('POST', '/services/api/v1/onboarding/enroll/json', { ...e, customerId: `bench-${tag}-${i}` });
    if (res.status !== 201 && res.status !== 200) throw new Error(`enrolment failed: ${res.status} ${JSON.stringify(res.data)}`);
    ids.push((res.data as { onboardingId: string }).onboardingId);
  }
  const pending = new Set(ids);
  let failed = 0;
  const deadline = Date.now() + 15 * 60_000;
  while (pending.size && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    for (const id of [...pending]) {
      const { data } = await server.api('GET', `/services/api/v1/onboarding/enroll/${id}`);
      const status = (data as { status?: string }).status ?? '';
      if (!FINAL.has(status)) continue;
      pending.delete(id);
      if (status === 'ERROR') failed++;
    }
  }
  return { seconds: (performance.now() - t) / 1000, failed: failed + pending.size };
}

function withSpeedUp(runs: Omit<ScalingRun, 'speedUp'>[]): ScalingRun[] {
  return runs.map((r) => ({ ...r, speedUp: round(r.perSecond / runs[0]!.perSecond) }));
}

export async function benchScaling(log: (s: string) => void): Promise<ScalingBench> {
  const images = (await documentPhotos(1600, samples(16, 4), false)).map((p) => p.image.toString('base64'));
  const faces = benchFaces();
  const cases = await Promise.all(Array.from({ length: samples(8, 2) }, (_, i) => fraudCase('clean', 100 + i, faces)));
  const enrolments: Enrolment[] = cases.map((c) => ({ cpf: c.cpf, imageFront: c.image.toString('base64'), ...(c.selfie ? { imageSelfie: c.selfie.toString('base64') } : {}) }));

  const ocr: Omit<ScalingRun, 'speedUp'>[] = [];
  const onboarding: Omit<ScalingRun, 'speedUp'>[] = [];
  const setups = [
    { workers: 1, processes: 1, ocr: true },
    { workers: 2, processes: 1, ocr: true },
    { workers: 1, processes: 2, ocr: false },
  ];
  for (const s of setups) {
    const server = await startBenchServer(pools(s.workers), s.processes);
    try {
      let ocrRunDone: { seconds: number; failed: number } | undefined;
      if (s.ocr) ocrRunDone = await ocrRun(server, images, 4);
      const onb = await onboardingRun(server, enrolments, `${s.workers}-${s.processes}`);
      const memory = await server.stop();
      if (ocrRunDone) {
        ocr.push({ setup: `web process, OCR_WORKERS=FACE_WORKERS=${s.workers}`, items: images.length, seconds: round(ocrRunDone.seconds, 1), perSecond: round(images.length / ocrRunDone.seconds), failed: ocrRunDone.failed, webPeakRssMb: memory.webPeakRssMb, workerPeakRssMb: [] });
        log(`  4.9 with pools of ${s.workers}: ${ocr.at(-1)!.perSecond} documents/s`);
      }
      const setup = s.processes === 1 ? `1 worker process, OCR_WORKERS=FACE_WORKERS=${s.workers}` : `${s.processes} worker processes, OCR_WORKERS=FACE_WORKERS=${s.workers} each`;
      onboarding.push({ setup, items: enrolments.length, seconds: round(onb.seconds, 1), perSecond: round(enrolments.length / onb.seconds, 3), failed: onb.failed, workerPeakRssMb: memory.workerPeakRssMb });
      log(`  onboarding, ${setup}: ${onboarding.at(-1)!.perSecond} onboardings/s`);
    } catch (err) {
      await server.stop().catch(() => undefined);
      throw err;
    }
  }
  return { ocr: withSpeedUp(ocr), onboarding: withSpeedUp(onboarding) };
}
