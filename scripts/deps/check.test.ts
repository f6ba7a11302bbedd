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

describe('structure rules (npm run check:deps)', () => {
  it('pass a tree that keeps them', async () => {
    expect(
      await check({
        'lib/platform/db/index.ts': 'export const db = 1;\n',
        'lib/engines/face/index.ts': "import { db } from '../../platform/db';\nexport const face = db;\n",
        'lib/processes/steps/shared.ts': "export const STATUSES = ['OPEN'];\n",
        'lib/processes/onboarding/index.ts': "import { face } from '../../engines/face';\nimport { STATUSES } from '../steps/shared';\nexport const run = [face, STATUSES];\n",
      }),
    ).toEqual([]);
  });

  it('fail on a file cycle, a capability cycle, an engine importing a process, the platform knowing the business, a page reading the database, an import past a public face, a shared face reaching the database, the product importing a test helper and a query fetching its own database handle', async () => {
    const lines = await check({
      'lib/platform/db/index.ts': "import { face } from '../../engines/face/model';\nexport const db = face;\n",
      'lib/engines/face/model.ts': 'export const face = 1;\n',
      'lib/processes/steps/shared.ts': "import { db } from '../../platform/db';\nexport const vocabulary = db;\n",
      'lib/engines/face/index.ts': "import { run } from '../../processes/onboarding';\nexport const f = run;\n",
      'lib/processes/onboarding/index.ts': "import { f } from '../../engines/face';\nimport { helper } from '../../testing';\nexport const run = 1;\nexport const g = [f, helper];\n",
      'lib/testing/index.ts': 'export const helper = 1;\n',
      'lib/processes/steps/a.ts': "import { b } from './b';\nexport const a = b;\n",
      'lib/processes/steps/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
      'lib/processes/steps/records.ts':
        "type Executor = object;\ndeclare function getDb(): Promise<Executor>;\nexport async function findIt(id: string, exec?: Executor) {\n  return exec ?? (await getDb());\n}\n",
      'components/Card.tsx': "import { db } from '../lib/platform/db';\nexport const Card = () => db;\n",
    });
    const rules = new Set(lines.map((l) => l.split(':')[0]));
    expect([...rules].sort()).toEqual([
      'capability-cycle',
      'db-style',
      'engines-not-processes',
      'no-circular',
      'pages-not-db',
      'platform-knows-no-business',
      'production-not-testing',
      'shared-stays-light',
      'through-public-face',
    ]);
    expect(lines.find((l) => l.startsWith('capability-cycle'))).toContain('engines/face <-> processes/onboarding');
    expect(lines.find((l) => l.startsWith('through-public-face'))).toContain('lib/platform/db/index.ts -> lib/engines/face/model.ts');
    expect(lines.filter((l) => l.startsWith('db-style')).map((l) => l.replace(/^db-style: lib\/processes\/steps\/records\.ts:\d+: /, ''))).toEqual([
      'findIt takes an optional executor; take it required (fn(db, …))',
      'findIt takes its executor as parameter 2; take it first (fn(db, …))',
      'findIt is given an executor but calls getDb()',
    ]);
  });
});
