/**
 * The simulator's field clock (issue 33): one per fleet, shared by every device. Field time runs `scale`
 * times faster than real time from the fleet's start — `now = startMs + (Date.now() - startMs) × scale` —
 * and every timer of the simulator (a reboot's going down and coming back, an install, the site link, a
 * latency fault) waits 1/scale as long in real time. States that move with time (restarts, the climb,
 * tuning, sessions, lockouts, shares) are computed from `now()` when read, so they follow without timers.
 *
 * The same formula as Minerdeck's `scaledClock(scale, startMs)` (electron/core/clock/clock.ts): built from
 * the fleet's `timeScale` and `clockStartMs`, Minerdeck reads the same field time as the devices.
 * Scale 1 is the real clock (`Date.now`, real timers): today's behaviour.
 */

export interface SimClock {
  /** Field time, epoch ms. */
  now(): number;
  /** How many field milliseconds pass in one real one (1: real time). */
  readonly scale: number;
  /** The real epoch ms at which field time equalled real time (the fleet's start). */
  readonly startMs: number;
  /** The real milliseconds `fieldMs` of field time take. */
  realMs(fieldMs: number): number;
}

/** The longest timer Node keeps (about 24.8 days); a longer delay would fire at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export const REAL_SIM_CLOCK: SimClock = {
  now: () => Date.now(),
  scale: 1,
  startMs: 0,
  realMs: (fieldMs) => fieldMs,
};

/** Checks a time scale (a finite number >= 1) and names the option in the error. */
export function checkTimeScale(scale: number, what = 'timeScale'): number {
  if (!(typeof scale === 'number' && Number.isFinite(scale) && scale >= 1)) {
    throw new RangeError(`${what} must be a number of at least 1, got ${String(scale)}`);
  }
  return scale;
}

export function simClock(scale = 1, startMs: number = Date.now()): SimClock {
  checkTimeScale(scale);
  if (scale === 1) return { ...REAL_SIM_CLOCK, startMs };
  return {
    now: () => startMs + (Date.now() - startMs) * scale,
    scale,
    startMs,
    realMs: (fieldMs) => fieldMs / scale,
  };
}

/** setTimeout on field time: `fieldMs` of field time, never longer than Node's longest timer. */
export function fieldTimeout(clock: SimClock, fn: () => void, fieldMs: number): NodeJS.Timeout {
  return setTimeout(fn, Math.min(Math.max(0, clock.realMs(fieldMs)), MAX_TIMER_MS));
}
