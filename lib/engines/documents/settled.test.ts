import { describe, expect, it } from 'vitest';
import { settledReading, type Placed } from './settled';

const reading = (over: Partial<Placed>): Placed => ({
  type: 'PASSAPORTE',
  score: 11.5,
  conf: 57,
  sideways: false,
  candidates: [{ type: 'PASSAPORTE', score: 11.5, cues: ['passportHeading', 'mrz TD3'] }],
  ...over,
});

describe('settledReading (the turn read first is kept without probing the others)', () => {
  it('settles a sure reading and a firmly placed one at a lower confidence', () => {
    expect(settledReading(reading({ score: 3, conf: 60 }))).toBe(true);
    expect(settledReading(reading({ score: 11.5, conf: 45 }))).toBe(true);
    expect(settledReading(reading({ score: 6, conf: 40 }))).toBe(true);
  });

  it('does not settle a weakly placed reading at low confidence, nor any below 40', () => {
    expect(settledReading(reading({ score: 5.5, conf: 50 }))).toBe(false);
    expect(settledReading(reading({ score: 12, conf: 39 }))).toBe(false);
  });

  it('does not settle without a type, with lines on end, or when only pictures placed it', () => {
    expect(settledReading(reading({ type: undefined }))).toBe(false);
    expect(settledReading(reading({ sideways: true }))).toBe(false);
    expect(settledReading(reading({ conf: 80, candidates: [{ type: 'CNH_ABERTA', score: 8, cues: ['qr cnh', 'two-card shape 3.1', 'portrait left'] }] }))).toBe(false);
  });
});
