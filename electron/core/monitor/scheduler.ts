/**
 * The poll scheduler: when each device is polled next, and how many polls run at once.
 *
 * One timer for the whole fleet over a min-heap of due times (no timer per device: 2,000 devices must not
 * cost 2,000 timers), a FIFO of polls that are due but wait for a free slot (bounded concurrency), and one
 * rule above all: a device is never polled twice at once — its next poll is only scheduled when the
 * current one has finished, with the delay the poll itself returns (interval, backoff, quick recheck),
 * counted from when the poll started (a poll that took 400 ms is followed 4.6 s later at a 5 s interval),
 * and never earlier than the moment it finished.
 *
 * `stop()` aborts the signal of every poll in flight, clears the timer and resolves once they have all
 * finished.
 */
import { MinHeap } from './min-heap';

export interface SchedulerOptions {
  /** Polls running at once, fleet-wide. */
  concurrency: number;
  /**
   * Polls one device; resolves with the delay until its next poll. It should not reject; if it does the
   * device is still polled again after `retryDelayMs` (a monitor never loses a device to a bug).
   * `controller` belongs to this poll alone: `stop()` aborts it, and the poll may abort it itself (its
   * own deadline) instead of making a second controller — at 400 polls a second each one counts.
   */
  run: (key: string, controller: AbortController) => Promise<number>;
  retryDelayMs: number;
  /** A poll that starts later than this after its due time counts as late. */
  lateAfterMs: number;
  /** Polls due within this many ms start together: fewer timer wake-ups at 400 polls per second. */
  granularityMs?: number;
  now?: () => number;
  onRunError?: (key: string, error: unknown) => void;
}

export interface SchedulerStats {
  started: number;
  finished: number;
  /** Polls that started more than `lateAfterMs` after they were due (no free slot, or a busy loop). */
  late: number;
  maxLagMs: number;
  inFlight: number;
  peakInFlight: number;
  /** Due, waiting for a free slot. */
  queued: number;
}

export interface PollScheduler {
  /** Starts polling `key` after `delayMs`; a key already known is left as it is. */
  add(key: string, delayMs: number): void;
  /** Stops polling `key`; a poll in flight finishes but is not followed by another. */
  remove(key: string): void;
  /**
   * Polls `key` as soon as a slot is free (a password was just given), or within `withinMs` when it is
   * not due by then anyway; no-op while it is being polled.
   */
  pollSoon(key: string, withinMs?: number): void;
  has(key: string): boolean;
  stats(): SchedulerStats;
  stop(): Promise<void>;
}

interface KeyRecord {
  generation: number;
  running: boolean;
  /** When its next poll is due (epoch ms). */
  dueAt: number;
  /** Due while an earlier record of the same key (removed, then added again) was still polling. */
  deferred?: boolean;
}

interface Ready {
  key: string;
  at: number;
  generation: number;
}

export function createScheduler(options: SchedulerOptions): PollScheduler {
  const now = options.now ?? Date.now;
  const granularityMs = options.granularityMs ?? 10;
  const keys = new Map<string, KeyRecord>();
  const heap = new MinHeap();
  let ready: Ready[] = [];
  let readyHead = 0;
  /** One controller per poll in flight: a shared signal would carry hundreds of listeners at once. */
  const controllers = new Set<AbortController>();
  const inFlight = new Set<Promise<void>>();
  /** Keys being polled, whatever their record: a key removed and added again mid-poll waits for it. */
  const busy = new Set<string>();
  let running = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerAt = Number.POSITIVE_INFINITY;
  const stats = { started: 0, finished: 0, late: 0, maxLagMs: 0, peakInFlight: 0 };

  function arm(): void {
    const top = heap.peek();
    if (stopped || top === undefined) return;
    if (timer !== undefined && timerAt <= top.at) return;
    if (timer !== undefined) clearTimeout(timer);
    timerAt = top.at;
    timer = setTimeout(onTimer, Math.max(0, top.at - now()));
  }

  /** Due `delayMs` after `from` (default now), but never in the past. */
  function schedule(key: string, record: KeyRecord, delayMs: number, from = now()): void {
    if (stopped) return;
    record.generation += 1;
    record.dueAt = Math.max(now(), from + Math.max(0, delayMs));
    heap.push({ at: record.dueAt, key, generation: record.generation });
    arm();
  }

  function onTimer(): void {
    timer = undefined;
    timerAt = Number.POSITIVE_INFINITY;
    const limit = now() + granularityMs;
    for (let top = heap.peek(); top !== undefined && top.at <= limit; top = heap.peek()) {
      heap.pop();
      const record = keys.get(top.key);
      if (record === undefined || record.generation !== top.generation || record.running) continue;
      ready.push({ key: top.key, at: top.at, generation: top.generation });
    }
    pump();
    arm();
  }

  function pump(): void {
    while (running < options.concurrency && readyHead < ready.length && !stopped) {
      const next = ready[readyHead];
      readyHead += 1;
      if (next === undefined) continue;
      const record = keys.get(next.key);
      if (record === undefined || record.generation !== next.generation || record.running) continue;
      if (busy.has(next.key)) {
        record.deferred = true;
        continue;
      }
      start(next.key, record, next.at);
    }
    if (readyHead > 1024 && readyHead * 2 > ready.length) {
      ready = ready.slice(readyHead);
      readyHead = 0;
    }
  }

  function start(key: string, record: KeyRecord, dueAt: number): void {
    record.running = true;
    busy.add(key);
    running += 1;
    stats.started += 1;
    stats.peakInFlight = Math.max(stats.peakInFlight, running);
    const startedAt = now();
    const lag = startedAt - dueAt;
    stats.maxLagMs = Math.max(stats.maxLagMs, lag);
    if (lag > options.lateAfterMs) stats.late += 1;
    const controller = new AbortController();
    controllers.add(controller);
    let poll: Promise<number>;
    try {
      poll = options.run(key, controller);
    } catch (error) {
      poll = Promise.reject(error);
    }
    const done = poll
      .catch((error: unknown) => {
        options.onRunError?.(key, error);
        return options.retryDelayMs;
      })
      .then((delayMs) => {
        controllers.delete(controller);
        record.running = false;
        busy.delete(key);
        running -= 1;
        stats.finished += 1;
        const current = keys.get(key);
        // Counted from the start of this poll: a slow answer does not stretch the device's interval.
        if (current === record) schedule(key, record, delayMs, startedAt);
        else if (current?.deferred === true) {
          current.deferred = false;
          schedule(key, current, 0);
        }
        pump();
      });
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  }

  return {
    add(key, delayMs) {
      if (stopped || keys.has(key)) return;
      const record: KeyRecord = { generation: 0, running: false, dueAt: Number.POSITIVE_INFINITY };
      keys.set(key, record);
      schedule(key, record, delayMs);
    },
    remove(key) {
      keys.delete(key);
    },
    pollSoon(key, withinMs = 0) {
      const record = keys.get(key);
      if (record !== undefined && !record.running && record.dueAt > now() + withinMs) {
        schedule(key, record, withinMs);
      }
    },
    has: (key) => keys.has(key),
    stats: () => ({ ...stats, inFlight: running, queued: ready.length - readyHead }),
    async stop() {
      if (!stopped) {
        stopped = true;
        if (timer !== undefined) clearTimeout(timer);
        timer = undefined;
        heap.clear();
        ready = [];
        readyHead = 0;
        for (const controller of controllers) controller.abort();
      }
      await Promise.all([...inFlight]);
    },
  };
}
