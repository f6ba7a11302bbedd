/**
 * Fraud engine on the generated fraud test set (scripts/synth/fraud.ts):
 * share of each manipulation caught by its rule, share of clean documents
 * without a hard stop, and the 4.4 latency.
 */
import fs from 'node:fs';
import path from 'node:path';
import { analyseFormalistic } from '../lib/engines/formalistic';
import { analyseFraud } from '../lib/engines/fraud';
import { createTestDatabase, facesDir, seedIntegrator } from '../lib/testing';
import { CATCHING_RULES, MANIPULATIONS, fraudCase, type Faces } from '../scripts/synth/fraud';
import { quantile } from './stats';

export interface FraudBench {
  perManipulation: Record<string, { caught: number; total: number; rate: number }>;
  clean: { withoutHardStop: number; total: number; rate: number; hardStops: Record<string, number>; fired: Record<string, number> };
  latencyMs: { median: number; p95: number; runs: number };
  /** 4.10 with three files (forensics on), one call at a time. */
  formalisticMs: { median: number; p95: number; runs: number };
}

export function benchFaces(): Faces {
  const face = (f: string) => fs.readFileSync(path.join(facesDir(), 'deepface', f));
  return { owner: face('img1.jpg'), ownerSelfie: face('img2.jpg'), other: face('img17.jpg') };
}

export async function benchFraud(perManipulation: number, cleanCount: number, log: (s: string) => void): Promise<FraudBench> {
  const db = await createTestDatabase('pglite');
  const tenant = await seedIntegrator();
  const faces = benchFaces();
  const times: number[] = [];
  const analyse = async (c: Awaited<ReturnType<typeof fraudCase>>) => {
    const t = performance.now();
    const r = await analyseFraud(tenant.integratorId, { cpf: c.cpf, imageFront: c.image.toString('base64'), ...(c.selfie ? { imageSelfie: c.selfie.toString('base64') } : {}) }, 'bench');
    if (!c.selfie) times.push(performance.now() - t);
    return r.scoreResult;
  };
  const out: FraudBench = {
    perManipulation: {},
    clean: { withoutHardStop: 0, total: 0, rate: 0, hardStops: {}, fired: {} },
    latencyMs: { median: 0, p95: 0, runs: 0 },
    formalisticMs: { median: 0, p95: 0, runs: 0 },
  };
  for (const m of MANIPULATIONS) {
    let caught = 0;
    for (let i = 0; i < perManipulation; i++) {
      const s = await analyse(await fraudCase(m, i, faces));
      const fired = s.penalties.map((p) => p.rulesName);
      if (CATCHING_RULES[m].some((rule) => fired.includes(rule))) caught++;
      else log(`    missed ${m} #${i}: fired ${fired.join(', ') || 'nothing'}`);
    }
    out.perManipulation[m] = { caught, total: perManipulation, rate: Math.round((1000 * caught) / perManipulation) / 10 };
    log(`  ${m}: ${caught}/${perManipulation}`);
  }
  for (let i = 0; i < cleanCount; i++) {
    const c = await fraudCase('clean', i, faces);
    const s = await analyse(c);
    out.clean.total++;
    const stops = s.penalties.filter((p) => p.hardStop).map((p) => p.rulesName);
    // Every rule that fires on a clean document is a false alarm, hard stop or not.
    for (const p of s.penalties) out.clean.fired[p.rulesName] = (out.clean.fired[p.rulesName] ?? 0) + 1;
    if (stops.length === 0) out.clean.withoutHardStop++;
    for (const name of stops) out.clean.hardStops[name] = (out.clean.hardStops[name] ?? 0) + 1;
    if (stops.length) log(`    clean #${i} (${c.type}) stopped by ${stops.join(', ')}`);
  }
  out.clean.rate = Math.round((1000 * out.clean.withoutHardStop) / Math.max(1, out.clean.total)) / 10;
  log(`  clean without a hard stop: ${out.clean.withoutHardStop}/${out.clean.total}`);
  out.latencyMs = { median: Math.round(quantile(times, 0.5)), p95: Math.round(quantile(times, 0.95)), runs: times.length };
  log(`  4.4 median ${out.latencyMs.median} ms`);

  // 4.10: three documents per call (clean cases of different types), forensics on.
  const formalistic: number[] = [];
  for (let run = 0; run < 5; run++) {
    const files = await Promise.all([0, 1, 2].map(async (k) => (await fraudCase('clean', run * 3 + k, faces)).image.toString('base64')));
    const t = performance.now();
    await analyseFormalistic(tenant.integratorId, { files, forensics: true });
    formalistic.push(performance.now() - t);
  }
  out.formalisticMs = { median: Math.round(quantile(formalistic, 0.5)), p95: Math.round(quantile(formalistic, 0.95)), runs: formalistic.length };
  log(`  4.10 with 3 files: median ${out.formalisticMs.median} ms`);
  await db.close();
  return out;
}
