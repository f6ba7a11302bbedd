/**
 * Fills the measurement caches (.scratch/pad/) ahead of training, in an order
 * that makes a partial cache useful: the held-out sets first, then the
 * training captures spread over all identities and conditions (sources in a
 * shuffled order, each source's first captures before its second). One
 * process per group of simulators, so no two write the same cache file
 * (each interleaves its sets in small chunks):
 *   npx tsx scripts/pad/warm.ts train      (held-out and training captures of the train simulator)
 *   npx tsx scripts/pad/warm.ts eval       (held-out eval-simulator captures, training variants and hazy-camera genuine captures)
 *   npx tsx scripts/pad/warm.ts patterned  (patterned clothes and walls: held-out and training captures)
 */
import { closeFacePool } from '../../lib/engines/face';
import { rng } from '../synth/random';
import { isAttack } from './conditions';
import { measureJobs, plan, heldoutPlan, type Job, type Simulator } from './dataset';
import { sources } from './sources';

const CHUNK = 8;
/** Hazy-camera genuine captures per training photo (train.ts reads PAD_TRAIN_GENUINE too, default 1; two are cached so either setting trains from the cache). */
const GENUINE_PER = Number(process.env.PAD_TRAIN_GENUINE ?? 2);

/** The jobs of a plan, reordered: by a fixed shuffle of the sources, each source's first genuine and first attack capture, then the second ones. */
function spread(jobs: Job[]): Job[] {
  const r = rng(42);
  const order = new Map([...new Set(jobs.map((j) => j.source.image))].map((img) => [img, r.next()] as const));
  const rank = new Map<Job, number>();
  const seen = new Map<string, number>();
  for (const j of jobs) {
    const key = `${j.source.image}:${isAttack(j.condition)}`;
    const k = seen.get(key) ?? 0;
    seen.set(key, k + 1);
    rank.set(j, k);
  }
  const attack = (j: Job) => (isAttack(j.condition) ? 1 : 0);
  return [...jobs].sort((a, b) => rank.get(a)! - rank.get(b)! || order.get(a.source.image)! - order.get(b.source.image)! || attack(a) - attack(b));
}

/** Chunks of several job lists in turn, so that a cache cut short holds some of each. */
async function run(lists: [Simulator, Job[]][]) {
  for (let i = 0; lists.some(([, jobs]) => i < jobs.length); i += CHUNK) {
    for (const [sim, jobs] of lists) {
      if (i >= jobs.length) continue;
      await measureJobs(sim, jobs.slice(i, i + CHUNK), { cache: true });
      console.log(`${new Date().toISOString().slice(11, 19)} ${sim}: ${Math.min(jobs.length, i + CHUNK)}/${jobs.length}`);
    }
  }
}

async function main() {
  const all = await sources();
  const train = all.filter((s) => s.split === 'train');
  const heldout = all.filter((s) => s.split === 'heldout');
  if (process.argv[2] === 'patterned') await run([['patterned', spread(heldoutPlan('patterned', heldout))], ['patterned', spread(plan(train, 1, 1, 1))]]);
  else if (process.argv[2] === 'eval') await run([['eval', spread(heldoutPlan('eval', heldout))], ['variants', spread(plan(train, 0, 3, 1))], ['genuine', spread(plan(train, GENUINE_PER, 0, 1))]]);
  else await run([['train', spread(heldoutPlan('train', heldout))], ['train', spread(plan(train, 4, 3, 1))]]);
  await closeFacePool();
  process.exit(0);
}

void main();
