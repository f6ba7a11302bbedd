import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { extendWithSurround } from './surround';

describe('a photo widened for a small-face frame', () => {
  it('keeps the photo whole in the middle and carries its border outward, with no mirrored copy of what lies inside', async () => {
    // Grey photo, 200 × 160, with a white bar 10 px inside its left edge (a mirror would repeat it 10 px outside).
    const [w, h, pad] = [200, 160, 120];
    const px = Buffer.alloc(w * h * 3, 90);
    for (let y = 0; y < h; y++) for (let x = 8; x < 14; x++) px.fill(250, (y * w + x) * 3, (y * w + x) * 3 + 3);
    const photo = await sharp(px, { raw: { width: w, height: h, channels: 3 } }).png().toBuffer();
    const out = await extendWithSurround(photo, w, h, pad);
    const { data, info } = await sharp(out).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([w + 2 * pad, h + 2 * pad, 3]);
    const at = (x: number, y: number) => data[(y * info.width + x) * 3]!;
    // The photo itself, untouched.
    expect(at(pad + 10, pad + 80)).toBe(250);
    expect(at(pad + 100, pad + 80)).toBe(90);
    // Where a mirror would put the bar again, and far out in the corner: the border's grey, blurred.
    expect(at(pad - 11, pad + 80)).toBeLessThan(170);
    expect(Math.abs(at(5, 5) - 90)).toBeLessThan(25);
  });
});
