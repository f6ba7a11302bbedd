import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { qrPng } from '../qr';
import { readQrCodes, uprightTurn } from './qr';

describe('a QR code says which way up the page is', () => {
  it('gives the clockwise quarter turn that stands the code upright', async () => {
    // A white margin around the code, as on a card.
    const code = await sharp(await qrPng('{"nome":"ANA SOUZA","cpf":"52998224725"}')).extend({ top: 60, bottom: 60, left: 60, right: 60, background: '#ffffff' }).png().toBuffer();
    for (const rotated of [0, 90, 180, 270] as const) {
      const page = await sharp(code).rotate(rotated).png().toBuffer();
      const [found] = await readQrCodes(page);
      expect(found?.turn, `rotated ${rotated}°`).toBe((360 - rotated) % 360);
    }
  });

  it('levels a top edge tilted by a few degrees to the nearest quarter', () => {
    expect(uprightTurn({ x: 0, y: 0 }, { x: 100, y: 12 })).toBe(0);
    expect(uprightTurn({ x: 100, y: 0 }, { x: 0, y: -10 })).toBe(180);
    expect(uprightTurn({ x: 0, y: 0 }, { x: -8, y: 100 })).toBe(270);
    expect(uprightTurn({ x: 0, y: 100 }, { x: 6, y: 0 })).toBe(90);
  });
});
