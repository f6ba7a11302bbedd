import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { generate } from '@/scripts/synth';
import { adviseFrame, measureFrame } from './frame-quality';

/** A frame as the browser sees it: RGBA, 320 px wide. */
async function frame(img: Sharp) {
  const { data, info } = await img.resize({ width: 320 }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return measureFrame(data, info.width, info.height);
}

describe('live document framing guidance', () => {
  it('says ok for generated document photos and names what is wrong with bad ones', async () => {
    const advice: Record<string, string[]> = { ok: [], blurred: [], dark: [], glare: [], empty: [] };
    for (const [i, type] of (['CNH_FRENTE', 'RG_VERSO', 'CIN_FRENTE', 'PASSAPORTE', 'CNH_VERSO', 'CPF'] as const).entries()) {
      const s = await generate(type, 7000 + i, 'photo');
      const small = await sharp(s.image).rotate().resize({ width: 640 }).jpeg().toBuffer();
      advice.ok!.push(adviseFrame(await frame(sharp(small))));
      advice.blurred!.push(adviseFrame(await frame(sharp(small).blur(4))));
      advice.dark!.push(adviseFrame(await frame(sharp(small).linear(0.18, 0))));
      // A lamp's reflection: a blown-out disc over a fifth of the picture.
      const { data, info } = await sharp(small).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const r = info.width * 0.22;
      for (let y = 0; y < info.height; y++) {
        for (let x = 0; x < info.width; x++) if (Math.hypot(x - info.width / 2, y - info.height / 2) < r) data.fill(255, (y * info.width + x) * 3, (y * info.width + x) * 3 + 3);
      }
      advice.glare!.push(adviseFrame(await frame(sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } }))));
      advice.empty!.push(adviseFrame(await frame(sharp({ create: { width: 640, height: 400, channels: 3, background: '#6b5a48' } }).png())));
    }
    expect(advice.ok!.filter((a) => a === 'ok').length, advice.ok!.join()).toBeGreaterThanOrEqual(5);
    expect(advice.blurred!.filter((a) => a === 'blurry').length, advice.blurred!.join()).toBeGreaterThanOrEqual(5);
    expect(advice.dark!.every((a) => a === 'dark'), advice.dark!.join()).toBe(true);
    expect(advice.glare!.filter((a) => a === 'glare').length, advice.glare!.join()).toBeGreaterThanOrEqual(5);
    expect(advice.empty!.every((a) => a === 'empty')).toBe(true);
  }, 60_000);
});
