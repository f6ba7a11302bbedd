/** Small helpers shared by the benchmark parts. */
import fs from 'node:fs';

/** The q-quantile (nearest rank, as every part of the report uses). */
export function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
}

export interface Summary {
  median: number;
  p95: number;
  runs: number;
}

/** Median and p95 of timings, rounded to `digits` decimals. */
export function summary(xs: number[], digits = 0): Summary {
  const round = (v: number) => Number(v.toFixed(digits));
  return { median: round(quantile(xs, 0.5)), p95: round(quantile(xs, 0.95)), runs: xs.length };
}

/** Milliseconds one call took, with its result. */
export async function timed<T>(f: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t = performance.now();
  const value = await f();
  return { ms: performance.now() - t, value };
}

/** BENCH_QUICK=1: a few samples of everything, to check the parts run (figures are not meaningful). */
export const QUICK = process.env.BENCH_QUICK === '1' || process.env.BENCH_QUICK === 'true';

/** `full` samples normally, `quick` in quick mode. */
export const samples = (full: number, quick: number) => (QUICK ? quick : full);

/** Peak resident memory (VmHWM) of a process, MB; undefined when /proc is not there. */
export function peakRssMb(pid: number | 'self' = 'self'): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : undefined;
  } catch {
    return undefined;
  }
}
