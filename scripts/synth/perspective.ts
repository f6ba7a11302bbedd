import sharp from 'sharp';
import type { Rng } from './random';

type Pt = [number, number];

/** Homography that maps the four `from` points onto the four `to` points (DLT, 8 unknowns). */
function homography(from: Pt[], to: Pt[]): number[] {
  const a: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  // Gaussian elimination.
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r;
    [a[c], a[p]] = [a[p]!, a[c]!];
    [b[c], b[p]] = [b[p]!, b[c]!];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = a[r]![c]! / a[c]![c]!;
      for (let k = c; k < 8; k++) a[r]![k]! -= f * a[c]![k]!;
      b[r]! -= f * b[c]!;
    }
  }
  return [...b.map((v, i) => v / a[i]![i]!), 1];
}

/**
 * The document seen at an angle: its corners pulled in by up to `strength`
 * of its size (a phone not held parallel to the card). Transparent outside.
 */
export async function perspective(png: Buffer, r: Rng, strength = 0.08): Promise<Buffer> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = info;
  const j = () => r.next() * strength;
  const dst: Pt[] = [
    [j() * w, j() * h],
    [w - 1 - j() * w, j() * h],
    [w - 1 - j() * w, h - 1 - j() * h],
    [j() * w, h - 1 - j() * h],
  ];
  const src: Pt[] = [
    [0, 0],
    [w - 1, 0],
    [w - 1, h - 1],
    [0, h - 1],
  ];
  const m = homography(dst, src); // output pixel -> source pixel
  const out = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const d = m[6]! * x + m[7]! * y + m[8]!;
      const sx = (m[0]! * x + m[1]! * y + m[2]!) / d;
      const sy = (m[3]! * x + m[4]! * y + m[5]!) / d;
      if (sx < 0 || sy < 0 || sx > w - 1 || sy > h - 1) continue;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const x1 = Math.min(w - 1, x0 + 1);
      const y1 = Math.min(h - 1, y0 + 1);
      for (let c = 0; c < 4; c++) {
        const v =
          data[(y0 * w + x0) * 4 + c]! * (1 - fx) * (1 - fy) +
          data[(y0 * w + x1) * 4 + c]! * fx * (1 - fy) +
          data[(y1 * w + x0) * 4 + c]! * (1 - fx) * fy +
          data[(y1 * w + x1) * 4 + c]! * fx * fy;
        out[(y * w + x) * 4 + c] = v;
      }
    }
  }
  return sharp(out, { raw: { width: w, height: h, channels: 4 } }).png({ compressionLevel: 0 }).toBuffer();
}
