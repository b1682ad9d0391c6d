import { performance } from 'node:perf_hooks';

export interface Timing {
  median: number;
  p95: number;
}

/** Runs `fn` `warmup` times unmeasured, then `runs` times; returns the median and p95 in ms. */
export async function timeRuns(fn: () => Promise<unknown>, runs: number, warmup: number): Promise<Timing> {
  for (let i = 0; i < warmup; i++) {
    await fn();
  }
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.ceil(q * samples.length) - 1)]!;
  return { median: at(0.5), p95: at(0.95) };
}

export const fmt = (r: Timing) => `median ${r.median.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`;
