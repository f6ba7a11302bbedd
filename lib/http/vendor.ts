import fs from 'node:fs/promises';
import path from 'node:path';
import { problemResponse } from './problem';
import { AppError } from '../errors';

/**
 * Browser code and models shipped in npm packages, served from our own
 * origin (nothing is fetched from a CDN): the in-browser face detector of the
 * selfie step and its models. An allowlist, never a path from the request.
 */
const FILES: Record<string, { file: string; type: string }> = {
  'human/human.esm.js': { file: '@vladmandic/human/dist/human.esm.js', type: 'text/javascript; charset=utf-8' },
  'human/models/blazeface.json': { file: '@vladmandic/human/models/blazeface.json', type: 'application/json' },
  'human/models/blazeface.bin': { file: '@vladmandic/human/models/blazeface.bin', type: 'application/octet-stream' },
  'human/models/facemesh.json': { file: '@vladmandic/human/models/facemesh.json', type: 'application/json' },
  'human/models/facemesh.bin': { file: '@vladmandic/human/models/facemesh.bin', type: 'application/octet-stream' },
};

export async function vendorFile(name: string): Promise<Response> {
  // Own keys only: `constructor` or `__proto__` must not reach Object.prototype.
  const entry = Object.hasOwn(FILES, name) ? FILES[name] : undefined;
  if (!entry) return problemResponse(new AppError(404, 'not_found', `No file ${name}.`), crypto.randomUUID());
  const body = await fs.readFile(path.join(process.cwd(), 'node_modules', entry.file));
  return new Response(new Uint8Array(body), {
    headers: {
      'content-type': entry.type,
      'cache-control': 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
    },
  });
}
