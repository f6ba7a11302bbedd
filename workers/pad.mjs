// Passive-liveness signals (face spectra, Welch grid measures, colour and
// texture descriptors: a few hundred FFTs per picture) off the request thread.
// It runs the very code the PAD model was trained on
// (lib/engines/face/pad/signals.ts) through tsx's require hook (tsx is a
// runtime dependency: `npm start` runs on it), so there is one
// implementation. Plain .mjs loaded by path at run time; Next.js bundles it
// as a worker chunk, so modules are loaded with Node's own require (a dynamic
// import() would be resolved by the bundler and fail).
import path from 'node:path';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const { root } = workerData;
const require = createRequire(path.join(root, 'package.json'));
require('tsx/cjs/api').register();
const { gridSignals, padSignals } = require(path.join(root, 'lib', 'engines', 'face', 'pad', 'signals.ts'));

parentPort.on('message', async (m) => {
  try {
    // 'rest': every signal but the grid measures (left at their neutral values); 'grids': those alone.
    const png = Buffer.from(m.png);
    const signals = m.part === 'grids' ? await gridSignals(png, m.width, m.height, m.box) : await padSignals(png, m.width, m.height, m.box, { grids: false });
    parentPort.postMessage({ id: m.id, ok: true, signals });
  } catch (err) {
    parentPort.postMessage({ id: m.id, ok: false, error: err instanceof Error ? err.message : String(err) });
  }
});
