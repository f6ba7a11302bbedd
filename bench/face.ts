/**
 * Face engine benchmark: SPEC 4.7 match of two 1280 px JPEGs and 4.8
 * liveness of one, end to end through the library (decode, detection,
 * descriptors, signals), one request at a time; 1:N search over 10 000
 * sealed templates. Part of `npm run bench`.
 */
import { closeFacePool, enrolFace, livenessCheck, matchImages, searchFaces } from '../lib/face';
import { createTestDatabase, seedIntegrator } from '../lib/testing';
import { getDb, schema } from '../lib/db';
import { seal } from '../lib/crypto';
import { facePhotos } from './inputs';
import { quantile as q } from './stats';

export interface FaceBench {
  matchMs: { median: number; p95: number; runs: number; width: number };
  livenessMs: { median: number; p95: number; runs: number; width: number };
  index: { templates: number; coldLoadMs: number; searchMs: { median: number; p95: number } };
  rssMb: number;
}


export async function benchFace(log: (s: string) => void): Promise<FaceBench> {
  const photos = (await facePhotos(1280)).map((b) => b.toString('base64'));
  await matchImages(photos[0]!, photos[1]!); // models loaded, JIT warm
  const match: number[] = [];
  for (let i = 0; i < photos.length; i++) {
    const t = performance.now();
    await matchImages(photos[i]!, photos[(i + 1) % photos.length]!);
    match.push(performance.now() - t);
  }
  log(`  match: median ${Math.round(q(match, 0.5))} ms`);
  const live: number[] = [];
  for (const p of photos) {
    const t = performance.now();
    await livenessCheck(p).catch(() => undefined);
    live.push(performance.now() - t);
  }
  log(`  liveness: median ${Math.round(q(live, 0.5))} ms`);

  const db = await createTestDatabase('pglite');
  const tenant = await seedIntegrator();
  const rows = Array.from({ length: 10_000 }, (_, i) => {
    const v = Float32Array.from({ length: 128 }, () => (Math.random() - 0.5) * 0.2);
    return { integratorId: tenant.integratorId, cpf: String(10_000_000_000 + i), templateSealed: seal(Buffer.from(v.buffer)) };
  });
  const drizzle = await getDb();
  for (let i = 0; i < rows.length; i += 1000) await drizzle.insert(schema.faceTemplates).values(rows.slice(i, i + 1000));
  const probe = Array.from({ length: 128 }, () => (Math.random() - 0.5) * 0.2);
  await enrolFace(tenant.integratorId, '52998224725', probe);
  let t = performance.now();
  const found = await searchFaces(tenant.integratorId, probe);
  const coldLoadMs = performance.now() - t;
  if (found[0]?.cpf !== '52998224725') throw new Error('index search did not find the enrolled face');
  const search: number[] = [];
  for (let i = 0; i < 20; i++) {
    t = performance.now();
    await searchFaces(tenant.integratorId, probe);
    search.push(performance.now() - t);
  }
  log(`  index: 10 000 templates, search median ${q(search, 0.5).toFixed(1)} ms (cold load ${Math.round(coldLoadMs)} ms)`);
  await db.close();
  const rssMb = Math.round(process.memoryUsage().rss / 1024 / 1024);
  await closeFacePool();
  return {
    matchMs: { median: Math.round(q(match, 0.5)), p95: Math.round(q(match, 0.95)), runs: match.length, width: 1280 },
    livenessMs: { median: Math.round(q(live, 0.5)), p95: Math.round(q(live, 0.95)), runs: live.length, width: 1280 },
    index: { templates: 10_001, coldLoadMs: Math.round(coldLoadMs), searchMs: { median: Number(q(search, 0.5).toFixed(1)), p95: Number(q(search, 0.95).toFixed(1)) } },
    rssMb,
  };
}
