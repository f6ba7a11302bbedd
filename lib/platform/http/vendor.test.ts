import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pickEncoding, TRACKER_VERSION, vendorFile } from './vendor';

const base = `human/${TRACKER_VERSION}`;

describe('vendor files', () => {
  it('serves the tracker and its one model compressed as the browser accepts, cached for a year under a versioned path', async () => {
    const js = await vendorFile(`${base}/human.esm.js`, 'gzip, deflate, br, zstd');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('content-encoding')).toBe('br');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(js.headers.get('vary')).toBe('Accept-Encoding');
    const br = Buffer.from(await js.arrayBuffer());
    expect(Number(js.headers.get('content-length'))).toBe(br.length);
    const plain = zlib.brotliDecompressSync(br);
    expect(plain.toString('utf8', 0, 2000)).toMatch(/Human/);
    expect(br.length).toBeLessThan(plain.length / 4);

    const gz = await vendorFile(`${base}/models/blazeface.bin`, 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const bin = zlib.gunzipSync(Buffer.from(await gz.arrayBuffer()));
    const json = await vendorFile(`${base}/models/blazeface.json`, null);
    expect(json.headers.get('content-encoding')).toBeNull();
    const manifest = (await json.json()).weightsManifest;
    expect(manifest[0].paths).toEqual(['blazeface.bin']);
    expect(manifest[0].weights.some((w: { quantization?: { dtype: string } }) => w.quantization?.dtype === 'uint16')).toBe(true);
    expect(bin.length).toBeLessThan(300_000);
  });

  it('serves the WebAssembly kernels for a browser without WebGL, compressed, as application/wasm (so they compile while they stream)', async () => {
    for (const kernel of ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm']) {
      const res = await vendorFile(`${base}/wasm/${kernel}`, 'br');
      expect(res.status, kernel).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/wasm');
      expect(res.headers.get('content-encoding')).toBe('br');
      const wasm = zlib.brotliDecompressSync(Buffer.from(await res.arrayBuffer()));
      expect(WebAssembly.validate(wasm), kernel).toBe(true);
    }
  });

  it('serves nothing the selfie guide does not use, nor an unversioned path', async () => {
    // The threaded kernels need a cross-origin-isolated page, which the step pages are not.
    for (const name of [`${base}/models/facemesh.json`, `${base}/models/iris.bin`, 'human/models/blazeface.json', 'human/human.esm.js', `${base}/wasm/tfjs-backend-wasm-threaded-simd.wasm`]) {
      expect((await vendorFile(name)).status, name).toBe(404);
    }
  });

  it('answers 404 problem+json for names of Object.prototype members (they used to throw, a 500)', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', '../package.json']) {
      const res = await vendorFile(name);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
    }
  });

  it('picks brotli, then gzip, honouring q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBe('identity');
    expect(pickEncoding(null)).toBe('identity');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('br;q=0, gzip;q=0')).toBe('identity');
  });
});
