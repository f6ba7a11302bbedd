import { describe, expect, it } from 'vitest';
import { clahe } from './clahe';

/** A page whose left half lies in shadow: faint strokes (10 levels) on paper at 60 on the left, at 200 on the right. */
function shadowedPage(w = 400, h = 200) {
  const data = Buffer.alloc(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const paper = x < w / 2 ? 60 : 200;
      const stroke = x % 20 < 3 && y % 40 > 10 && y % 40 < 30;
      data[y * w + x] = stroke ? paper - 10 : paper;
    }
  }
  return { data, width: w, height: h };
}

const at = (g: { data: Buffer; width: number }, x: number, y: number) => g.data[y * g.width + x]!;

describe('clahe', () => {
  it('gives faint strokes more contrast in the shadow and in the light alike', () => {
    const page = shadowedPage();
    const out = { data: clahe(page, 50), width: page.width };
    // Stroke against paper, well inside each half (away from the tile interpolation across the boundary); 10 levels before.
    const dark = at(out, 110, 20) - at(out, 101, 20);
    const light = at(out, 310, 20) - at(out, 301, 20);
    expect(dark).toBeGreaterThan(15);
    expect(light).toBeGreaterThan(15);
  });

  it('leaves a flat page flat and keeps its size', () => {
    const data = Buffer.alloc(64 * 48, 128);
    const out = clahe({ data, width: 64, height: 48 }, 16);
    expect(out.length).toBe(64 * 48);
    expect(new Set(out).size).toBe(1);
  });

});
