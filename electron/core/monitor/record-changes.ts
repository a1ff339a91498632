/**
 * Changes to one device's record that keep the rest of the monitor in step: a move of its state machine
 * (the fleet totals follow), an expected disruption entered once, and the alerts that do not wait for a
 * poll. Used by a poll (run-poll.ts) and by what the monitor is told between polls (watched-devices.ts).
 */
import type { DeviceRecord } from './device-record';
import type { ExpectedDisruption } from './disruption';
import type { Share } from './fleet-totals';
import { shareOf } from './fleet-totals';
import type { MonitorParts } from './monitor-parts';
import type { MachineState, PollEvent } from './state-machine';
import { transition } from './state-machine';

/** Keeps the fleet totals in step with a record changed since `before` (its share then). */
export function settle(parts: MonitorParts, record: DeviceRecord, before: Share): void {
  parts.tracker.remove(before);
  parts.tracker.add(shareOf(record));
}

/** Moves the record's state machine; the totals change only when the state does. */
export function apply(parts: MonitorParts, record: DeviceRecord, event: PollEvent): MachineState {
  const prev = record.machine;
  const next = transition(prev, event, parts.now(), parts.settings);
  if (next === prev) return prev;
  const before = shareOf(record);
  record.machine = next;
  settle(parts, record, before);
  return next;
}

/** Enters an expected disruption not seen before; answers whether the state changed. */
export function expect(parts: MonitorParts, record: DeviceRecord, disruption: ExpectedDisruption): boolean {
  const id = record.target.deviceId;
  if (disruption.since <= (parts.disruptionSince.get(id) ?? Number.NEGATIVE_INFINITY)) return false;
  parts.disruptionSince.set(id, disruption.since);
  const prev = record.machine;
  return apply(parts, record, { kind: 'expect', disruption }) !== prev;
}

/** Re-derives the alerts that do not wait for a poll (the same MAC elsewhere, a factory password). */
export function realert(parts: MonitorParts, record: DeviceRecord): void {
  const { state, reason } = record.machine;
  const input = {
    state,
    reason,
    reading: undefined,
    sameMacAs: record.target.sameMacAs,
    factoryPassword: record.target.factoryPassword,
  };
  const changes = parts.alerts.update(record.target.deviceId, record.address, input, parts.now());
  if (changes.raised.length + changes.cleared.length === 0) return;
  parts.diffs.addAlerts(changes);
  parts.diffs.markDirty(record.target.deviceId);
}
