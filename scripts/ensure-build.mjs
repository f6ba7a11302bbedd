// Builds the Next.js app when there is no build yet or a source file is newer than it,
// so `npm ci && npm start` works on a fresh clone.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const stamp = path.join(root, '.next', 'BUILD_ID');
const SOURCES = ['app', 'components', 'lib', 'public', 'next.config.mjs', 'package.json', 'postcss.config.mjs', 'tsconfig.json'];

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return fs.readdirSync(p).reduce((m, f) => Math.max(m, newest(path.join(p, f))), st.mtimeMs);
}

const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
const changed = SOURCES.reduce((m, s) => Math.max(m, newest(path.join(root, s))), 0);
if (built && built >= changed && process.env.ATESTA_FORCE_BUILD !== 'true') process.exit(0);

console.log(built ? 'Sources changed since the last build; rebuilding…' : 'No build yet; building the web app (first start only)…');
const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
  stdio: 'inherit',
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
});
process.exit(result.status ?? 1);
