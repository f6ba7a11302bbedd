import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { facesDir } from '../../testing/datasets';
import { quantizeModel } from './quantize-model';
import { trackerConfig } from './tracker-config';

const models = path.join(process.cwd(), 'node_modules', '@vladmandic', 'human', 'models');
const original = { json: JSON.parse(fs.readFileSync(path.join(models, 'blazeface.json'), 'utf8')), bin: fs.readFileSync(path.join(models, 'blazeface.bin')) };

describe('quantizeModel', () => {
  it('stores every float weight in half the bytes, each within half a step of its value', () => {
    const { json, bin } = quantizeModel(original.json, [original.bin], 'blazeface.bin');
    const manifest = JSON.parse(json).weightsManifest;
    expect(manifest).toHaveLength(1);
    expect(manifest[0].paths).toEqual(['blazeface.bin']);
    expect(bin.length).toBeLessThan(original.bin.length * 0.51);
    let at = 0;
    let from = 0;
    let checked = 0;
    for (const w of manifest[0].weights) {
      const count = w.shape.reduce((a: number, b: number) => a * b, 1);
      if (!w.quantization) {
        expect(bin.subarray(at, at + count * 4).equals(original.bin.subarray(from, from + count * 4)), w.name).toBe(true);
        at += count * 4;
        from += count * 4;
        continue;
      }
      expect(w.quantization.dtype).toBe('uint16');
      const q = new Uint16Array(bin.buffer.slice(bin.byteOffset + at, bin.byteOffset + at + count * 2));
      const f = new Float32Array(original.bin.buffer.slice(original.bin.byteOffset + from, original.bin.byteOffset + from + count * 4));
      for (let i = 0; i < count; i++) expect(Math.abs(w.quantization.min + q[i]! * w.quantization.scale - f[i]!)).toBeLessThanOrEqual(w.quantization.scale / 2 + 1e-6);
      at += count * 2;
      from += count * 4;
      checked++;
    }
    expect(checked).toBeGreaterThan(40);
    expect(at).toBe(bin.length);
  });

  it('refuses a weights file the manifest does not describe', () => {
    expect(() => quantizeModel(original.json, [original.bin.subarray(0, 1000)], 'x.bin')).toThrow();
    expect(() => quantizeModel(original.json, [original.bin, Buffer.alloc(8)], 'x.bin')).toThrow(/bytes the manifest does not describe/);
  });
});

// The browser's detector (Human's BlazeFace) run in Node on the original and the served weights.
describe('the served BlazeFace finds the same faces as the original', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atesta-quantized-'));
  const realFetch = globalThis.fetch;
  afterAll(() => {
    globalThis.fetch = realFetch;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('boxes and keypoints agree on faces of the shared dataset', async () => {
    const { json, bin } = quantizeModel(original.json, [original.bin], 'blazeface.bin');
    fs.writeFileSync(path.join(dir, 'blazeface.json'), json);
    fs.writeFileSync(path.join(dir, 'blazeface.bin'), bin);
    // Human loads models with fetch(); Node's fetch has no file: scheme.
    globalThis.fetch = (async (u: string | URL | Request, o?: RequestInit) => (String(u).startsWith('file://') ? new Response(fs.readFileSync(new URL(String(u)))) : realFetch(u, o))) as typeof fetch;
    const require = createRequire(import.meta.url);
    const H = require(path.join(process.cwd(), 'node_modules', '@vladmandic', 'human', 'dist', 'human.node-wasm.js'));
    const config = (base: string) => ({
      ...trackerConfig(`file://${base}/`),
      backend: 'wasm',
      wasmPath: `file://${path.join(process.cwd(), 'node_modules', '@tensorflow', 'tfjs-backend-wasm', 'dist')}/`,
    });
    const a = new H.Human(config(models));
    const b = new H.Human(config(dir));
    await a.load();
    await b.load();
    const files = fs.readdirSync(path.join(facesDir(), 'deepface')).filter((f) => /^img\d+\.jpg$/.test(f)).sort().slice(0, 12);
    let compared = 0;
    for (const f of files) {
      const { data, info } = await sharp(path.join(facesDir(), 'deepface', f)).resize({ width: 640, height: 480, fit: 'contain', background: '#404040' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const t = a.tf.tensor4d(Int32Array.from(data), [1, info.height, info.width, 3], 'int32');
      const [ra, rb] = [await a.detect(t), await b.detect(t)];
      a.tf.dispose(t);
      expect(rb.face.length, f).toBe(ra.face.length);
      if (!ra.face[0]) continue;
      const [fa, fb] = [ra.face[0], rb.face[0]];
      for (let i = 0; i < 4; i++) expect(Math.abs(fa.boxRaw[i] - fb.boxRaw[i]), `${f} box`).toBeLessThan(0.01);
      for (let k = 0; k < fa.meshRaw.length; k++) expect(Math.hypot(fa.meshRaw[k][0] - fb.meshRaw[k][0], fa.meshRaw[k][1] - fb.meshRaw[k][1]), `${f} keypoint ${k}`).toBeLessThan(0.01);
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(10);
  }, 120_000);
});
