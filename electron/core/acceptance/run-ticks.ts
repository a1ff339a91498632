/**
 * The instants an acceptance run reads at. Devices settle at different times, so their windows open at
 * different instants; but every reading falls on the run's grid (the start plus whole settle spacings,
 * plus whole reading spacings), so devices that read at the same instant wait on one timer: a fleet of
 * thousands makes a handful of timers, not one per device.
 */

import type { Clock } from '../clock/clock';

/**
 * Resolves at `at` (the run clock's epoch ms: field time on a scaled clock) or when the signal aborts,
 * whichever comes first.
 */
export function tickAt(at: number, clock: Clock, signal: AbortSignal | undefined): Promise<void> {
  return clock.sleep(Math.max(0, at - clock.now()), signal);
}

/** One timer per instant for the whole run; an instant is forgotten once it has passed. */
export function sharedTicks(clock: Clock, signal: AbortSignal | undefined): (at: number) => Promise<void> {
  const ticks = new Map<number, Promise<void>>();
  return (at) => {
    let found = ticks.get(at);
    if (found === undefined) {
      found = tickAt(at, clock, signal).then(() => {
        ticks.delete(at);
      });
      ticks.set(at, found);
    }
    return found;
  };
}
