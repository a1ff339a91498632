/**
 * What a monitor answers those who read it rather than subscribe: every device's view with the totals and
 * active alerts, one device opened (its full reading rebuilt from the kept bodies, the raw bodies, its
 * alerts and history), and the poll statistics. Read on demand, never per poll.
 */
import type { FleetTotals, MonitorAlert, MonitorDeviceView } from '../../../shared/domain/monitor';
import type { DeviceDetail } from './device-record';
import { toDetail } from './device-record';
import type { MonitorParts } from './monitor-parts';
import type { PollScheduler, SchedulerStats } from './scheduler';

export interface MonitorSnapshot {
  at: number;
  devices: MonitorDeviceView[];
  totals: FleetTotals;
  alerts: MonitorAlert[];
}

export interface MonitorStats extends SchedulerStats {
  polls: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
}

export function monitorSnapshot(parts: MonitorParts): MonitorSnapshot {
  return {
    at: parts.now(),
    devices: [...parts.records.keys()].flatMap((id) => parts.view(id) ?? []),
    totals: parts.currentTotals(),
    alerts: parts.alerts.allActive(),
  };
}

/** One device opened; undefined for a device the monitor does not watch. */
export function openDevice(parts: MonitorParts, deviceId: string): DeviceDetail | undefined {
  const record = parts.records.get(deviceId);
  const current = parts.view(deviceId);
  return record === undefined || current === undefined
    ? undefined
    : toDetail(record, current, parts.alerts.activeFor(deviceId));
}

export function monitorStats(parts: MonitorParts, scheduler: PollScheduler): MonitorStats {
  return {
    ...scheduler.stats(),
    polls: parts.latency.polls,
    latencyP50Ms: parts.latency.percentile(50),
    latencyP99Ms: parts.latency.percentile(99),
  };
}
