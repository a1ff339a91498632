/**
 * The field profile (issue 33): a device's timings as in a real hall, each a range every device draws its
 * own value in (ranges.ts), each overridable. `startFleet({ defaults: fieldProfile(), timeScale: 60,
 * link: FIELD_LINK })`. Where each figure comes from: tests/simulator/README.md "Field clock".
 */
import type { SimDeviceOptions, SimRange, SiteLinkOptions } from './types';
import { DEFAULT_DEVICE_MBPS, DEFAULT_SITE_MBPS } from './site-link';

export interface FieldTimings {
  /** Writing the image after the upload; the device answers and mines meanwhile. Issue 33: 60–120 s. */
  installSeconds: SimRange;
  /** From going down to answering again. Issue 33: 120–180 s (field notes: "a minute or two"). */
  rebootDownSeconds: SimRange;
  /** `after` of a reboot (the vendor default, whole seconds). */
  rebootAfterSeconds: number;
  /** After the API answers again, the miner starting (`initializing`, `starting`): as a mining restart. */
  bootSeconds: SimRange;
  /** `restarting`/`starting` with no hash rate. Field notes and issue 33: 30–60 s. */
  miningRestartSeconds: SimRange;
  /** The climb to nominal once hashing begins. Issue 33: 3–5 min. */
  hashClimbSeconds: SimRange;
  /** An untuned preset's `auto-tuning`. Issue 33: 20–40 min (field notes: a device tuned for 74 min). */
  autoTuneSeconds: SimRange;
  /** The hash rate while tuning, as a share of the preset's. Issue 33: 60–85 %. */
  autoTuneShare: SimRange;
}

export const FIELD_TIMINGS: Readonly<FieldTimings> = Object.freeze<FieldTimings>({
  installSeconds: [60, 120],
  rebootDownSeconds: [120, 180],
  rebootAfterSeconds: 3,
  bootSeconds: [30, 60],
  miningRestartSeconds: [30, 60],
  hashClimbSeconds: [180, 300],
  autoTuneSeconds: [1200, 2400],
  autoTuneShare: [0.6, 0.85],
});

/** The site link of the field profile: 1 Gbit/s into the hall, 200 Mbit/s a device. */
export const FIELD_LINK: Readonly<Required<Omit<SiteLinkOptions, 'chargeBytes'>>> = Object.freeze({
  siteMbps: DEFAULT_SITE_MBPS,
  deviceMbps: DEFAULT_DEVICE_MBPS,
});

/**
 * Device options with the field's timings (FIELD_TIMINGS), anything in `overrides` over them (a number
 * for one value on every device, `[min, max]` for another range, or any other device option).
 */
export function fieldProfile(overrides: SimDeviceOptions = {}): SimDeviceOptions {
  return { ...FIELD_TIMINGS, ...overrides };
}
