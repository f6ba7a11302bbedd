/**
 * The photos of the face-recognition evaluation and their pairs:
 * `identities/` (102 London Set people, neutral and smiling, plus `lisa`, 8
 * photos over sessions) and `faces/deepface` (13 people, 61 photos). Each
 * identity falls in one of two halves by a seeded hash: `tune` (thresholds are
 * set there) and `heldout` (only ever measured).
 */
import fs from 'node:fs';
import path from 'node:path';
import { datasetsDir } from '../../lib/testing/datasets';
import { rng, SEED, type Condition } from './degrade';

export interface Photo {
  /** Unique, stable: the path under the datasets folder. */
  key: string;
  file: string;
  identity: string;
  set: 'london' | 'lisa' | 'deepface';
}

export type Half = 'tune' | 'heldout';

const rows = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','));

/** Every photo, in a fixed order. Empty when the datasets are missing. */
export function photos(): Photo[] {
  const root = datasetsDir();
  if (!root) return [];
  const ids = rows(path.join(root, 'identities', 'identities.csv')).map(([image, identity]) => ({
    key: `identities/${image}`,
    file: path.join(root, 'identities', image!),
    identity: `id:${identity}`,
    set: identity === 'lisa' ? ('lisa' as const) : ('london' as const),
  }));
  const deepface = rows(path.join(root, 'faces', 'identities.csv')).map(([image, identity]) => ({
    key: `faces/${image}`,
    file: path.join(root, 'faces', image!),
    identity: `deepface:${identity}`,
    set: 'deepface' as const,
  }));
  return [...ids, ...deepface].sort((a, b) => a.key.localeCompare(b.key));
}

/** The half an identity falls in (seeded, about half each). */
export const halfOf = (identity: string): Half => (rng(`${SEED}:half:${identity}`)() < 0.5 ? 'tune' : 'heldout');

export interface Pair {
  /** The reference: the clean photo. */
  a: number;
  /** The probe: the other photo under the condition. */
  b: number;
  same: boolean;
  /** Both identities in this half, or `mixed` (an impostor pair across the halves). */
  half: Half | 'mixed';
}

/**
 * Pairs of one condition: the clean photo `a` against the degraded photo `b`
 * of the same identity (genuine) or of another (impostor), every ordered pair
 * (a degraded probe differs from its clean twin, so (a, b) and (b, a) are
 * different comparisons). For `clean` both sides are clean: unordered pairs.
 */
export function pairsOf(list: Photo[], condition: Condition): Pair[] {
  const out: Pair[] = [];
  for (let a = 0; a < list.length; a++)
    for (let b = 0; b < list.length; b++) {
      if (a === b || (condition === 'clean' && b < a)) continue;
      const pa = list[a]!;
      const pb = list[b]!;
      const ha = halfOf(pa.identity);
      const hb = halfOf(pb.identity);
      out.push({ a, b, same: pa.identity === pb.identity, half: ha === hb ? ha : 'mixed' });
    }
  return out;
}

/** Every photo of about `n` identities spread evenly over the list (all when n is undefined). */
export function sampleIdentities(list: Photo[], n?: number): Photo[] {
  const identities = [...new Set(list.map((p) => p.identity))];
  const step = n ? Math.max(1, Math.ceil(identities.length / n)) : 1;
  const kept = new Set(identities.filter((_, i) => i % step === 0));
  return list.filter((p) => kept.has(p.identity));
}
