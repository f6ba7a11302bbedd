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

/**
 * 95 % Wilson score interval of a rate of `k` in `n`, as fractions: where a
 * condition has ten or twenty captures, one capture moves its rate by 5–10
 * points, and the interval says how far the true rate may be from it.
 */
export function wilson(k: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 1];
  const p = k / n;
  const centre = p + (z * z) / (2 * n);
  const spread = z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  const denominator = 1 + (z * z) / n;
  return [Math.max(0, (centre - spread) / denominator), Math.min(1, (centre + spread) / denominator)];
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
