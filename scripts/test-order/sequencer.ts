import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const DURATIONS = path.join(__dirname, 'durations.json');

/**
 * Longest files first, by the seconds they took in a recorded run (durations.json, written by
 * `node scripts/test-order/record.mjs` after `npm test`). A clean clone has no vitest cache, and
 * vitest then starts the largest files first: measured here, one of the two workers sat idle for
 * the last minute while a long file that started late ran on. Files not recorded run first.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    let seconds: Record<string, number> = {};
    try {
      seconds = JSON.parse(fs.readFileSync(DURATIONS, 'utf8'));
    } catch {
      return super.sort(files);
    }
    const root = this.ctx.config.root;
    const of = (f: TestSpecification) => seconds[path.relative(root, f.moduleId).split(path.sep).join('/')] ?? Infinity;
    return [...files].sort((a, b) => of(b) - of(a));
  }
}
