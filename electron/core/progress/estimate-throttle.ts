/**
 * A run in the app tells the window its time left with every event, but the estimate reads every device
 * (time-left.ts): a 1,000-device Commission tells about 10,000 changes, and an estimate for each made the
 * main process's work grow with the square of the hall. The estimate is made again at most every
 * `ESTIMATE_EVERY_MS` of real time (what a person can see change); between, the last one is told, and
 * once that second is over a fresh one is made and told (`trailing`), so what the window shows is never
 * more than a second behind the last change. Until an estimate knows a time ("estimating…") it is made at
 * every change, so the first time left shows as soon as a step was timed. A tick and a run's end ask for
 * a fresh one at once. Each
 * change still times its device's steps (the progress objects' `see`), so the durations stay exact.
 */
import { REAL_CLOCK } from '../clock/clock';

export const ESTIMATE_EVERY_MS = 1_000;

export interface EstimateThrottle<T> {
  /** The estimate: made now when `fresh`, when none was made yet or the last one is old; else the last one. */
  get(fresh?: boolean): T;
}

export function throttleEstimate<T>(
  make: () => T,
  options: {
    /** The run's clock (field ms on a scaled one: a second of the run, as a technician's would be). */
    now?: () => number;
    trailing?: (value: T) => void;
    /** Whether the last estimate may be told again (one that knows no time yet is made afresh each time). */
    reusable?: (value: T) => boolean;
  } = {},
): EstimateThrottle<T> {
  const now = options.now ?? (() => REAL_CLOCK.now());
  let last: { value: T; at: number } | undefined;
  let pending: ReturnType<typeof setTimeout> | undefined;
  const made = (at: number): T => {
    clearTimeout(pending);
    pending = undefined;
    last = { value: make(), at };
    return last.value;
  };
  return {
    get(fresh = false) {
      const at = now();
      if (fresh || last === undefined || at - last.at >= ESTIMATE_EVERY_MS) return made(at);
      if (options.reusable?.(last.value) === false) return made(at);
      const trailing = options.trailing;
      if (trailing !== undefined && pending === undefined) {
        pending = setTimeout(() => trailing(made(now())), ESTIMATE_EVERY_MS - (at - last.at));
        pending.unref?.();
      }
      return last.value;
    },
  };
}
