import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Point } from '../media';
import { cardColour } from './colour';

/** A pale mint card tilted 15° on a saturated purple table, as a PNG, with its outline and the box around it. */
async function tiltedCard() {
  const [cx, cy, w, h, a] = [500, 380, 640, 405, (15 * Math.PI) / 180];
  const quad: Point[] = [[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]].map(([x, y]) => [cx + x! * Math.cos(a) - y! * Math.sin(a), cy + x! * Math.sin(a) + y! * Math.cos(a)] as Point);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="760"><rect width="1000" height="760" fill="#4a2fa0"/><polygon fill="#d2f0dc" points="${quad.map((p) => p.join(',')).join(' ')}"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const xs = quad.map((p) => p[0]);
  const ys = quad.map((p) => p[1]);
  const box: [number, number, number, number] = [Math.floor(Math.min(...xs)), Math.floor(Math.min(...ys)), Math.ceil(Math.max(...xs) - Math.min(...xs)), Math.ceil(Math.max(...ys) - Math.min(...ys))];
  return { png, quad, box };
}

describe('card colour', () => {
  it('is measured inside the card\'s outline: the surface in the corners of a tilted card\'s box does not tint it', async () => {
    const { png, quad, box } = await tiltedCard();
    const card = await cardColour(png, box, quad);
    // #d2f0dc: hue 140°, pale.
    expect(Math.abs(card.hue - 140)).toBeLessThan(10);
    expect(card.saturation).toBeLessThan(0.2);
    // The box alone is outweighed by the table's purple (#4a2fa0: hue 254°).
    const boxed = await cardColour(png, box);
    expect(Math.abs(boxed.hue - 254)).toBeLessThan(20);
  });
});
