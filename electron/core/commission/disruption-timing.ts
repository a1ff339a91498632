/**
 * How long a reboot or a mining restart is expected to take (field-notes.md: after a reboot "the device
 * drops off the network for a minute or two"), and the deadline after which silence is an alarm again.
 * The same numbers turn an activity-log entry of another process back into an expected disruption, so a
 * monitor anywhere says the same thing: `until` in the log is the deadline, `backAt` is `until − margin`.
 */
import type { ActivityEntry } from '../../../shared/domain/commission';
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
  const until = entry.until === undefined ? NaN : Date.parse(entry.until);
  if (!Number.isFinite(since) || !Number.isFinite(until) || until <= now) return undefined;
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
  if (!Number.isFinite(since)) return undefined;
  const window =
    entry.action === 'reboot' ? rebootWindow(since, t.defaultAfterSeconds, t) : restartWindow(since, t);
  const logged = entry.until === undefined ? NaN : Date.parse(entry.until);
  const until = Number.isFinite(logged) ? logged : window.until;
  if (until <= now) return undefined;
  return {
    kind: entry.action === 'reboot' ? 'rebooting' : 'restarting',
    since,
    backAt: Math.max(since, until - t.marginMs),
    until,
    ...(window.downAt !== undefined ? { downAt: window.downAt } : {}),
  };
}
