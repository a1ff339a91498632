/**
 * The one way core pushes news to whoever listens (the Electron window, the browser test harness, the
 * CLI). Events are queued and delivered in batches: one call per listener per flush, flushes at least
 * `intervalMs` apart (100 ms → at most 10 per second). A fleet of thousands of devices changing at once
 * therefore costs each listener a handful of messages per second instead of one per device (docs/design.md,
 * Performance). The first event after a quiet period goes out on the next tick, so a rare event is not
 * held back for a whole interval.
 */
import type { AppEvent } from '../../../shared/ipc/events';

export type EventBatchListener = (events: readonly AppEvent[]) => void;

export interface EventHub {
  /** Queue an event; it is delivered, in order, with the next flush. */
  emit(event: AppEvent): void;
  /** Receive every flush as one batch. Returns the unsubscribe function. */
  subscribe(listener: EventBatchListener): () => void;
  /** Deliver what is queued now (shutdown, tests); it counts as a flush for the rate limit. */
  flush(): void;
  /** Deliver what is queued, stop the timer and ignore later events. */
  close(): void;
}

export interface EventHubOptions {
  /** Minimum time between two flushes. Default 100 ms (≤ 10 flushes per second). */
  intervalMs?: number;
  /** Clock, for tests and for deterministic batching. */
  now?: () => number;
  /** A listener that throws must not stop the others nor the hub; it is reported here. */
  onListenerError?: (error: unknown) => void;
}

export const DEFAULT_EVENT_INTERVAL_MS = 100;

export function createEventHub(options: EventHubOptions = {}): EventHub {
  const intervalMs = options.intervalMs ?? DEFAULT_EVENT_INTERVAL_MS;
  const now = options.now ?? Date.now;
  const onListenerError = options.onListenerError ?? (() => undefined);
  const listeners = new Set<EventBatchListener>();
  let queue: AppEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastFlushAt = Number.NEGATIVE_INFINITY;
  let closed = false;

  const deliver = (): void => {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    lastFlushAt = now();
    // Copy so a listener that unsubscribes during delivery does not skip its neighbour.
    for (const listener of [...listeners]) {
      try {
        listener(batch);
      } catch (error) {
        onListenerError(error);
      }
    }
  };

  const schedule = (): void => {
    if (timer !== undefined) return;
    const wait = Math.max(0, lastFlushAt + intervalMs - now());
    timer = setTimeout(deliver, wait);
    // A pending flush must not keep a CLI process alive on its own.
    timer.unref();
  };

  return {
    emit(event) {
      if (closed) return;
      queue.push(event);
      schedule();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    flush: deliver,
    close() {
      if (closed) return;
      deliver();
      closed = true;
      listeners.clear();
    },
  };
}
