/**
 * The idle stop of a worker thread (the CSV and workbook readers): `after` runs its stop `ms` after
 * the last job unless another job comes first (`cancel`); the timer never keeps the process alive.
 */
export class IdleTimer {
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly ms: number) {}

  /** A job starts (or the owner closes): no stop pending. */
  cancel(): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
  }

  /** The last job ended: `stop` runs after the idle time unless cancelled or restarted first. */
  after(stop: () => void): void {
    this.cancel();
    this.timer = setTimeout(() => {
      this.timer = null;
      stop();
    }, this.ms);
    this.timer.unref();
  }
}
