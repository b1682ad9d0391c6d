/**
 * Values kept for a while: each until its own time, at most `capacity` of them (past it, the
 * oldest goes first). For short-lived memos on hot paths (verified tokens, estimated counts).
 */
export class ExpiringMap<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();

  constructor(
    private readonly capacity: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The value kept for `key`, unless it has expired (then it is dropped). */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) {
      return undefined;
    }
    if (this.now() < entry.until) {
      return entry.value;
    }
    this.entries.delete(key);
    return undefined;
  }

  /** Keeps `value` for `key` until the time `until` (ms since the epoch). */
  set(key: K, value: V, until: number): void {
    this.entries.delete(key);
    if (this.entries.size >= this.capacity) {
      this.entries.delete(this.entries.keys().next().value!);
    }
    this.entries.set(key, { value, until });
  }

  /** Drops the value kept for `key`. */
  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Drops every value. */
  clear(): void {
    this.entries.clear();
  }
}
