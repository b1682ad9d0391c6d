import type { WindowCount } from './rate-limit-queries.ts';

/** Adds `hits` to a key's shared count in its window; answers the key's total with them. */
export type Claim = (key: string, hits: number) => Promise<WindowCount>;

/** The numbers of a key's current window this process has claimed and not yet given out. */
interface Held {
  /** The number the next hit served from the claim gets. */
  next: number;
  /** The last number of the claim. */
  last: number;
  /** When the window ends, by this process's clock. */
  endsAt: number;
}

/** At most this many hits are claimed at once, ... */
const LARGEST_CLAIM = 32;
/** ... and at most this share of what is left of the allowance. */
const CLAIM_SHARE = 8;

/**
 * A count every instance shares, claimed in blocks: a hit takes the next number of a block this
 * process has claimed, and only when the block is used up is the shared count (one statement)
 * raised by the next block. Far from the limit a block is up to 32 hits, so most calls cost no
 * statement; near it a block is one hit, so the instances together never let through more than
 * the allowance: every hit's number is one the shared count handed out once. Numbers a process
 * claimed but did not use (its client moved to another instance) are lost to the window, so a
 * client spread over N instances may be refused up to about N × 1/8 of the rest of the allowance
 * early, never late.
 */
export class ClaimedCounts {
  private readonly held = new Map<string, Held>();
  private readonly claiming = new Map<string, Promise<void>>();

  constructor(
    private readonly claim: Claim,
    private readonly max: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The hit's number in its key's window, and the milliseconds until the window ends. */
  async hit(key: string): Promise<WindowCount> {
    for (;;) {
      const now = this.now();
      const held = this.held.get(key);
      const isCurrent = held !== undefined && held.endsAt > now;
      if (isCurrent && held.next <= held.last) {
        held.next += 1;
        return { hits: held.next - 1, ttlMs: held.endsAt - now };
      }
      // One claim of a key at a time; the hits that wait for it take their numbers from it.
      const pending = this.claiming.get(key) ?? this.claimFor(key, isCurrent ? held.last : 0);
      await pending;
    }
  }

  /** Forgets the keys whose window has ended (a periodic sweep keeps the map to the active keys). */
  forgetEnded(): void {
    const now = this.now();
    for (const [key, held] of this.held) {
      if (held.endsAt <= now) {
        this.held.delete(key);
      }
    }
  }

  private claimFor(key: string, knownTotal: number): Promise<void> {
    const left = this.max - knownTotal;
    const size = Math.max(1, Math.min(LARGEST_CLAIM, Math.floor(left / CLAIM_SHARE)));
    const claimed = this.claim(key, size)
      .then(({ hits, ttlMs }) => {
        this.held.set(key, { next: hits - size + 1, last: hits, endsAt: this.now() + Math.max(1, ttlMs) });
      })
      .finally(() => this.claiming.delete(key));
    this.claiming.set(key, claimed);
    return claimed;
  }
}
