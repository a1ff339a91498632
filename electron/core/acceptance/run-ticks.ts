/**
 * The instants an acceptance run reads at. Devices settle at different times, so their windows open at
 * different instants; but every reading falls on the run's grid (the start plus whole settle spacings,
 * plus whole reading spacings), so devices that read at the same instant wait on one timer: a fleet of
 * thousands makes a handful of timers, not one per device.
 */

/** Resolves at `at` (epoch ms) or when the signal aborts, whichever comes first. */
export function tickAt(at: number, now: () => number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted === true) return resolve();
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, at - now()));
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** One timer per instant for the whole run; an instant is forgotten once it has passed. */
export function sharedTicks(
  now: () => number,
  signal: AbortSignal | undefined,
): (at: number) => Promise<void> {
  const ticks = new Map<number, Promise<void>>();
  return (at) => {
    let found = ticks.get(at);
    if (found === undefined) {
      found = tickAt(at, now, signal).then(() => {
        ticks.delete(at);
      });
      ticks.set(at, found);
    }
    return found;
  };
}
