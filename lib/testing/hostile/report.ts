import fs from 'node:fs';
import path from 'node:path';

export interface GroupReport {
  seed: number;
  backend: string;
  cases: number;
  routes: Record<string, number>;
  statuses: Record<string, number>;
  /** Per route: how many answers of each status (a route that only ever says 401 is not being tested). */
  routeStatuses: Record<string, Record<string, number>>;
  slowestMs: number;
  /** After a full garbage collection at the end, against the same after warm-up. */
  rssGrowthMb: number;
  rssPeakGrowthMb: number;
  seconds: number;
}

const REPORT = path.join(process.cwd(), '.reports', 'hostile.json');

/**
 * Adds one test file's counts to .reports/hostile.json (several files write
 * it, each from its own process: a lock directory serialises them).
 */
export function writeReport(group: string, report: GroupReport): void {
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  const lock = `${REPORT}.lock`;
  for (let i = 0; ; i++) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      if (i > 200) fs.rmSync(lock, { recursive: true, force: true }); // a crashed writer's lock
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25);
    }
  }
  try {
    let all: { totalCases: number; groups: Record<string, GroupReport> } = { totalCases: 0, groups: {} };
    try {
      all = JSON.parse(fs.readFileSync(REPORT, 'utf8'));
    } catch {
      /* first writer */
    }
    all.groups[group] = report;
    all.totalCases = Object.values(all.groups).reduce((n, g) => n + g.cases, 0);
    fs.writeFileSync(`${REPORT}.tmp`, JSON.stringify(all, null, 2));
    fs.renameSync(`${REPORT}.tmp`, REPORT);
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
