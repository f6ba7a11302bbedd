import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeOcrPool, ocrPool } from '../ocr';
import { toGrey } from './box';
import { clearlyBest, probeLevelFirst, probeTurns, quarterAfterProbes, type ProbeMemo } from './orientation';

afterAll(async () => closeOcrPool());

/**
 * A grey card printed with a few lines of text, tilted and turned `turn` degrees, painted white around as the engine
 * crops it (the light of a phone photo of a card: paper at about 190 grey, shaded, on white).
 */
async function card(turn: 0 | 180): Promise<Buffer> {
  const lines = ['REPUBLICA FEDERATIVA DO BRASIL', 'CARTEIRA NACIONAL DE HABILITACAO', 'NOME ANTONIO DA SOUZA', 'DATA LOCAL E UF DE NASCIMENTO', 'VALIDADE PRIMEIRA HABILITACAO', 'FILIACAO PAULA OLIVEIRA ROCHA'];
  const text = lines.map((l, i) => `<text x="${150}" y="${190 + i * 50}" font-family="Liberation Sans, sans-serif" font-size="26" fill="#2a2a2a">${l}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1100" height="640"><rect width="1100" height="640" fill="#ffffff"/>
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c8c8c8"/><stop offset="1" stop-color="#a0a0a0"/></linearGradient></defs>
    <g transform="rotate(5 550 320)"><rect x="110" y="110" width="760" height="420" rx="20" fill="url(#g)" stroke="#505050" stroke-width="5"/>${text}</g></svg>`;
  return sharp(Buffer.from(svg)).rotate(turn).png().toBuffer();
}

describe('orientation probes', () => {
  it('keep lines standing on end a quarter turn when neither quarter turn is legible at the probe size, the other quarter next', () => {
    expect(quarterAfterProbes(90, undefined)).toEqual({ turn: 90, thenOpposite: true });
    expect(quarterAfterProbes(90, { turn: 270 })).toEqual({ turn: 270, thenOpposite: false });
    expect(quarterAfterProbes(90, { turn: 90 })).toEqual({ turn: 90, thenOpposite: false });
  });

  it('name the upside-down turn of a grey card on white, which Tesseract reads as one dark picture unless the page is evenly lit', async () => {
    const probed = await probeLevelFirst(await toGrey(sharp(await card(180))));
    expect(clearlyBest(probed)).toBe(180);
    // Level and upside down settled it: the quarter turns were not probed.
    expect(probed.map((p) => p.turn)).not.toContain(90);
  }, 60_000);

  it('leave an upright card upright', async () => {
    const probed = await probeLevelFirst(await toGrey(sharp(await card(0))));
    expect(clearlyBest(probed)).toBe(0);
    expect(probed.map((p) => p.turn)).not.toContain(270);
  }, 60_000);

  it('probe a turn once per document: the quarter turns probed first are not read again when every turn is probed', async () => {
    const page = await toGrey(sharp(await card(0)));
    const seen: ProbeMemo = new Map();
    const reads = vi.spyOn(ocrPool(), 'recognize');
    try {
      const quarter = await probeTurns(page, [90, 270], undefined, seen);
      expect(reads).toHaveBeenCalledTimes(2);
      // All four asked for: only level and upside down are read.
      const all = await probeTurns(page, [0, 180, 90, 270], undefined, seen);
      expect(reads).toHaveBeenCalledTimes(4);
      expect(all.filter((p) => p.turn === 90 || p.turn === 270)).toEqual(quarter);
      expect(clearlyBest(all)).toBe(0);
    } finally {
      reads.mockRestore();
    }
  }, 60_000);
});
