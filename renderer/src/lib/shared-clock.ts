/**
 * One clock for every badge that shows time passing ("Settling · 3 min"): a single timer, started when the
 * first such badge mounts and stopped when the last one goes, so a fleet of 10,000 rows never runs a timer
 * per row and rows without a ticking badge never re-render for it.
 */
import { useSyncExternalStore } from 'react';

/** Minutes are shown: a tick every 15 s keeps them at most 15 s late. */
export const CLOCK_TICK_MS = 15_000;

const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, CLOCK_TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const snapshot = (): number => now;

/** The shared clock's time (ms), ticking while anything uses it. */
export const useSharedClock = (): number => useSyncExternalStore(subscribe, snapshot, snapshot);

/** How many components tick on the shared clock now, and whether its one timer runs (for tests). */
export const sharedClockState = (): { listeners: number; running: boolean } => ({
  listeners: listeners.size,
  running: timer !== undefined,
});
