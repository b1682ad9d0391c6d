import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import { countHit, isCountShared, longestWait } from '../http/rate-limit-queries.ts';

/** The failed sign-ins of every instance (PostgreSQL), or of this process (SQLite). */
export function signInFailuresFor(db: Db, config: Pick<Config, 'rateLimit'>): SignInFailures {
  const { signInFailures: max, signInWindowMinutes } = config.rateLimit;
  const windowMs = signInWindowMinutes * 60_000;
  return isCountShared(db, config)
    ? new SharedSignInFailures(db, max, windowMs)
    : new LocalSignInFailures(max, windowMs);
}

/**
 * Counts failed sign-ins per key (an account, a client address) in fixed windows. The rate-limit
 * plugin counts every request; this counts failures only, so people who sign in often are never
 * refused, while a caller guessing accounts is, successes included, until the window ends.
 */
export interface SignInFailures {
  /** Seconds until the first of `keys` that reached the limit may try again; null when none did. */
  retryAfter(keys: readonly string[]): Promise<number | null>;
  recordFailure(keys: readonly string[]): Promise<void>;
}

/** The failures of every instance on one PostgreSQL database, counted in `rate_counts`. */
export class SharedSignInFailures implements SignInFailures {
  constructor(
    private readonly db: Db,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  async retryAfter(keys: readonly string[]): Promise<number | null> {
    const waitMs = await longestWait(this.db.kysely, keys.map(failureKey), this.max);
    return waitMs > 0 ? Math.ceil(waitMs / 1000) : null;
  }

  async recordFailure(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      await countHit(this.db.kysely, failureKey(key), this.windowMs);
    }
  }
}

/** A failure's key among the request counts of `rate_counts`. */
const failureKey = (key: string) => `sign-in failure ${key}`;

/** The failures of one process (SQLite: the whole system), in memory. */
export class LocalSignInFailures implements SignInFailures {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async retryAfter(keys: readonly string[]): Promise<number | null> {
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

  async recordFailure(keys: readonly string[]): Promise<void> {
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
