/**
 * A run in the app tells the window its time left with every event, but the estimate reads every device
 * (time-left.ts): a 1,000-device Commission tells about 10,000 changes, and an estimate for each made the
 * main process's work grow with the square of the hall. The estimate is made again at most every
 * `ESTIMATE_EVERY_MS` of real time (what a person can see change); between, the last one is told. A tick
 * and a run's end ask for a fresh one. Each change still times its device's steps at once (the progress
 * objects' `see`), so the durations the estimate learns from stay exact.
 */
import { REAL_CLOCK } from '../clock/clock';

export const ESTIMATE_EVERY_MS = 1_000;

export interface EstimateThrottle<T> {
  /** The estimate: made now when `fresh`, when none was made yet or the last one is old; else the last one. */
  get(fresh?: boolean): T;
}

export function throttleEstimate<T>(
  make: () => T,
  now: () => number = () => REAL_CLOCK.now(),
): EstimateThrottle<T> {
  let last: { value: T; at: number } | undefined;
  return {
    get(fresh = false) {
      const at = now();
      if (fresh || last === undefined || at - last.at >= ESTIMATE_EVERY_MS) last = { value: make(), at };
      return last.value;
    },
  };
}
