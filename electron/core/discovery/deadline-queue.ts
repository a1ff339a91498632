/**
 * Connect timeouts for a whole sweep with one timer. Every connect of a scan has the same timeout, so
 * deadlines arrive in the order the connects started: a FIFO queue is already sorted, and one timer armed
 * for its head replaces one timer per address (65,536 of them on a /16), which measurably slowed sweeps.
 * Entries that settled early (refused, answered) are skipped when their turn comes.
 */

export interface DeadlineEntry {
  /** Set by the queue. */
  deadline: number;
  /** True once the connect settled; an expired entry that settled is ignored. */
  settled: boolean;
  expire(): void;
}

/** Below this, waiting for the next expiry is not worth a new timer: expire that batch together. */
const BATCH_MS = 2;

export class DeadlineQueue<T extends DeadlineEntry> {
  private entries: (T | undefined)[] = [];
  private head = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly timeoutMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  add(entry: T): void {
    entry.deadline = this.now() + this.timeoutMs;
    this.entries.push(entry);
    if (this.timer === undefined) this.arm();
  }

  /** Drops every entry and the timer (the scan is over). */
  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.entries = [];
    this.head = 0;
  }

  private arm(): void {
    // Skip what already settled so the timer is armed for a connect that is still waiting.
    while (this.head < this.entries.length && this.entries[this.head]?.settled === true) {
      this.entries[this.head] = undefined;
      this.head += 1;
    }
    this.compact();
    const first = this.entries[this.head];
    if (first === undefined) {
      this.timer = undefined;
      return;
    }
    this.timer = setTimeout(() => this.fire(), Math.max(0, first.deadline - this.now()));
    // The sockets waiting keep the process alive; this timer alone must not (a finished CLI exits).
    this.timer.unref();
  }

  private fire(): void {
    const limit = this.now() + BATCH_MS;
    for (let entry = this.entries[this.head]; entry !== undefined && entry.deadline <= limit;) {
      this.entries[this.head] = undefined;
      this.head += 1;
      if (!entry.settled) entry.expire();
      entry = this.entries[this.head];
    }
    this.arm();
  }

  /** Keeps the array from growing without bound on a long sweep: drop the consumed front now and then. */
  private compact(): void {
    if (this.head > 4096 && this.head * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
  }
}
