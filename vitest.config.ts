import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './scripts/test-order/sequencer';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(__dirname) } },
  test: {
    environment: 'node',
    include: ['lib/**/*.test.ts', 'app/**/*.test.ts', 'scripts/**/*.test.ts', 'components/**/*.test.ts'],
    setupFiles: ['lib/testing/setup.ts'],
    pool: 'forks',
    // Two files at a time even on two cores: most files wait on servers, databases and timers, not the CPU
    // (measured here: 925 s against 1 522 s one file at a time, all green). OCR and face work already run in worker threads.
    maxWorkers: 2,
    minWorkers: 1,
    // Files run one after another in each worker's process instead of a fresh process each: imports and the OCR and face
    // model pools are paid once per worker, not once per file (measured here: 1 154 -> 1 016 s for the whole suite, on a
    // CPU that is busy throughout). What a file sets up for itself is undone after it (lib/testing/setup.ts).
    isolate: false,
    sequence: { sequencer: LongestFirstSequencer },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
