import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { closePadPool, padSignalsOffThread } from './pool';
import { padSignals } from './signals';

/** A noisy, shaded 320 × 240 picture (a face-sized box in it is enough for the signals). */
async function picture() {
  const [w, h] = [320, 240];
  const raw = Buffer.alloc(w * h * 3);
  let s = 7;
  const random = () => (s = (s * 16807) % 2147483647) / 2147483647;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) for (let c = 0; c < 3; c++) raw[(y * w + x) * 3 + c] = Math.round(60 + x / 3 + c * 20 + random() * 30);
  return { png: await sharp(raw, { raw: { width: w, height: h, channels: 3 } }).png().toBuffer(), width: w, height: h };
}

afterAll(async () => closePadPool());

describe('passive-liveness signals on a worker thread', () => {
  it('are the very signals measured on the calling thread (the model was trained on those)', async () => {
    const pic = await picture();
    const box: [number, number, number, number] = [100, 60, 120, 130];
    const here = await padSignals(pic.png, pic.width, pic.height, box);
    const there = await padSignalsOffThread(pic.png, pic.width, pic.height, box);
    expect(there).toEqual(here);
  }, 60_000);

  it('fail a bad picture with an error, and the thread answers the next call', async () => {
    await expect(padSignalsOffThread(Buffer.from('not an image'), 10, 10, [0, 0, 5, 5])).rejects.toThrow();
    const pic = await picture();
    const signals = await padSignalsOffThread(pic.png, pic.width, pic.height, [100, 60, 120, 130], { grids: false });
    expect(signals.frameGrid).toBe(0);
    expect(signals.sharpness).toBeGreaterThan(-10);
  }, 60_000);
});
