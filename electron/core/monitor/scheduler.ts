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
import type { Clock } from '../clock/clock';
import { REAL_CLOCK } from '../clock/clock';
import type { HeapItem } from './min-heap';
import { MinHeap } from './min-heap';
import { PollControllers } from './poll-controllers';

export interface SchedulerOptions {
  /** Polls running at once, fleet-wide. */
  concurrency: number;
  /**
   * Polls one device; resolves with the delay until its next poll. It should not reject; if it does the
   * device is still polled again after `retryDelayMs` (a monitor never loses a device to a bug).
   * `controller` belongs to this poll alone while it runs: `stop()` aborts it, and the poll may abort it
   * itself (its own deadline) instead of making a second controller. A controller never aborted goes to a
   * later poll once this one has ended (poll-controllers.ts): the poll must leave nothing on its signal.
   */
  run: (key: string, controller: AbortController) => Promise<number>;
  retryDelayMs: number;
  /** A poll that starts later than this after its due time counts as late. */
  lateAfterMs: number;
  /** Polls due within this many ms start together: fewer timer wake-ups at 400 polls per second. */
  granularityMs?: number;
  now?: () => number;
  /**
   * The clock the delays and due times are on (default the real one): on a scaled clock a device is polled
   * as often in field time, its timer firing after 1/scale of the real time. `now` defaults to its time.
   */
  clock?: Clock;
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

/** One key's polling: its place on the timeline and its poll in flight. */
interface KeyRecord extends HeapItem {
  key: string;
  running: boolean;
  /** Its poll's own controller, while one runs. */
  controller: AbortController | undefined;
  /** Settles when its poll in flight has finished (and the next one is scheduled). */
  done: Promise<void> | undefined;
  /** Due while an earlier record of the same key (removed, then added again) was still polling. */
  deferred?: boolean;
}

interface Ready {
  record: KeyRecord;
  /** When it was due (its lag is counted from then). */
  at: number;
}

export function createScheduler(options: SchedulerOptions): PollScheduler {
  const clock = options.clock ?? REAL_CLOCK;
  const now = options.now ?? clock.now;
  const granularityMs = options.granularityMs ?? 10;
  const keys = new Map<string, KeyRecord>();
  /** Every key waiting for its next poll, by due time: one entry per key, moved when it is scheduled. */
  const heap = new MinHeap<KeyRecord>();
  let ready: Ready[] = [];
  let readyHead = 0;
  /**
   * Records with a poll in flight, removed ones included (stop aborts and awaits them all). One controller
   * per poll: a shared signal would carry hundreds of listeners at once.
   */
  const polling = new Set<KeyRecord>();
  /** Removed keys whose poll still runs: the key added again waits for it. */
  const leaving = new Map<string, KeyRecord>();
  /** Controllers of ended polls, never aborted, for the next ones. */
  const controllers = new PollControllers(options.concurrency);
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
    // One timer for the whole heap (not a sleep per key): its real delay is the field delay / scale.
    timer = setTimeout(onTimer, Math.max(0, (top.at - now()) / clock.scale));
  }

  /** Due `delayMs` after `from` (default now), but never in the past. */
  function schedule(record: KeyRecord, delayMs: number, from = now()): void {
    if (stopped) return;
    heap.set(record, Math.max(now(), from + Math.max(0, delayMs)));
    arm();
  }

  function onTimer(): void {
    timer = undefined;
    timerAt = Number.POSITIVE_INFINITY;
    const limit = now() + granularityMs;
    for (let top = heap.peek(); top !== undefined && top.at <= limit; top = heap.peek()) {
      heap.pop();
      if (keys.get(top.key) === top && !top.running) ready.push({ record: top, at: top.at });
    }
    pump();
    arm();
  }

  function pump(): void {
    while (running < options.concurrency && readyHead < ready.length && !stopped) {
      const next = ready[readyHead];
      readyHead += 1;
      if (next === undefined) continue;
      const { record } = next;
      // Removed (or removed and added again) meanwhile, or already polled: not this entry's business.
      if (keys.get(record.key) !== record || record.running || heap.has(record)) continue;
      if (leaving.has(record.key)) {
        record.deferred = true;
        continue;
      }
      start(record, next.at);
    }
    if (readyHead > 1024 && readyHead * 2 > ready.length) {
      ready = ready.slice(readyHead);
      readyHead = 0;
    }
  }

  function start(record: KeyRecord, dueAt: number): void {
    const { key } = record;
    record.running = true;
    polling.add(record);
    running += 1;
    stats.started += 1;
    stats.peakInFlight = Math.max(stats.peakInFlight, running);
    const startedAt = now();
    const lag = startedAt - dueAt;
    stats.maxLagMs = Math.max(stats.maxLagMs, lag);
    if (lag > options.lateAfterMs) stats.late += 1;
    const controller = controllers.take();
    record.controller = controller;
    let poll: Promise<number>;
    try {
      poll = options.run(key, controller);
    } catch (error) {
      poll = Promise.reject(error);
    }
    record.done = poll
      .catch((error: unknown) => {
        options.onRunError?.(key, error);
        return options.retryDelayMs;
      })
      .then((delayMs) => {
        polling.delete(record);
        record.controller = undefined;
        controllers.give(controller);
        record.done = undefined;
        record.running = false;
        running -= 1;
        stats.finished += 1;
        if (leaving.get(key) === record) {
          leaving.delete(key);
          const current = keys.get(key);
          if (current?.deferred === true) {
            current.deferred = false;
            schedule(current, 0);
          }
        } else if (keys.get(key) === record) {
          // Counted from the start of this poll: a slow answer does not stretch the device's interval.
          schedule(record, delayMs, startedAt);
        }
        pump();
      });
  }

  return {
    add(key, delayMs) {
      if (stopped || keys.has(key)) return;
      const record: KeyRecord = {
        key,
        at: Number.POSITIVE_INFINITY,
        heapIndex: -1,
        heapSeq: 0,
        running: false,
        controller: undefined,
        done: undefined,
      };
      keys.set(key, record);
      schedule(record, delayMs);
    },
    remove(key) {
      const record = keys.get(key);
      if (record === undefined) return;
      keys.delete(key);
      heap.delete(record);
      if (record.running) leaving.set(key, record);
    },
    pollSoon(key, withinMs = 0) {
      const record = keys.get(key);
      if (record !== undefined && !record.running && record.at > now() + withinMs) {
        schedule(record, withinMs);
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
        for (const record of polling) record.controller?.abort();
        controllers.clear();
      }
      await Promise.all([...polling].map((record) => record.done));
    },
  };
}
