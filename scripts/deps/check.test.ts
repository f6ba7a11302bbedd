import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain .mjs tool without types
import { checkDependencies } from './check.mjs';

/** A small tree laid out like lib/, with the project's own rules file. */
function fixture(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'deps-'));
  fs.copyFileSync(path.join(process.cwd(), '.dependency-cruiser.cjs'), path.join(root, '.dependency-cruiser.cjs'));
  fs.writeFileSync(path.join(root, 'package.json'), '{"name":"fixture"}');
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

const roots: string[] = [];
const check = async (files: Record<string, string>) => {
  const root = fixture(files);
  roots.push(root);
  return (await checkDependencies({ root, dirs: ['lib', 'components'], tsConfig: null })) as string[];
};
afterAll(() => roots.forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

describe('import rules (npm run check:deps)', () => {
  it('pass a tree that keeps them', async () => {
    expect(
      await check({
        'lib/db/index.ts': 'export const db = 1;\n',
        'lib/face/index.ts': "import { db } from '../db';\nexport const face = db;\n",
        'lib/onboarding/index.ts': "import { face } from '../face';\nexport const run = face;\n",
      }),
    ).toEqual([]);
  });

  it('fail on a file cycle, a capability cycle, an engine importing a process, the platform knowing the business, a page reading the database and the product importing a test helper', async () => {
    const lines = await check({
      'lib/db/index.ts': "import { face } from '../face/model';\nexport const db = face;\n",
      'lib/face/model.ts': 'export const face = 1;\n',
      'lib/face/index.ts': "import { run } from '../onboarding';\nexport const f = run;\n",
      'lib/onboarding/index.ts': "import { f } from '../face';\nimport { helper } from '../testing';\nexport const run = 1;\nexport const g = [f, helper];\n",
      'lib/testing/index.ts': 'export const helper = 1;\n',
      'lib/steps/a.ts': "import { b } from './b';\nexport const a = b;\n",
      'lib/steps/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
      'components/Card.tsx': "import { db } from '../lib/db';\nexport const Card = () => db;\n",
    });
    const rules = new Set(lines.map((l) => l.split(':')[0]));
    expect([...rules].sort()).toEqual(['capability-cycle', 'engines-not-processes', 'no-circular', 'pages-not-db', 'platform-knows-no-business', 'production-not-testing']);
    expect(lines.find((l) => l.startsWith('capability-cycle'))).toContain('face <-> onboarding');
  });
});
