/**
 * Minerdeck's one clock for its own waits (issue 33): rollout deadlines and polls, settling, acceptance
 * windows and readings, a Commission's pacing, request timeouts. Every wait of the core takes a `Clock`
 * rather than calling `Date.now()` / `setTimeout` itself, so a run against the simulator's field clock
 * can run N times faster and still measure field time. The product only ever builds the real clock
 * (`REAL_CLOCK`); a scaled one comes from `clockForTargets` (clock-guard.ts), which refuses any address
 * outside loopback: a real site can never pick up a scale.
 *
 * Not a fake-timer library: the scaled clock still waits on real timers, only shorter, so everything
 * else (sockets, the keychain, the file system) runs as it does in the field.
 */

export interface Clock {
  /** Field time, epoch ms. */
  now(): number;
  /** Resolves after `fieldMs` of field time, or at once when `signal` aborts (never rejects). */
  sleep(fieldMs: number, signal?: AbortSignal): Promise<void>;
  /**
   * The real milliseconds a field duration takes, for timers a library runs itself (a request's
   * timeout): never under `floorMs` real, so a loaded test machine is not mistaken for a dead device.
   */
  realMs(fieldMs: number, floorMs?: number): number;
  /** How many field milliseconds pass in one real one (1: the real clock). */
  readonly scale: number;
}

/**
 * The shortest real time a request is given on a scaled clock. Loopback answers well within a second on a
 * quiet machine, but a 2-core machine busy with other work (a CI runner, a benchmark beside tests) can
 * take longer: at 1 s a ×10 run against 1,000 devices on a loaded machine lost acceptance readings by the
 * hundred and failed healthy devices. A hung device costs a few real seconds more on a scaled clock.
 */
export const SCALED_TIMEOUT_FLOOR_MS = 3_000;

function sleepReal(realMs: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted === true) return resolve();
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, realMs));
    signal?.addEventListener('abort', done, { once: true });
  });
}

export const REAL_CLOCK: Clock = {
  now: () => Date.now(),
  sleep: (fieldMs, signal) => sleepReal(fieldMs, signal),
  realMs: (fieldMs) => fieldMs,
  scale: 1,
};

/**
 * Field time running `scale` times faster than real time from `startMs` (real epoch ms): at the start it
 * reads the real time, then each real second moves it `scale` seconds.
 */
export function scaledClock(scale: number, startMs: number = Date.now()): Clock {
  if (!(Number.isFinite(scale) && scale >= 1)) {
    throw new RangeError(`a time scale is a number of at least 1, got ${scale}`);
  }
  if (scale === 1) return REAL_CLOCK;
  return {
    now: () => startMs + (Date.now() - startMs) * scale,
    sleep: (fieldMs, signal) => sleepReal(fieldMs / scale, signal),
    realMs: (fieldMs, floorMs = SCALED_TIMEOUT_FLOOR_MS) => Math.max(floorMs, Math.ceil(fieldMs / scale)),
    scale,
  };
}
