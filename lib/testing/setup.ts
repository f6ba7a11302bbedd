import { afterAll } from 'vitest';
import { resetConfig } from '../platform/config';
import { resetMasterKey } from '../platform/crypto';
import { stopWorkers } from '../platform/jobs';
import { resetObjectStore } from '../platform/storage';

// Test process defaults: a fixed master key, quiet logs, no demo tenant.
process.env.ATESTA_MASTER_KEY ??= Buffer.alloc(32, 7).toString('base64');
process.env.LOG_LEVEL ??= 'silent';
// Results must not depend on how busy the test machine is: the reading's time budget is a production latency bound (tested on its own).
process.env.DOCUMENT_TIME_BUDGET_MS ??= '120000';
process.env.DOCUMENT_PROCESS_TIME_BUDGET_MS ??= '120000';
process.env.ATESTA_DEMO ??= 'false';
process.env.PUBLIC_URL ??= 'http://atesta.test';

// Test files share a process one after another (vitest.config.ts, `isolate: false`): the OCR and face model pools
// stay warm, but whatever a file set up for itself ends with it. Its job queue (pg-boss on the file's own database)
// stops, and the environment and the process-wide copies parsed from it (configuration, master key, object store)
// return to what they were when the file started.
const environment = { ...process.env };
afterAll(async () => {
  await stopWorkers();
  for (const key of Object.keys(process.env)) if (!(key in environment)) delete process.env[key];
  Object.assign(process.env, environment);
  resetConfig();
  resetMasterKey();
  resetObjectStore();
});
