import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { OcrPool } from './pool';

const line = (text: string) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="64"><rect width="100%" height="100%" fill="white"/><text x="12" y="44" font-size="30" font-family="Liberation Sans, DejaVu Sans, sans-serif">${text}</text></svg>`)).png().toBuffer();

const pool = new OcrPool(1, 2);
afterAll(() => pool.close());

describe('OCR pool', () => {
  it('reads right across recycles, the recycled thread serving while its warmed replacement loads', async () => {
    const texts = ['MARIA DA CONCEIÇÃO', 'JOSÉ DE SOUZA', '12/03/1987', 'RIO DE JANEIRO', 'ANA LÚCIA', 'SÃO PAULO'];
    const read: string[] = [];
    for (const t of texts) read.push((await pool.recognize({ image: await line(t), mode: 'line' })).text.trim());
    expect(read).toEqual(texts);
  }, 60_000);
});
