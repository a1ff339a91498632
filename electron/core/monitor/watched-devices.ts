/**
 * Devices coming into and going out of a monitor, and what it is told about them between polls: other
 * addresses answering with a device's MAC, a factory password, a reboot or restart this process sent.
 * Each change goes out in the next diff; a device's alerts that do not wait for a poll are raised at once.
 */
import type { DeviceRecord } from './device-record';
import { newRecord } from './device-record';
import type { DisruptionDetail, DisruptionKind } from './disruption';
import { expectedDisruption } from './disruption';
import { shareOf } from './fleet-totals';
import type { MonitorParts } from './monitor-parts';
import type { MonitorTarget } from './poll-device';
import type { PollScheduler } from './scheduler';
import { expect, realert } from './record-changes';

/** A device of this running monitor; undefined once it is stopped or for a device it does not watch. */
const watchedRecord = (parts: MonitorParts, deviceId: string): DeviceRecord | undefined =>
  parts.stopped ? undefined : parts.records.get(deviceId);

/**
 * Starts watching a device, its first poll within `spreadMs`; one already watched is left as it is.
 * `listened`: a listener takes every poll's parsed bodies (kept-answer.ts).
 */
export function watchDevice(
  parts: MonitorParts,
  scheduler: PollScheduler,
  device: MonitorTarget,
  spreadMs: number,
  listened: () => boolean,
): void {
  if (parts.stopped || parts.records.has(device.deviceId)) return;
  const record = newRecord(device, parts.now(), listened);
  parts.records.set(device.deviceId, record);
  parts.tracker.add(shareOf(record));
  parts.diffs.markDirty(device.deviceId);
  if ((device.sameMacAs?.length ?? 0) > 0 || device.factoryPassword === true) realert(parts, record);
  scheduler.add(device.deviceId, Math.floor(parts.random() * spreadMs));
}

/** Stops watching a device: its share of the totals, its alerts (cleared) and its polls go. */
export function unwatchDevice(parts: MonitorParts, scheduler: PollScheduler, deviceId: string): void {
  const record = parts.records.get(deviceId);
  if (record === undefined) return;
  parts.records.delete(deviceId);
  parts.disruptionSince.delete(deviceId);
  parts.network.forget(deviceId);
  parts.tracker.remove(shareOf(record));
  scheduler.remove(deviceId);
  parts.diffs.addAlerts({ raised: [], cleared: parts.alerts.removeDevice(deviceId, parts.now()) });
  parts.diffs.markRemoved(deviceId);
}

/** The other addresses answering with the device's MAC now; empty clears its alert. */
export function flagSameMac(parts: MonitorParts, deviceId: string, sameMacAs: readonly string[]): void {
  const record = watchedRecord(parts, deviceId);
  if (record === undefined) return;
  record.target = { ...record.target, sameMacAs: [...sameMacAs] };
  realert(parts, record);
}

/** Whether the device's working password is the factory default; its alert is raised or cleared at once. */
export function flagFactoryPassword(parts: MonitorParts, deviceId: string, factory: boolean): void {
  const record = watchedRecord(parts, deviceId);
  if (record === undefined || (record.target.factoryPassword === true) === factory) return;
  record.target = { ...record.target, factoryPassword: factory };
  realert(parts, record);
}

/** This process asked the device to reboot or restart mining: shown as such until `untilMs`. */
export function expectDisruption(
  parts: MonitorParts,
  deviceId: string,
  kind: DisruptionKind,
  untilMs: number,
  detail: DisruptionDetail,
): void {
  const record = watchedRecord(parts, deviceId);
  if (record === undefined) return;
  if (!expect(parts, record, expectedDisruption(kind, untilMs, detail, parts.now()))) return;
  // An offline alarm raised before it was known clears now.
  realert(parts, record);
  parts.diffs.markDirty(deviceId);
}
