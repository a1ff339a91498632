/**
 * The monitor's view of the fleet → the report's `CommissioningSnapshot`. The report depends on this small
 * shape only, so it is built the same way from the app's running monitor and from the CLI's one-pass
 * check, and report tests can hand it any state without a network.
 */
import type { MonitorAlert } from '../../../shared/domain/monitor';
import type { CommissioningSnapshot, SeenAlert } from '../../../shared/domain/report';
import type { Monitor } from '../monitor/monitor';
import type { MonitorSnapshot } from '../monitor/monitor-reads';

const seen = (alert: MonitorAlert): SeenAlert => ({
  kind: alert.kind,
  message: alert.message,
  raisedAt: alert.raisedAt,
  ...(alert.clearedAt !== undefined ? { clearedAt: alert.clearedAt } : {}),
});

/** A device's pools as its last summary listed them (url, worker, type: a pool password is never read). */
export type PoolsOf = (
  deviceId: string,
) => readonly { url: string; user?: string; type?: string }[] | undefined;

/** The pools of a monitor's device, as its last summary listed them (kept without the summary). */
export const monitorPools =
  (monitor: Pick<Monitor, 'pools'>): PoolsOf =>
  (deviceId) =>
    monitor.pools(deviceId);

/**
 * `cleared`: the monitor's log of alerts that came and went (`monitor.clearedAlerts()`), so a device that
 * overheated an hour ago and recovered still shows it in the report. `pools`: each device's pools as read
 * back, for the report (a device whose summary was not read has none).
 */
export function snapshotFromMonitor(
  snapshot: MonitorSnapshot,
  cleared: readonly MonitorAlert[] = [],
  pools?: PoolsOf,
): CommissioningSnapshot {
  const alerts = new Map<string, SeenAlert[]>();
  // A cleared "needs password" is a commissioning step (the device waited for its password and got it),
  // not a problem to hand over; one still active, or any other alert that came and went, is.
  const handedOver = cleared.filter((alert) => alert.kind !== 'needs-password');
  for (const alert of [...handedOver, ...snapshot.alerts].sort((a, b) => a.raisedAt - b.raisedAt)) {
    alerts.set(alert.deviceId, [...(alerts.get(alert.deviceId) ?? []), seen(alert)]);
  }
  return {
    at: snapshot.at,
    devices: snapshot.devices.map((device) => {
      const read = device.reading === undefined ? undefined : pools?.(device.deviceId);
      return {
        deviceId: device.deviceId,
        state: device.state,
        reason: device.reason,
        ...(device.reading !== undefined ? { reading: device.reading } : {}),
        alerts: alerts.get(device.deviceId) ?? [],
        ...(read !== undefined
          ? {
              pools: read.map((pool) => ({
                url: pool.url,
                ...(pool.user !== undefined ? { user: pool.user } : {}),
                ...(pool.type !== undefined ? { type: pool.type } : {}),
              })),
            }
          : {}),
      };
    }),
  };
}
