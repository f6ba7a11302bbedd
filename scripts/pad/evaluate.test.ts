import { describe, expect, it } from 'vitest';
import { padCapture as capture } from '../../lib/testing/pad-capture';
import { trainWithHonestThreshold } from './evaluate';

describe('out-of-fold figures per condition', () => {
  it('finds the condition whose genuine captures look like attacks, on captures of people the fold never saw', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    // Attacks show a strong periodicity; genuine webcam320 frames often show a weaker one (their noise), face400 never.
    const samples = Array.from({ length: 600 }, (_, i) => {
      const kind = i % 3;
      const condition = kind === 0 ? 'screen_moire' : kind === 1 ? 'webcam320' : 'face400';
      const periodicity = kind === 0 ? 1 + random() : kind === 1 ? (random() < 0.3 ? 1 + random() : random() * 0.5) : random() * 0.5;
      return { signals: capture({ periodicity, warmth: random() }), attack: kind === 0, identity: `p${i % 40}`, condition };
    });
    const model = trainWithHonestThreshold(samples, { depth: 2, rounds: 40, colsample: 1, targetBpcer: 0.05 });
    const rate = (c: string) => model.oof.conditions.find((x) => x.condition === c)!;
    expect(rate('webcam320').n).toBe(200);
    expect(rate('face400').errorRate).toBeLessThan(0.02);
    expect(rate('webcam320').errorRate).toBeGreaterThan(0.05);
    expect(rate('screen_moire').errorRate).toBeGreaterThan(0);
    expect(model.oof.conditions.map((c) => c.condition)).not.toContain('face80');
  });
});
