/**
 * What the window is shown of the fleet, made from the site's list, the credential badges and what the
 * running monitor knows: one row per device, the whole table with its totals, and one device opened.
 * Pure: the fleet service gathers the parts, these only shape them.
 */
import { MONITOR_STATES } from '../../../shared/domain/monitor';
import type { FleetTotals, MonitorDeviceView, MonitorState } from '../../../shared/domain/monitor';
import { bodyWithoutPoolLogins } from '../../../shared/domain/pool-url';
import type {
  CredentialBadges,
  DeviceDetailView,
  FleetDevice,
  FleetSnapshot,
} from '../../../shared/ipc/channels/monitor';
import type { DeviceDetail } from '../monitor/device-record';
import type { MonitorSnapshot } from '../monitor/monitor-reads';
import { NO_CREDENTIALS } from './credential-badges';
import type { FleetEntry } from './fleet-entry';

const emptyTotals = (devices: number): FleetTotals => ({
  devices,
  byState: Object.fromEntries(MONITOR_STATES.map((s) => [s, 0])) as Record<MonitorState, number>,
  hashRate: 0,
  nominalHashRate: 0,
  powerW: 0,
  activeAlerts: 0,
});

/** The monitor's views by device id: one cheap pass, where `device()` would rebuild each reading. */
export const viewsById = (snapshot: MonitorSnapshot | undefined): Map<string, MonitorDeviceView> =>
  new Map((snapshot?.devices ?? []).map((view) => [view.deviceId, view]));

/** One row of the fleet table. */
export function fleetDevice(
  entry: FleetEntry,
  badges: CredentialBadges | undefined,
  view: MonitorDeviceView | undefined,
): FleetDevice {
  return {
    deviceId: entry.deviceId,
    address: entry.addressText,
    identity: entry.identity,
    credentials: badges ?? NO_CREDENTIALS,
    ...(entry.sameMacAs !== undefined ? { sameMacAs: [...entry.sameMacAs] } : {}),
    ...(view !== undefined ? { view } : {}),
  };
}

/** The whole table: every device of the site, and the monitor's totals and alerts while it runs. */
export function fleetSnapshot(
  entries: readonly FleetEntry[],
  badges: ReadonlyMap<string, CredentialBadges>,
  snap: MonitorSnapshot | undefined,
  running: boolean,
): FleetSnapshot {
  const views = viewsById(snap);
  return {
    running,
    devices: entries.map((entry) =>
      fleetDevice(entry, badges.get(entry.deviceId), views.get(entry.deviceId)),
    ),
    totals: snap?.totals ?? emptyTotals(entries.length),
    alerts: snap?.alerts ?? [],
  };
}

/** One device opened: its row, and while the monitor runs its reading, raw bodies, alerts and history. */
export function deviceDetailView(
  entry: FleetEntry,
  badges: CredentialBadges | undefined,
  found: DeviceDetail | undefined,
): DeviceDetailView {
  const history = found?.history;
  return {
    device: fleetDevice(entry, badges, found?.view),
    ...(found?.reading !== undefined ? { reading: found.reading } : {}),
    // The raw JSON tab shows pool urls without the login some carry (pool-url.ts).
    raw:
      found?.raw.summary === undefined
        ? (found?.raw ?? {})
        : { ...found.raw, summary: bodyWithoutPoolLogins(found.raw.summary) },
    ...(found?.credential !== undefined ? { credential: found.credential } : {}),
    alerts: found?.alerts ?? [],
    history: {
      at: history?.at ?? [],
      values: {
        hashRate: history?.values.hashRate ?? [],
        chipTempMax: history?.values.chipTempMax ?? [],
        boardTempMax: history?.values.boardTempMax ?? [],
        powerW: history?.values.powerW ?? [],
      },
    },
    ...(found?.lastPollMs !== undefined ? { lastPollMs: found.lastPollMs } : {}),
  };
}
