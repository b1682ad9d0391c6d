/**
 * Counts failed sign-ins per key (an account, a client address) in fixed windows. The rate-limit
 * plugin counts every request; this counts failures only, so people who sign in often are never
 * refused, while a caller guessing accounts is, successes included, until the window ends.
 */
export class SignInFailures {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the first of `keys` that reached the limit may try again; null when none did. */
  retryAfter(keys: readonly string[]): number | null {
    const now = this.now();
    let wait = 0;
    for (const key of keys) {
      const entry = this.windows.get(key);
      if (entry && entry.resetAt > now && entry.count >= this.max) {
        wait = Math.max(wait, Math.ceil((entry.resetAt - now) / 1000));
      }
    }
    return wait > 0 ? wait : null;
  }

  recordFailure(keys: readonly string[]): void {
    const now = this.now();
    this.prune(now);
    for (const key of keys) {
      const entry = this.windows.get(key);
      if (entry && entry.resetAt > now) {
        entry.count += 1;
      } else {
        this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      }
    }
  }

  /** Drops ended windows once the map grows, so guessed keys cannot fill memory. */
  private prune(now: number): void {
    if (this.windows.size < 10_000) {
      return;
    }
    for (const [key, entry] of this.windows) {
      if (entry.resetAt <= now) {
        this.windows.delete(key);
      }
    }
  }
}
