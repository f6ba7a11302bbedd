import { describe, expect, it } from 'vitest';
import type { Box } from './image';
import { patchSignal } from './patch';

const W = 800;
const H = 500;
const FIELDS: { key: string; box: Box }[] = [0, 1, 2, 3, 4].map((i) => ({ key: `campo${i}`, box: [40, 40 + i * 90, 400, 40] as Box }));

/** Paper with noise (or none), letters as dark bars in every field, and one field optionally covered with a flat colour first. */
function page(noise: number, patched?: number): Uint8Array {
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const g = new Uint8Array(W * H).map(() => Math.round(200 + (rand() - 0.5) * 2 * noise));
  FIELDS.forEach(({ box: [x, y, w, h] }, i) => {
    if (i === patched) for (let yy = y; yy < y + h; yy++) g.fill(201, yy * W + x, yy * W + x + w);
    for (let k = 0; k < 12; k++) for (let yy = y + 8; yy < y + h - 8; yy++) g.fill(30, yy * W + x + 10 + k * 32, yy * W + x + 18 + k * 32);
  });
  return g;
}

describe('flat patch over a field', () => {
  it('finds the field whose background lost the paper’s texture', () => {
    const s = patchSignal({ grey: { data: page(8, 2), width: W, height: H }, fields: FIELDS });
    expect(s.field).toBe('campo2');
    expect(s.ratio).toBeLessThan(0.2);
  });

  it('stays near 1 on untouched paper, and says nothing on a picture without texture', () => {
    expect(patchSignal({ grey: { data: page(8), width: W, height: H }, fields: FIELDS }).ratio).toBeGreaterThan(0.85);
    expect(patchSignal({ grey: { data: page(0, 2), width: W, height: H }, fields: FIELDS }).ratio).toBe(1);
  });

  it('ignores boxes shared by several fields (values taken from the MRZ band)', () => {
    const mrz: Box = [40, 40 + 2 * 90, 400, 40];
    const fields = [...FIELDS.filter((_, i) => i !== 2), ...['a', 'b', 'c'].map((key) => ({ key, box: mrz }))];
    expect(patchSignal({ grey: { data: page(8, 2), width: W, height: H }, fields }).ratio).toBeGreaterThan(0.85);
  });
});

describe('clipped paper', () => {
  it('is not taken for a patch (a contrast-boosted grey copy blows the paper out to white)', () => {
    const g = page(8);
    const [x, y, w, h] = FIELDS[2]!.box;
    for (let yy = y; yy < y + h; yy++) for (let xx = x; xx < x + w; xx++) if (g[yy * W + xx]! > 100) g[yy * W + xx] = 255;
    expect(patchSignal({ grey: { data: g, width: W, height: H }, fields: FIELDS }).ratio).toBeGreaterThan(0.85);
  });
});
