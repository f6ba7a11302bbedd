import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { epochNow } from '../../platform/workers';
import { OcrPool } from './pool';

const line = (text: string) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="64"><rect width="100%" height="100%" fill="white"/><text x="12" y="44" font-size="30" font-family="Liberation Sans, DejaVu Sans, sans-serif">${text}</text></svg>`)).png().toBuffer();

/** Wavy stripes, as a patterned surface photographed around a card: Tesseract's layout analysis takes about a second on it. */
async function stripes(): Promise<Buffer> {
  const [w, h] = [1700, 900];
  const px = Buffer.alloc(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) px[y * w + x] = Math.sin(((y + 5 * Math.sin(x / 23)) * 2 * Math.PI) / 11) > 0.2 ? 40 : 225;
  return sharp(px, { raw: { width: w, height: h, channels: 1 } }).png().toBuffer();
}

const pool = new OcrPool(1, 2);
afterAll(() => pool.close());

describe('OCR pool', () => {
  it('reads right across recycles, the recycled thread serving while its warmed replacement loads', async () => {
    const texts = ['MARIA DA CONCEIÇÃO', 'JOSÉ DE SOUZA', '12/03/1987', 'RIO DE JANEIRO', 'ANA LÚCIA', 'SÃO PAULO'];
    const read: string[] = [];
    for (const t of texts) read.push((await pool.recognize({ image: await line(t), mode: 'line' })).text.trim());
    expect(read).toEqual(texts);
  }, 60_000);

  it('stops a reading at its deadline, and reads on with a fresh thread', async () => {
    const slow = await pool.recognize({ image: await stripes(), mode: 'auto', deadline: epochNow() + 50 });
    expect(slow).toMatchObject({ cut: true, lines: [], text: '' });
    // A deadline already past: not started at all.
    expect((await pool.recognize({ image: await line('ANA LÚCIA'), mode: 'line', deadline: epochNow() - 1 })).cut).toBe(true);
    // The stopped thread was replaced: the next reading is whole, and one finished in time is not cut.
    const next = await pool.recognize({ image: await line('JOSÉ DE SOUZA'), mode: 'line', deadline: epochNow() + 30_000 });
    expect(next.text.trim()).toBe('JOSÉ DE SOUZA');
    expect(next.cut).toBeUndefined();
  }, 60_000);
});
