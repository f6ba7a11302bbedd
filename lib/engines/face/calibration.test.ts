/**
 * The shipped match threshold on a small held-out sample (identities the
 * calibration never tuned on), clean references against degraded probes,
 * computed afresh through the product's detection and embedder (no cache).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { EMBEDDER } from '@/scripts/face-calibrate';
import { halfOf, photos, sampleIdentities } from '@/scripts/face-eval/data';
import { distances, templates } from '@/scripts/face-eval/evaluate';
import type { Condition } from '@/scripts/face-eval/degrade';
import { closeFacePool } from '.';
import { ratesAt } from './calibrate';
import calibration from './calibration.json';
import { datasetsDir } from '../../testing';

const CONDITIONS: Condition[] = ['jpeg', 'lowlight', 'tightcrop'];

afterAll(async () => closeFacePool());

describe.skipIf(!datasetsDir())('face match threshold on held-out identities', () => {
  it('keeps FNMR and FMR within bounds on degraded probes of people never tuned on', async () => {
    const heldout = photos().filter((p) => halfOf(p.identity) === 'heldout');
    const list = sampleIdentities(heldout, 8);
    const t = await templates(list, CONDITIONS, [EMBEDDER], { cache: false, concurrency: 2 });
    const pairs = distances(list, t, EMBEDDER, CONDITIONS);
    const genuine = pairs.filter((p) => p.same).length;
    expect(genuine).toBeGreaterThanOrEqual(24);
    expect(pairs.length - genuine).toBeGreaterThanOrEqual(600);
    const r = ratesAt(pairs, calibration.threshold);
    // Most of this sample's genuine pairs are lisa's photos taken over sessions (30 of 44 per condition), whose distances sit
    // at the threshold (0.53–0.58): measured 9.8 % before tight crops were read in a correctly scaled frame, 11.4 % after
    // (two of her tight-crop pairs moved across it), while the whole held-out half's FNMR fell (calibration.json).
    expect(r.fnmr).toBeLessThanOrEqual(0.12);
    // A threshold set on the other half gives FMR 0.2–0.3 % on these conditions of the held-out half (calibration.json,
    // split check); a sample of a few identities swings with one look-alike pair (10 identities: 1.3 %), hence the looser bound.
    expect(r.fmr).toBeLessThanOrEqual(0.02);
  }, 300_000);
});
