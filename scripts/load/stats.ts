/** Latency summaries for the load test. */
import { quantile } from '@/bench/stats';

export interface Summary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function summarize(latencies: number[]): Summary {
  const r = (x: number) => Math.round(x);
  return { count: latencies.length, p50: r(quantile(latencies, 0.5)), p95: r(quantile(latencies, 0.95)), p99: r(quantile(latencies, 0.99)), max: r(Math.max(0, ...latencies)) };
}

/** A small seeded PRNG (mulberry32): the same mix on every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
