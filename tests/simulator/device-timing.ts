/**
 * How long a device's restarts and tuning take, per device: the restart (`restarting`/`starting`, no
 * hash rate), the boot after a reboot, the climb of the hash rate once hashing begins, and the tuning of
 * an untuned preset (`auto-tuning`, at `autoTuneShare` of the preset's rate). Real devices differ from
 * one another (field notes: a restart takes 30–60 s, the climb minutes, tuning tens of minutes), so
 * `timingJitter` spreads each duration by up to ± that share, from the device's seed: the same fleet
 * always gets the same spread, and no two neighbours settle at the same instant.
 *
 * The defaults are the fast ones the existing tests were written against (no climb, no jitter).
 */
import type { Identity } from './identity';
import type { RangedKnob, SimDeviceSettings } from './types';

export type TimingFilled = 'hashClimbSeconds' | 'autoTuneShare' | 'timingJitter';
export type TimingOptions = Required<Pick<SimDeviceSettings, TimingFilled>>;

/** The durations the jitter spreads (resolved by write-options.ts and power-options.ts first). */
interface Durations {
  miningRestartSeconds: number;
  bootSeconds: number;
  autoTuneSeconds: number;
}

/** Hash rate while tuning, as a share of the preset's, when not given: chips run below target until tuned. */
export const DEFAULT_TUNE_SHARE = 0.85;

/** Where the climb starts, as a share of the rate it climbs to: the first chips come up at once. */
export const CLIMB_FLOOR = 0.1;

function share(name: string, value: number | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (!(Number.isFinite(value) && value >= 0 && value <= max)) {
    throw new RangeError(`${name} must be a number from 0 to ${max}, got ${value}`);
  }
  return value;
}

/**
 * The device's own factor in 1 − jitter … 1 + jitter. The seed is stirred first: it also sets the hash-rate
 * spread (bodies.ts), and a device's speed should not follow its hash rate.
 */
export function jitterFactor(seed: number, jitter: number): number {
  const stirred = (seed * 7919.0 + 0.5) % 1;
  return 1 + jitter * (2 * stirred - 1);
}

/**
 * `drawn`: the knobs this device drew from a range (ranges.ts): they spread already, the jitter leaves
 * them as drawn.
 */
export function resolveTiming(
  o: SimDeviceSettings,
  id: Identity,
  durations: Durations,
  drawn: ReadonlySet<RangedKnob> = new Set(),
): TimingOptions & Durations {
  const timingJitter = share('timingJitter', o.timingJitter, 0, 1);
  const climb = o.hashClimbSeconds ?? 0;
  if (!(Number.isFinite(climb) && climb >= 0)) {
    throw new RangeError(`hashClimbSeconds must be a number of seconds >= 0, got ${climb}`);
  }
  const f = jitterFactor(id.seed, timingJitter);
  const spread = (knob: RangedKnob, seconds: number): number =>
    drawn.has(knob) ? seconds : Math.round(seconds * f * 1000) / 1000;
  return {
    timingJitter,
    autoTuneShare: share('autoTuneShare', o.autoTuneShare, DEFAULT_TUNE_SHARE, 1),
    hashClimbSeconds: spread('hashClimbSeconds', climb),
    miningRestartSeconds: spread('miningRestartSeconds', durations.miningRestartSeconds),
    bootSeconds: spread('bootSeconds', durations.bootSeconds),
    autoTuneSeconds: spread('autoTuneSeconds', durations.autoTuneSeconds),
  };
}

/**
 * The share of its rate a device hashes at `now` while its hash rate climbs after a restart or reboot:
 * from CLIMB_FLOOR when hashing began (`from`) up to 1 over `climbSeconds`, then 1.
 */
export function climbShare(from: number | undefined, climbSeconds: number, now: number): number {
  if (from === undefined || climbSeconds <= 0) return 1;
  const done = (now - from) / (climbSeconds * 1000);
  if (done >= 1) return 1;
  return CLIMB_FLOOR + (1 - CLIMB_FLOOR) * Math.max(0, done);
}
