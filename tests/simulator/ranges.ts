/**
 * Knobs given as a range `[min, max]` (the field profile's timings): each device draws its own value in
 * the range, fixed by the fleet's `seed`, its index and the knob (seeded.ts), so the same fleet spreads
 * the same way every run and a device's restart does not follow its tuning. Everything downstream sees a
 * plain number (`device.options` shows the device's own).
 */
import { unitFrom } from './seeded';
import type { RangedKnob, SimDeviceOptions, SimDeviceSettings, SimRange } from './types';

/** The knobs that take a range, with the largest value each allows. */
export const RANGED_KNOBS: Readonly<Record<RangedKnob, number>> = {
  installSeconds: Infinity,
  miningRestartSeconds: Infinity,
  rebootDownSeconds: Infinity,
  bootSeconds: Infinity,
  hashClimbSeconds: Infinity,
  autoTuneSeconds: Infinity,
  autoTuneShare: 1,
};

type DrawnOptions = SimDeviceSettings;

export interface DrawResult {
  options: DrawnOptions;
  /** The knobs this device drew from a range (timingJitter leaves them alone: they already spread). */
  drawn: ReadonlySet<RangedKnob>;
}

export const isRange = (v: unknown): v is SimRange => Array.isArray(v);

function checkRange(knob: RangedKnob, range: SimRange): void {
  const max = RANGED_KNOBS[knob];
  const [lo, hi] = range;
  const ok =
    range.length === 2 &&
    typeof lo === 'number' &&
    typeof hi === 'number' &&
    Number.isFinite(lo) &&
    Number.isFinite(hi) &&
    lo >= 0 &&
    lo <= hi &&
    hi <= max;
  if (!ok) {
    const bound = Number.isFinite(max) ? ` up to ${max}` : '';
    throw new RangeError(
      `${knob} as a range must be [min, max] with 0 <= min <= max${bound}, got ${JSON.stringify(range)}`,
    );
  }
}

/** The value a device draws in `range`: seconds to the millisecond, shares to 1/10,000. */
export function drawIn(range: SimRange, seed: number, index: number, knob: string): number {
  const [lo, hi] = range;
  const value = lo + (hi - lo) * unitFrom(seed, index, knob);
  return Math.round(value * 10_000) / 10_000;
}

export function drawRanges(o: SimDeviceOptions, seed: number, index: number): DrawResult {
  const options: Record<string, unknown> = { ...o };
  const drawn = new Set<RangedKnob>();
  for (const knob of Object.keys(RANGED_KNOBS) as RangedKnob[]) {
    const value = o[knob];
    if (!isRange(value)) continue;
    checkRange(knob, value);
    options[knob] = drawIn(value, seed, index, knob);
    drawn.add(knob);
  }
  return { options: options as DrawnOptions, drawn };
}
