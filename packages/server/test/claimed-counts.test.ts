import { describe, expect, it } from 'vitest';
import { ClaimedCounts } from '../src/http/claimed-counts.ts';

/**
 * Instances claiming blocks of one shared count (here the count is a plain total in this test,
 * as `rate_counts` keeps it per key and window): together they never hand out a number past the
 * allowance twice, and far from the limit most hits cost no claim.
 */
function sharedCount(windowMs = 60_000) {
  let total = 0;
  const claims: number[] = [];
  return {
    claims,
    claim: (_key: string, hits: number) => {
      claims.push(hits);
      total += hits;
      return Promise.resolve({ hits: total, ttlMs: windowMs });
    },
  };
}

/** Hits spread over the instances in turn; the numbers at or under `max` are the calls let through. */
async function alternate(instances: ClaimedCounts[], hits: number) {
  const numbers: number[] = [];
  for (let i = 0; i < hits; i += 1) {
    numbers.push((await instances[i % instances.length]!.hit('request user:1')).hits);
  }
  return numbers;
}

describe('counts claimed in blocks', () => {
  it('lets exactly the allowance through, a hit at a time, when the allowance is small', async () => {
    const shared = sharedCount();
    const instances = [new ClaimedCounts(shared.claim, 6), new ClaimedCounts(shared.claim, 6)];
    const numbers = await alternate(instances, 8);
    expect(numbers.filter((n) => n <= 6)).toHaveLength(6);
    expect(numbers.slice(6).every((n) => n > 6)).toBe(true);
    expect(shared.claims).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('never lets more than the allowance through over three instances, and claims rarely far from it', async () => {
    const shared = sharedCount();
    const instances = [600, 600, 600].map((max) => new ClaimedCounts(shared.claim, max));
    const numbers = await alternate(instances, 900);
    const allowed = numbers.filter((n) => n <= 600).length;
    expect(allowed).toBeLessThanOrEqual(600);
    // Refused early by at most the blocks the other instances hold unused.
    expect(allowed).toBeGreaterThanOrEqual(600 - 3 * (600 / 8));
    expect(new Set(numbers).size).toBe(900);
    // The first 300 hits, far from the limit, took blocks of 32.
    expect(shared.claims.slice(0, 3)).toEqual([32, 32, 32]);
    expect(shared.claims.length).toBeLessThan(900 / 2);
  });

  it('gives hits arriving together distinct numbers from one claim at a time', async () => {
    const shared = sharedCount();
    const counts = new ClaimedCounts(shared.claim, 1000);
    const numbers = await Promise.all(Array.from({ length: 50 }, () => counts.hit('request user:2')));
    expect(numbers.map((n) => n.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    expect(shared.claims).toEqual([32, 32]);
  });

  it('starts a new claim when the window has ended, and forgets ended windows', async () => {
    let now = 1_000;
    const shared = sharedCount(500);
    const counts = new ClaimedCounts(shared.claim, 1000, () => now);
    expect((await counts.hit('request user:3')).ttlMs).toBe(500);
    now += 600;
    await counts.hit('request user:3');
    expect(shared.claims).toHaveLength(2);
    now += 600;
    counts.forgetEnded();
    await counts.hit('request user:3');
    // A forgotten key claims as a new one: a block for a whole allowance.
    expect(shared.claims).toEqual([32, 32, 32]);
  });

  it('passes a failed claim on to every hit that waited for it', async () => {
    const counts = new ClaimedCounts(() => Promise.reject(new Error('database down')), 100);
    const results = await Promise.allSettled([counts.hit('k'), counts.hit('k')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
