// Records how long each vitest file took in the last `npm test` (.reports/unit.json) for the longest-first sequencer.
import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const report = JSON.parse(fs.readFileSync(path.join(root, '.reports', 'unit.json'), 'utf8'));
const seconds = Object.fromEntries(
  report.testResults
    .map((f) => [path.relative(root, f.name).split(path.sep).join('/'), Math.round((f.endTime - f.startTime) / 100) / 10])
    .sort((a, b) => b[1] - a[1]),
);
fs.writeFileSync(path.join(root, 'scripts', 'test-order', 'durations.json'), `${JSON.stringify(seconds, null, 1)}\n`);
console.log(`${Object.keys(seconds).length} files recorded`);
