// `npm test`: the structure rules (scripts/deps), unit and integration tests (vitest), then browser tests (Playwright),
// ending with one line `N passed, N failed` (also written to .reports/summary.txt).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();
// Not test-results/: Playwright empties that folder when it starts.
const out = path.join(root, '.reports');
fs.mkdirSync(out, { recursive: true });
const unitJson = path.join(out, 'unit.json');
const e2eJson = path.join(out, 'e2e.json');
for (const f of [unitJson, e2eJson]) fs.rmSync(f, { force: true });

const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file);
const run = (args, env = {}) => spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status;

// The built web app, once, before the tests that start it as a child process (and Playwright) need it.
const buildStatus = run([path.join(root, 'scripts', 'ensure-build.mjs')]);
if (buildStatus !== 0) {
  fs.writeFileSync(path.join(out, 'summary.txt'), '0 passed, 1 failed\n');
  console.log('next build failed\n0 passed, 1 failed');
  process.exit(1);
}
// The structure rules (docs/architecture.md): no cycle, layers point one way, one database style. Counted as one check.
const depsStatus = run([path.join(root, 'scripts', 'deps', 'check.mjs')]);
const unitStatus = run([bin('vitest', 'vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitJson}`]);
const e2eStatus = run([bin('@playwright/test', 'cli.js'), 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson });

function counts(file, read) {
  try {
    return read(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch {
    return { passed: 0, failed: 1 }; // the runner crashed before reporting
  }
}
const unit = counts(unitJson, (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0) }));
const e2e = counts(e2eJson, (r) => ({ passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected + (r.errors?.length ?? 0) }));
const deps = depsStatus === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
let failed = unit.failed + e2e.failed + deps.failed;
if (failed === 0 && (unitStatus !== 0 || e2eStatus !== 0)) failed = 1; // a non-zero exit always counts
// The names of what failed, just above the summary, so the tail of a CI log says which tests and why.
const flaky = [];
function failures() {
  const lines = [];
  const short = (m) => String(m ?? '').split('\n').find((l) => l.trim())?.trim().slice(0, 300) ?? '';
  try {
    const r = JSON.parse(fs.readFileSync(unitJson, 'utf8'));
    for (const file of r.testResults ?? []) {
      const rel = path.relative(root, file.name);
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed')) lines.push(`${rel}: ${short(file.message)}`);
      for (const a of file.assertionResults ?? []) if (a.status === 'failed') lines.push(`${rel} › ${a.fullName}: ${short(a.failureMessages?.[0])}`);
    }
  } catch {}
  try {
    const r = JSON.parse(fs.readFileSync(e2eJson, 'utf8'));
    const walk = (suite) => {
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests ?? []) {
          if (t.status === 'unexpected') lines.push(`${spec.file} › ${spec.title} [${t.projectName}]: ${short(t.results?.at(-1)?.error?.message)}`);
          // Passed on its retry (CI only): counted as passed, named here so a flake is not forgotten.
          if (t.status === 'flaky') flaky.push(`${spec.file} › ${spec.title} [${t.projectName}]: ${short(t.results?.[0]?.error?.message)}`);
        }
      for (const s of suite.suites ?? []) walk(s);
    };
    for (const s of r.suites ?? []) walk(s);
  } catch {}
  return lines;
}
const failedNames = failures();
if (flaky.length) console.log(`\nflaky (passed on retry):\n${flaky.map((l) => `  ~ ${l}`).join('\n')}`);
if (failedNames.length) console.log(`\nfailed:\n${failedNames.map((l) => `  ✗ ${l}`).join('\n')}`);
const summary = `${unit.passed + e2e.passed + deps.passed} passed, ${failed} failed`;
fs.writeFileSync(path.join(out, 'summary.txt'), `${summary}\n`);
console.log(`\nstructure rules: ${deps.failed ? 'violated' : 'hold'}; unit/integration: ${unit.passed} passed, ${unit.failed} failed; browser: ${e2e.passed} passed, ${e2e.failed} failed`);
console.log(summary);
process.exit(failed === 0 ? 0 : 1);
