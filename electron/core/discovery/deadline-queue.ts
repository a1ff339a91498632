/**
 * Timeouts for a whole sweep with one timer. At any moment every entry of a queue has the same timeout
 * (it may change as the scan learns: connect-timing.ts), so deadlines arrive in the order the entries
 * started: a FIFO queue is already sorted, and one timer armed for its head replaces one timer per
 * address (65,536 of them on a /16), which measurably slowed sweeps. Entries that settled early
 * (refused, answered) are skipped when their turn comes.
 *
 * An answer that reached this computer before its deadline wins over the deadline, even when the event
 * loop was too busy to read it in time (a loaded laptop): expiries run after the loop has polled for
 * I/O once more (setImmediate), so an answer already waiting is read first and the entry is settled.
 */

export interface DeadlineEntry {
  /** When the entry was added (set by the queue). */
  startedAt: number;
  /** True once the entry settled; an expired entry that settled is ignored. */
  settled: boolean;
  expire(): void;
}

/** Below this, waiting for the next expiry is not worth a new timer: expire that batch together. */
const BATCH_MS = 2;

function expireAll(entries: readonly DeadlineEntry[]): void {
  for (const entry of entries) if (!entry.settled) entry.expire();
}

export class DeadlineQueue<T extends DeadlineEntry> {
  private entries: (T | undefined)[] = [];
  private head = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly timeout: () => number;

  /** `timeoutMs`: a fixed timeout, or a function read each time the queue looks for due entries. */
  constructor(
    timeoutMs: number | (() => number),
    private readonly now: () => number = () => performance.now(),
  ) {
    this.timeout = typeof timeoutMs === 'number' ? () => timeoutMs : timeoutMs;
  }

  add(entry: T): void {
    entry.startedAt = this.now();
    this.entries.push(entry);
    if (this.timer === undefined) this.arm();
  }

  /** The timeout got shorter: re-arm for the head's new deadline instead of the old, later one. */
  retime(): void {
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.arm();
  }

  /** Drops every entry and the timer (the scan is over). */
  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.entries = [];
    this.head = 0;
  }

  private arm(): void {
    // Skip what already settled so the timer is armed for an entry that is still waiting.
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
    this.timer = setTimeout(() => this.fire(), Math.max(0, first.startedAt + this.timeout() - this.now()));
    // The sockets waiting keep the process alive; this timer alone must not (a finished CLI exits).
    this.timer.unref();
  }

  private fire(): void {
    const limit = this.now() + BATCH_MS - this.timeout();
    const due: T[] = [];
    for (let entry = this.entries[this.head]; entry !== undefined && entry.startedAt <= limit;) {
      this.entries[this.head] = undefined;
      this.head += 1;
      if (!entry.settled) due.push(entry);
      entry = this.entries[this.head];
    }
    this.arm();
    if (due.length > 0) setImmediate(expireAll, due);
  }

  /** Keeps the array from growing without bound on a long sweep: drop the consumed front now and then. */
  private compact(): void {
    if (this.head > 4096 && this.head * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
  }
}
