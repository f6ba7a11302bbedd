/**
 * Passive liveness (4.8) accuracy, ISO/IEC 30107-3: APCER per attack
 * condition and BPCER per genuine condition on the held-out identities (never
 * trained on), through the training simulator and through the independent
 * evaluation simulator, plus the real spoof samples. Each capture goes the
 * service's way: locateFaces, the quality gate, the signals, the model.
 * Measurements are cached in .scratch/pad/ by the code of the simulators,
 * the detector and the signals (a rerun of unchanged code is cheap).
 * BENCH_QUICK=1: six held-out photos. PAD_ONLY_CACHED=1: only the captures
 * already simulated and located (scripts/pad/warm.ts fills the cache; on a
 * busy machine a full set takes hours).
 */
import path from 'node:path';
import model from '../lib/engines/face/pad/model.json';
import { attackScore, type PadModel } from '../lib/engines/face/pad/model';
import { facesDir } from '../lib/testing/datasets';
import { measureJobs, measureReal, heldoutPlan } from '../scripts/pad/dataset';
import { figures } from '../scripts/pad/evaluate';
import { measureRealPhotos, photoFigures, type PhotoFigures } from '../scripts/pad/real-photos';
import { sources } from '../scripts/pad/sources';
import { QUICK } from './stats';

export interface LivenessBench {
  threshold: number;
  heldoutPhotos: number;
  trainSimulator: ReturnType<typeof figures>;
  evalSimulator: ReturnType<typeof figures>;
  /** Held-out people in patterned clothes before patterned walls (simulate-patterned.ts), live and replayed. */
  patterned?: ReturnType<typeof figures>;
  real: { image: string; attack: boolean; verdict: string; score: number | null }[];
  /** The source photos themselves, unsimulated: BPCER per split and size, and the photos refused. */
  photos?: PhotoFigures[];
}

export async function benchLiveness(log: (s: string) => void): Promise<LivenessBench> {
  const m = model as unknown as PadModel;
  const all = await sources();
  const heldout = all.filter((s) => s.split === 'heldout').slice(0, QUICK ? 6 : undefined);
  // The same plan as scripts/pad/train.ts's held-out report (one genuine and one attack capture per photo).
  const onlyCached = process.env.PAD_ONLY_CACHED === '1';
  const trainSim = figures(m, await measureJobs('train', heldoutPlan('train', heldout), { cache: true, log, onlyCached }));
  const evalSim = figures(m, await measureJobs('eval', heldoutPlan('eval', heldout), { cache: true, log, onlyCached }));
  const patterned = figures(m, await measureJobs('patterned', heldoutPlan('patterned', heldout), { cache: true, log, onlyCached }));
  const real = (await measureReal(path.join(facesDir(), 'spoof-samples'))).map((r) => {
    const score = r.signals ? attackScore(m, r.signals) : null;
    const verdict = !r.found ? 'no_face_detected' : r.issues.length ? 'image_quality_insufficient' : score! > m.threshold ? 'rejected' : 'accepted';
    return { image: r.image, attack: r.attack, verdict, score: score === null ? null : Number(score.toFixed(3)) };
  });
  const photos = photoFigures(m, await measureRealPhotos(all.slice(0, QUICK ? 12 : undefined), log));
  log(`  train simulator: APCER ${(trainSim.apcer * 100).toFixed(1)} %, BPCER ${(trainSim.bpcer * 100).toFixed(1)} %; eval simulator: APCER ${(evalSim.apcer * 100).toFixed(1)} %, BPCER ${(evalSim.bpcer * 100).toFixed(1)} %`);
  return { threshold: Number(m.threshold.toFixed(4)), heldoutPhotos: heldout.length, trainSimulator: trainSim, evalSimulator: evalSim, patterned, real, photos };
}
