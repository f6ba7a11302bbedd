// Builds the Next.js app when there is no build yet or a source file is newer than it,
// so `npm ci && npm start` works on a fresh clone.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const stamp = path.join(root, '.next', 'BUILD_ID');
const SOURCES = ['app', 'components', 'lib', 'workers', 'public', 'next.config.mjs', 'package.json', 'postcss.config.mjs', 'tsconfig.json'];

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return fs.readdirSync(p).reduce((m, f) => Math.max(m, newest(path.join(p, f))), st.mtimeMs);
}

const upToDate = () => {
  const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  const changed = SOURCES.reduce((m, s) => Math.max(m, newest(path.join(root, s))), 0);
  return { built, fresh: built >= changed && process.env.ATESTA_FORCE_BUILD !== 'true' };
};
if (upToDate().fresh) process.exit(0);

// One build at a time (test files and the bench may ask together): the others wait, then look again.
const lock = path.join(root, '.next-build.lock');
const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
for (;;) {
  try {
    fs.mkdirSync(lock);
    break;
  } catch {
    const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > 15 * 60_000) fs.rmSync(lock, { recursive: true, force: true }); // left by a killed build
    else sleep(1000);
  }
}
process.on('exit', () => fs.rmSync(lock, { recursive: true, force: true }));
const { built, fresh } = upToDate();
if (fresh) process.exit(0);

console.log(built ? 'Sources changed since the last build; rebuilding…' : 'No build yet; building the web app (first start only)…');
const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
  stdio: 'inherit',
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
});
process.exit(result.status ?? 1);
