/**
 * TensorFlow.js graph models made lighter for the browser: every float32
 * weight stored as uint16 with its own affine range (what tfjs-converter's
 * --quantize_uint16 writes; the loader turns them back into floats). Half
 * the bytes, and the selfie guide's detector finds the same faces to 0.003
 * of the frame (lib/platform/http/quantize-model.test.ts). 8 bits were measured too:
 * boxes moved by up to 9 % of the frame and a face was lost.
 */

interface WeightEntry {
  name: string;
  shape: number[];
  dtype: 'float32' | 'int32' | 'bool' | string;
  quantization?: { dtype: string; min?: number; scale?: number };
}

interface ModelJson {
  weightsManifest: { paths: string[]; weights: WeightEntry[] }[];
  [k: string]: unknown;
}

const BYTES: Record<string, number> = { float32: 4, int32: 4, bool: 1 };

/** The model's manifest pointing at `binName`, and that one weights file, float weights as uint16. */
export function quantizeModel(model: ModelJson, shards: Buffer[], binName: string): { json: string; bin: Buffer } {
  const all = Buffer.concat(shards);
  const out: Buffer[] = [];
  const weights: WeightEntry[] = [];
  let at = 0;
  for (const w of model.weightsManifest.flatMap((g) => g.weights)) {
    if (w.quantization) throw new Error(`weight ${w.name} is already quantised`);
    const count = w.shape.reduce((a, b) => a * b, 1);
    const size = count * (BYTES[w.dtype] ?? NaN);
    if (!Number.isFinite(size)) throw new Error(`weight ${w.name}: dtype ${w.dtype} not handled`);
    const raw = all.subarray(at, at + size);
    at += size;
    if (w.dtype !== 'float32' || count < 16) {
      out.push(Buffer.from(raw));
      weights.push(w);
      continue;
    }
    const values = new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + size));
    let min = Infinity;
    let max = -Infinity;
    for (const v of values) {
      if (v < min) min = v;
      if (v > max) max = v;
    }
    const scale = max > min ? (max - min) / 65535 : 1;
    const q = new Uint16Array(count);
    for (let i = 0; i < count; i++) q[i] = Math.round((values[i]! - min) / scale);
    out.push(Buffer.from(q.buffer, q.byteOffset, q.byteLength));
    weights.push({ ...w, quantization: { dtype: 'uint16', min, scale } });
  }
  if (at !== all.length) throw new Error(`weights file has ${all.length - at} bytes the manifest does not describe`);
  const json = JSON.stringify({ ...model, weightsManifest: [{ paths: [binName], weights }] });
  return { json, bin: Buffer.concat(out) };
}
