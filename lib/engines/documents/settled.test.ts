import { describe, expect, it } from 'vitest';
import { settledByLabels, settledReading, type Placed } from './settled';

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

describe('settledByLabels (the labels said the page is upright)', () => {
  it('settles a reading placed by its text at any confidence, as surely as a sure reading', () => {
    // A noisy opened RG: placed at 4.33 by its heading, validity line and data layout, words at confidence 35.
    const rg = reading({ type: 'RG_ABERTO', score: 4.33, conf: 35, candidates: [{ type: 'RG_ABERTO', score: 4.33, cues: ['identityHeading', 'nationalValidity', 'two-card shape 3.17'] }] });
    expect(settledReading(rg)).toBe(false);
    expect(settledByLabels(rg)).toBe(true);
  });

  it('does not settle a weak, a sideways or a picture-placed reading', () => {
    expect(settledByLabels(reading({ score: 2.5, conf: 35 }))).toBe(false);
    expect(settledByLabels(reading({ sideways: true, conf: 35 }))).toBe(false);
    expect(settledByLabels(reading({ type: undefined }))).toBe(false);
    expect(settledByLabels(reading({ conf: 35, candidates: [{ type: 'RG_ABERTO', score: 3.5, cues: ['portrait left', 'hue 155', 'two-card shape 3.10', 'portrait left, data right'] }] }))).toBe(false);
  });
});
