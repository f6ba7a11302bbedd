import { describe, expect, it } from 'vitest';
import { attackScore, contributions, padRates, trainPad } from './model';
import { padCapture as capture } from '../../../testing/pad-capture';

describe('boosted PAD trees', () => {
  // An attack is one cue without the other (exclusive or), which no sum of single-feature steps can tell: trees of depth 2 can.
  let seed = 11;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const samples = Array.from({ length: 400 }, () => {
    const a = random() < 0.5 ? 1 : 0;
    const b = random() < 0.5 ? 1 : 0;
    return { signals: capture({ periodicity: a + random() * 0.3, lbp_H1_3: b + random() * 0.3, warmth: random() }), attack: a !== b };
  });

  it('learns an interaction of two features that stumps cannot, and its threshold keeps BPCER at the target', () => {
    const trees = trainPad(samples, { depth: 2, rounds: 60, colsample: 1 });
    const stumps = trainPad(samples, { depth: 1, rounds: 60, colsample: 1 });
    const rates = (m: ReturnType<typeof trainPad>) => padRates(samples.map((s) => ({ score: attackScore(m, s.signals), attack: s.attack })), m.threshold);
    expect(rates(trees).apcer).toBeLessThan(0.08);
    expect(rates(trees).bpcer).toBeLessThanOrEqual(0.05);
    expect(rates(stumps).apcer).toBeGreaterThan(rates(trees).apcer + 0.2);
  });

  it('names the features that made the decision, not the noise', () => {
    const model = trainPad(samples, { depth: 2, rounds: 60, colsample: 1 });
    const c = contributions(model, capture({ periodicity: 1.1, lbp_H1_3: 0.1, warmth: 0.5 }));
    const ranked = Object.entries(c).sort((x, y) => y[1] - x[1]).map(([k]) => k);
    expect(ranked.slice(0, 2).sort()).toEqual(['lbp_H1_3', 'periodicity']);
    expect(Math.abs(c.warmth!)).toBeLessThan(0.5);
  });
});
