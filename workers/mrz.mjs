// A machine-readable zone's mixed readings judged by their check digits
// (lib/engines/documents/mrz-mix.ts) off the request thread: each mix of a
// garbled zone runs the repair search. It runs that very code through tsx's
// require hook (tsx is a runtime dependency: `npm start` runs on it), so there
// is one implementation. Plain .mjs loaded by path at run time; Next.js bundles
// it as a worker chunk, so modules are loaded with Node's own require (a
// dynamic import() would be resolved by the bundler and fail).
import path from 'node:path';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const { root } = workerData;
const require = createRequire(path.join(root, 'package.json'));
require('tsx/cjs/api').register();
const { affordsUntil, readMrzFromReadings } = require(path.join(root, 'lib', 'engines', 'documents', 'mrz-mix.ts'));

parentPort.on('message', (m) => {
  try {
    // The call's time, kept here: `until` is milliseconds since the epoch (Infinity: no limit).
    const read = readMrzFromReadings(m.readings, affordsUntil(m.until));
    parentPort.postMessage({ id: m.id, ok: true, read });
  } catch (err) {
    parentPort.postMessage({ id: m.id, ok: false, error: err instanceof Error ? err.message : String(err) });
  }
});
