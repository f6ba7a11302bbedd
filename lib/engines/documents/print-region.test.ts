import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { flattenFields, generate } from '@/scripts/synth';
import { closeOcrPool } from '../ocr';
import { extractDocument } from '.';
import { locateDocument } from './locate';
import { printRegion } from './print-region';

afterAll(() => closeOcrPool());

/** A 1600 × 1000 photo of a plain surface with light cards on it, each with lines of dark print. */
async function photo(cards: [number, number, number, number][]): Promise<Buffer> {
  const card = ([x, y, w, h]: [number, number, number, number]) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#e9efe6"/>` +
    Array.from({ length: 10 }, (_, k) => `<rect x="${x + w * 0.06}" y="${y + h * (0.1 + k * 0.08)}" width="${w * (k % 3 === 0 ? 0.35 : 0.8)}" height="${h * 0.03}" fill="#222"/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000"><rect width="100%" height="100%" fill="#6b5a48"/>${cards.map(card).join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const holds = ([x, y, w, h]: [number, number, number, number], [cx, cy, cw, ch]: [number, number, number, number]) => x <= cx && y <= cy && x + w >= cx + cw && y + h >= cy + ch;

describe('the print of a document that could not be outlined', () => {
  it('is a box around a small card on a plain surface, with a margin, a small share of the photo', async () => {
    const box = await printRegion(await photo([[640, 400, 330, 210]]));
    expect(box).toBeDefined();
    expect(holds(box!, [660, 420, 290, 170])).toBe(true);
    expect(box![2] * box![3], box!.join()).toBeLessThan(1600 * 1000 * 0.12);
  });

  it('is not found where print covers the frame, or lies in blocks apart', async () => {
    expect(await printRegion(await photo([[0, 0, 1600, 1000]]))).toBeUndefined();
    expect(await printRegion(await photo([[100, 100, 330, 210], [1150, 650, 330, 210]]))).toBeUndefined();
  });

  it('lets a card photographed from afar under a glare be read at the size its letters need', async () => {
    // A tuning-generator RG back at 30 % of a rough phone photo's width, a glare across it: too small for an outline
    // (a card there covers about 5 % of the photo), and read as the whole photo it was not recognised (0 of 8 fields).
    const s = await generate('RG_VERSO', 1000, 'photo', { rough: true, scene: true, sceneFill: 0.3 });
    expect(await locateDocument(s.image)).toBeUndefined();
    const r = await extractDocument(s.image.toString('base64'));
    expect(r.typeRecognized).toBe('RG_VERSO');
    const got = flattenFields(r.fields);
    const right = Object.entries(s.truth.fields).filter(([k, v]) => got[k] === v).length;
    expect(right).toBeGreaterThanOrEqual(6);
  }, 60_000);
});
