/**
 * Face engine benchmark: SPEC 4.7 match of two 1280 px JPEGs and 4.8
 * liveness of one, end to end through the library (decode, detection,
 * descriptors, signals), one request at a time; 1:N search over 10 000
 * sealed templates. Part of `npm run bench`.
 */
import { closeFacePool, enrolFace, livenessCheck, matchImages, searchFaces } from '../lib/engines/face';
import { createTestDatabase, seedIntegrator } from '../lib/testing';
import { getDb, schema } from '../lib/platform/db';
import { seal } from '../lib/platform/crypto';
import { CROP_PX, faceCrops, facePhotos, printedPortraits } from './inputs';
import { quantile as q } from './stats';

interface Timing {
  median: number;
  p95: number;
  runs: number;
  width: number;
}

export interface FaceBench {
  matchMs: Timing;
  livenessMs: Timing;
  /** The same calls on tight 150 px face crops (the detector's hardest case for speed: crop path with context). */
  cropMatchMs?: Timing;
  cropLivenessMs?: Timing;
  /** 4.7 of a 1280 px photo with a printed portrait (the portrait is read four times: descreened two ways, each mirrored). */
  printedMatchMs?: Timing;
  index: { templates: number; coldLoadMs: number; searchMs: { median: number; p95: number } };
  rssMb: number;
  /** Peak RSS of the process (with its face model threads) while the face calls ran, sampled every 100 ms. */
  peakRssMb?: number;
}


const timing = (list: number[], width: number): Timing => ({ median: Math.round(q(list, 0.5)), p95: Math.round(q(list, 0.95)), runs: list.length, width });

/** 4.7 over consecutive pairs and 4.8 over each picture, engine alone, one call at a time. */
async function timeCalls(pictures: string[], width: number): Promise<{ match: Timing; liveness: Timing }> {
  await matchImages(pictures[0]!, pictures[1]!); // models loaded, JIT warm
  const match: number[] = [];
  for (let i = 0; i < pictures.length; i++) {
    const t = performance.now();
    await matchImages(pictures[i]!, pictures[(i + 1) % pictures.length]!);
    match.push(performance.now() - t);
  }
  const live: number[] = [];
  for (const p of pictures) {
    const t = performance.now();
    await livenessCheck(p).catch(() => undefined);
    live.push(performance.now() - t);
  }
  return { match: timing(match, width), liveness: timing(live, width) };
}

export async function benchFace(log: (s: string) => void): Promise<FaceBench> {
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const photos = (await facePhotos(1280)).map((b) => b.toString('base64'));
  const large = await timeCalls(photos, 1280);
  log(`  1280 px: match median ${large.match.median} ms, liveness median ${large.liveness.median} ms`);
  const crops = await timeCalls((await faceCrops()).map((b) => b.toString('base64')), CROP_PX);
  log(`  ${CROP_PX} px crops: match median ${crops.match.median} ms, liveness median ${crops.liveness.median} ms`);

  const printed = (await printedPortraits()).map((b) => b.toString('base64'));
  const printedTimes: number[] = [];
  for (let i = 0; i < printed.length; i++) {
    const t0 = performance.now();
    await matchImages(photos[i]!, printed[(i + 1) % printed.length]!).catch(() => undefined);
    printedTimes.push(performance.now() - t0);
  }
  const printedMatch = timing(printedTimes, 1280);
  log(`  1280 px photo with a printed portrait: match median ${printedMatch.median} ms`);

  const db = await createTestDatabase('pglite');
  const tenant = await seedIntegrator();
  const rows = Array.from({ length: 10_000 }, (_, i) => {
    const v = Float32Array.from({ length: 128 }, () => (Math.random() - 0.5) * 0.2);
    return { integratorId: tenant.integratorId, cpf: String(10_000_000_000 + i), templateSealed: seal(Buffer.from(v.buffer)) };
  });
  const drizzle = await getDb();
  for (let i = 0; i < rows.length; i += 1000) await drizzle.insert(schema.faceTemplates).values(rows.slice(i, i + 1000));
  const probe = Array.from({ length: 128 }, () => (Math.random() - 0.5) * 0.2);
  await enrolFace(await getDb(), tenant.integratorId, '52998224725', { descriptor: probe });
  let t = performance.now();
  const found = await searchFaces(tenant.integratorId, { descriptor: probe });
  const coldLoadMs = performance.now() - t;
  if (found[0]?.cpf !== '52998224725') throw new Error('index search did not find the enrolled face');
  const search: number[] = [];
  for (let i = 0; i < 20; i++) {
    t = performance.now();
    await searchFaces(tenant.integratorId, { descriptor: probe });
    search.push(performance.now() - t);
  }
  log(`  index: 10 000 templates, search median ${q(search, 0.5).toFixed(1)} ms (cold load ${Math.round(coldLoadMs)} ms)`);
  await db.close();
  const rssMb = Math.round(process.memoryUsage().rss / 1024 / 1024);
  clearInterval(sampler);
  await closeFacePool();
  return {
    matchMs: large.match,
    livenessMs: large.liveness,
    cropMatchMs: crops.match,
    cropLivenessMs: crops.liveness,
    printedMatchMs: printedMatch,
    index: { templates: 10_001, coldLoadMs: Math.round(coldLoadMs), searchMs: { median: Number(q(search, 0.5).toFixed(1)), p95: Number(q(search, 0.95).toFixed(1)) } },
    rssMb,
    peakRssMb: Math.round(Math.max(peak, process.memoryUsage().rss) / 1024 / 1024),
  };
}
