import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { problemResponse } from './problem';
import { quantizeModel } from './quantize-model';
import { AppError } from '../errors';

/**
 * Browser code and models shipped in npm packages, served from our own
 * origin (nothing is fetched from a CDN): the selfie guide's face detector
 * (Human's browser build) and the one model it runs, BlazeFace, its weights
 * stored as 16-bit (half the bytes, the same detections), and TensorFlow.js's
 * WebAssembly kernels for a browser without WebGL (the version Human bundles,
 * which the one in node_modules is: the server runs it). The version is in
 * the path, so each file is cached for a year; each is sent brotli- or
 * gzip-compressed as the browser accepts. An allowlist, never a path from
 * the request.
 */
const HUMAN = '@vladmandic/human';
const TFJS_WASM = '@tensorflow/tfjs-backend-wasm';
/** Human's version, which the page also knows (next.config.mjs puts it in the client build). */
export const TRACKER_VERSION: string = JSON.parse(readFileSync(path.join(process.cwd(), 'node_modules', HUMAN, 'package.json'), 'utf8')).version;

type Loader = () => Promise<Buffer>;
const read = (file: string): Loader => () => fs.readFile(path.join(process.cwd(), 'node_modules', file));

let blazeface: Promise<{ json: string; bin: Buffer }> | undefined;
const quantizedBlazeface = () =>
  (blazeface ??= (async () => {
    const model = JSON.parse((await read(`${HUMAN}/models/blazeface.json`)()).toString('utf8'));
    return quantizeModel(model, [await read(`${HUMAN}/models/blazeface.bin`)()], 'blazeface.bin');
  })());

const FILES: Record<string, { load: Loader; type: string }> = {
  [`human/${TRACKER_VERSION}/human.esm.js`]: { load: read(`${HUMAN}/dist/human.esm.js`), type: 'text/javascript; charset=utf-8' },
  [`human/${TRACKER_VERSION}/models/blazeface.json`]: { load: async () => Buffer.from((await quantizedBlazeface()).json), type: 'application/json' },
  [`human/${TRACKER_VERSION}/models/blazeface.bin`]: { load: async () => (await quantizedBlazeface()).bin, type: 'application/octet-stream' },
  // Without SIMD, or with it (the threaded build needs a cross-origin-isolated page, which ours are not).
  ...Object.fromEntries(
    ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm'].map((f) => [`human/${TRACKER_VERSION}/wasm/${f}`, { load: read(`${TFJS_WASM}/dist/${f}`), type: 'application/wasm' }]),
  ),
};

type Encoding = 'br' | 'gzip' | 'identity';
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const encoded = new Map<string, Promise<Buffer>>();

/**
 * One file in one encoding, made once per process on first request: off the
 * event loop (zlib's thread pool: brotli at its best takes about 4 s for
 * Human's 2 MB), and only the encodings browsers ask for.
 */
function encode(name: string, load: Loader, encoding: Encoding, text: boolean): Promise<Buffer> {
  const key = `${encoding}:${name}`;
  let e = encoded.get(key);
  if (!e) {
    e = load().then((identity) =>
      encoding === 'identity'
        ? identity
        : encoding === 'br'
          ? brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: text ? 11 : 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } })
          : gzip(identity, { level: 9 }),
    );
    e.catch(() => encoded.delete(key));
    encoded.set(key, e);
  }
  return e;
}

/** The encoding to send for an Accept-Encoding header: brotli, else gzip, else none. */
export function pickEncoding(accept: string | null): Encoding {
  const offered = new Map(
    (accept ?? '').split(',').map((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return [name!.trim(), q === undefined ? 1 : Number(q)] as const;
    }),
  );
  const ok = (n: string) => (offered.get(n) ?? offered.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : 'identity';
}

export async function vendorFile(name: string, acceptEncoding: string | null = null): Promise<Response> {
  // Own keys only: `constructor` or `__proto__` must not reach Object.prototype.
  const entry = Object.hasOwn(FILES, name) ? FILES[name] : undefined;
  if (!entry) return problemResponse(new AppError(404, 'not_found', `No file ${name}.`), crypto.randomUUID());
  const encoding = pickEncoding(acceptEncoding);
  const body = await encode(name, entry.load, encoding, entry.type.startsWith('text/') || entry.type === 'application/json');
  return new Response(new Uint8Array(body), {
    headers: {
      'content-type': entry.type,
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
      'content-length': String(body.length),
      vary: 'Accept-Encoding',
      // The version is in the path: a new release is a new URL.
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
    },
  });
}
