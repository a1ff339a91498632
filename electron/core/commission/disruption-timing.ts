/**
 * How long a reboot or a mining restart is expected to take (field-notes.md: after a reboot "the device
 * drops off the network for a minute or two"), and the deadline after which silence is an alarm again.
 * The same numbers turn an activity-log entry of another process back into an expected disruption, so a
 * monitor anywhere says the same thing: `until` in the log is the deadline, `backAt` is `until − margin`.
 *
 * The log is a file, and travels in site exports: its `until` is believed only as far as the write can
 * last (MAX_EFFECT_MS), as a device's reboot delay is (device/plausible-bounds.ts), so an imported or
 * hand-edited entry cannot keep a device "rebooting" for days or a locate LED on for a year.
 */
import type { ActivityAction, ActivityEntry } from '../../../shared/domain/commission';
import type { ExpectedDisruption } from '../monitor/disruption';

export interface DisruptionTiming {
  /** From the time a rebooting device said it goes down to when it answers again. */
  rebootBackMs: number;
  /** From the request to the end of a mining restart. */
  restartBackMs: number;
  /** After the expected time, how long before silence is the usual alarm again. */
  marginMs: number;
  /** `after` when the device did not say (the vendor's default). */
  defaultAfterSeconds: number;
}

export const DEFAULT_DISRUPTION_TIMING: DisruptionTiming = {
  rebootBackMs: 120_000,
  restartBackMs: 60_000,
  marginMs: 180_000,
  defaultAfterSeconds: 3,
};

const HOUR_MS = 3_600_000;

/**
 * The longest a logged write's effect lasts after its entry's time. A reboot: the device waits at most
 * 10 min before going down (REBOOT_DELAY_S), 2 min to come back, 3 min of margin — and the entry is dated
 * when the run began, whose last request goes out minutes later on a large site: an hour covers it. A
 * firmware update's deadline and a locate LED's time are at most 24 h (their CLI and window limits), plus
 * the same hour. Writes with no lasting effect get the hour too.
 */
export const MAX_EFFECT_MS: Readonly<Partial<Record<ActivityAction, number>>> = {
  reboot: HOUR_MS,
  'restart-mining': HOUR_MS,
  firmware: 25 * HOUR_MS,
  locate: 25 * HOUR_MS,
};

/** Two laptops' clocks differ by minutes: an entry dated further ahead of this clock is not from now. */
export const CLOCK_SKEW_MS = 10 * 60_000;

/**
 * The latest an entry's `until` can be believed (epoch ms): its time — never later than this clock allows
 * — plus the longest its action lasts. NaN when its time cannot be read.
 */
export function untilBound(entry: Pick<ActivityEntry, 'action' | 'at'>, now: number): number {
  const at = Date.parse(entry.at);
  return Math.min(at, now + CLOCK_SKEW_MS) + (MAX_EFFECT_MS[entry.action] ?? HOUR_MS);
}

export interface DisruptionWindow {
  downAt?: number;
  backAt: number;
  until: number;
}

export function rebootWindow(sentAt: number, afterSeconds: number, t: DisruptionTiming): DisruptionWindow {
  const downAt = sentAt + afterSeconds * 1000;
  const backAt = downAt + t.rebootBackMs;
  return { downAt, backAt, until: backAt + t.marginMs };
}

export function restartWindow(sentAt: number, t: DisruptionTiming): DisruptionWindow {
  const backAt = sentAt + t.restartBackMs;
  return { backAt, until: backAt + t.marginMs };
}

/**
 * A firmware rollout's entry (docs/commissioning.md, Firmware): a device whose upload is under way or that
 * took the image (outcome `unknown`, no verdict yet) is updating until the entry's `until` (the rollout's
 * deadline); its verdict entry ends that.
 */
function firmwareDisruption(
  entry: Pick<ActivityEntry, 'at' | 'until' | 'devices' | 'firmware'>,
  match: (device: ActivityEntry['devices'][number]) => boolean,
  now: number,
  t: DisruptionTiming,
): ExpectedDisruption | undefined {
  if (entry.firmware === undefined || entry.firmware.phase === 'verdict') return undefined;
  const device = entry.devices.find(match);
  if (device === undefined || device.outcome !== 'unknown') return undefined;
  const since = Date.parse(entry.at);
  const logged = entry.until === undefined ? NaN : Date.parse(entry.until);
  // A deadline beyond the longest rollout is cut to it; an entry from the future is not believed.
  const until = Math.min(logged, untilBound({ action: 'firmware', at: entry.at }, now));
  if (!(since <= now + CLOCK_SKEW_MS) || !Number.isFinite(until) || until <= now) return undefined;
  const downAt = since + t.defaultAfterSeconds * 1000;
  return {
    kind: 'rebooting',
    cause: 'firmware',
    since,
    downAt,
    backAt: Math.min(until, downAt + t.rebootBackMs),
    until,
  };
}

/**
 * The disruption a logged reboot, restart or firmware update means for one device, while its deadline has
 * not passed: only when the write reached the device (done, or unknown — it may have).
 */
export function disruptionFromEntry(
  entry: Pick<ActivityEntry, 'action' | 'at' | 'until' | 'devices' | 'firmware'>,
  match: (device: ActivityEntry['devices'][number]) => boolean,
  now: number,
  t: DisruptionTiming,
): ExpectedDisruption | undefined {
  if (entry.action === 'firmware') return firmwareDisruption(entry, match, now, t);
  if (entry.action !== 'reboot' && entry.action !== 'restart-mining') return undefined;
  const device = entry.devices.find(match);
  if (device === undefined || (device.outcome !== 'done' && device.outcome !== 'unknown')) return undefined;
  const since = Date.parse(entry.at);
  if (!Number.isFinite(since) || since > now + CLOCK_SKEW_MS) return undefined;
  const window =
    entry.action === 'reboot' ? rebootWindow(since, t.defaultAfterSeconds, t) : restartWindow(since, t);
  const logged = entry.until === undefined ? NaN : Date.parse(entry.until);
  // An implausible deadline is replaced by the usual one, as an implausible reboot delay is.
  const until = logged <= untilBound(entry, now) ? logged : window.until;
  if (until <= now) return undefined;
  return {
    kind: entry.action === 'reboot' ? 'rebooting' : 'restarting',
    since,
    backAt: Math.max(since, until - t.marginMs),
    until,
    ...(window.downAt !== undefined ? { downAt: window.downAt } : {}),
  };
}
