import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { generate } from '@/scripts/synth';
import { adviseDocument, DOCUMENT_LIMITS, documentProblem, overlayRegion } from './capture-quality';
import { cameraFrame, guideMeasures } from '../../testing/capture-frames';

describe('one quality judgement for document captures', () => {
  it('the overlay is wide enough on a 640×480 webcam for a card filling it to be tall enough for the server', () => {
    for (const [w, h] of [[640, 480], [1280, 720], [1920, 1080], [720, 1280]] as const) {
      const r = overlayRegion(w, h);
      expect(r.h, `${w}×${h}`).toBeGreaterThanOrEqual(DOCUMENT_LIMITS.minDocumentHeight);
      expect(r.w).toBeLessThanOrEqual(w);
      expect(r.h).toBeLessThanOrEqual(h);
    }
    // 86 % of the width, unless the height limits it (16:9).
    expect(overlayRegion(1920, 1440).w / 1920).toBeCloseTo(0.86, 2);
    expect(overlayRegion(1280, 720).w / 1280).toBeGreaterThan(0.8);
    expect(overlayRegion(640, 480).w / 640).toBeGreaterThan(0.9);
  });

  it('the server part is the guide part: focus, then size, then glare', () => {
    const good = { documentHeight: 500, sharpness: 100, glare: 0.01, brightness: 120, contrast: 40, edges: 0.1 };
    expect(adviseDocument(good)).toBe('ok');
    expect(documentProblem(good)).toBeUndefined();
    expect(adviseDocument({ ...good, documentHeight: 300 })).toBe('closer');
    expect(documentProblem({ ...good, documentHeight: 300, sharpness: 5 })).toBe('blurry');
    expect(adviseDocument({ ...good, documentHeight: 300, sharpness: 5 })).toBe('blurry');
    expect(adviseDocument({ ...good, sharpness: 5, glare: 0.9 })).toBe('blurry');
    expect(adviseDocument({ ...good, glare: 0.9 })).toBe('glare');
    const dark = { ...good, brightness: 20 };
    expect(adviseDocument(dark)).toBe('dark');
    expect(documentProblem(dark)).toBeUndefined();
  });

  it('says ok for generated document photos filling the overlay and names what is wrong with bad ones', async () => {
    const advice: Record<string, string[]> = { ok: [], closer: [], blurred: [], dark: [], glare: [], empty: [] };
    const [W, H] = [1280, 720];
    for (const [i, type] of (['CNH_FRENTE', 'RG_VERSO', 'CIN_FRENTE', 'PASSAPORTE', 'CNH_VERSO', 'CPF'] as const).entries()) {
      const s = await generate(type, 7000 + i, 'photo');
      const filling = await cameraFrame(s.image, W, H, 1.1);
      advice.ok!.push(adviseDocument(await guideMeasures(sharp(filling), W, H)));
      advice.closer!.push(adviseDocument(await guideMeasures(sharp(await cameraFrame(s.image, 640, 480, 0.55)), 640, 480)));
      advice.blurred!.push(adviseDocument(await guideMeasures(sharp(filling).blur(6), W, H)));
      advice.dark!.push(adviseDocument(await guideMeasures(sharp(filling).linear(0.18, 0), W, H)));
      // A lamp's reflection: a blown-out disc over a good part of the card.
      const { data, info } = await sharp(filling).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const r = info.height * 0.42;
      for (let y = 0; y < info.height; y++) {
        for (let x = 0; x < info.width; x++) if (Math.hypot(x - info.width / 2, y - info.height / 2) < r) data.fill(255, (y * info.width + x) * 3, (y * info.width + x) * 3 + 3);
      }
      advice.glare!.push(adviseDocument(await guideMeasures(sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } }), W, H)));
      advice.empty!.push(adviseDocument(await guideMeasures(sharp({ create: { width: W, height: H, channels: 3, background: '#6b5a48' } }).png(), W, H)));
    }
    expect(advice.ok!.filter((a) => a === 'ok').length, advice.ok!.join()).toBeGreaterThanOrEqual(5);
    expect(advice.closer!.every((a) => a === 'closer'), advice.closer!.join()).toBe(true);
    expect(advice.blurred!.filter((a) => a === 'blurry').length, advice.blurred!.join()).toBeGreaterThanOrEqual(5);
    expect(advice.dark!.every((a) => a === 'dark'), advice.dark!.join()).toBe(true);
    expect(advice.glare!.filter((a) => a === 'glare').length, advice.glare!.join()).toBeGreaterThanOrEqual(5);
    expect(advice.empty!.every((a) => a === 'empty')).toBe(true);
  }, 120_000);
});
