/**
 * The fleet as the window sees it: the devices of the inventory's current site (site-devices.ts), the
 * badges of what is stored for them (metadata only), and the monitor watching them (fleet-monitor.ts:
 * built with the technician's settings, rebuilt when they change). The monitor's diffs go straight to the
 * event hub as `monitor:diff`; membership or badge changes go out from here as `fleet:changed`. After
 * anything that may change the site's devices (adding, removing, a site switch, an import) `sync()`
 * re-reads the list and moves the monitor to match. What the window is shown is shaped in fleet-views.ts.
 */
import type { DiscoveredHost } from '../../../shared/domain/discovery';
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { parseDeviceAddress } from '../../../shared/domain/device-address';
import type { CommissioningSnapshot } from '../../../shared/domain/report';
import type { CredentialBadges, DeviceDetailView, FleetSnapshot } from '../../../shared/ipc/channels/monitor';
import type { DeviceIdentity } from '../../../shared/domain/inventory';
import type { DeviceReading } from '../../../shared/domain/reading';
import type { Result } from '../../../shared/result';
import { ok } from '../../../shared/result';
import type { KnownDevice } from '../credentials/identity-rule';
import type { CredentialVault } from '../credentials/vault';
import type { Monitor } from '../monitor/monitor';
import { monitorPools, snapshotFromMonitor } from '../report/snapshot';
import { hostOf } from './added-host';
import { batchedSaves } from './batched-saves';
import { readBadges } from './credential-badges';
import { isDevicePageUrl } from './device-page-url';
import type { FleetEntry } from './fleet-entry';
import { unknownDevice } from './fleet-entry';
import type { FleetMonitorOptions } from './fleet-monitor';
import { createFleetMonitor, targetOf } from './fleet-monitor';
import { deviceDetailView, fleetDevice, fleetSnapshot, viewsById } from './fleet-views';
import type { SiteDeviceList } from './site-devices';

export interface FleetService {
  readonly running: boolean;
  /** Saves these devices into the current site (as a scan would) and watches them. */
  add(
    devices: readonly { address: string; identity?: DeviceIdentity }[],
  ): Promise<Result<{ added: number; alreadyThere: number }>>;
  remove(deviceIds: readonly string[]): Promise<Result<number>>;
  /** Re-reads the current site's devices and moves the monitor and the window to match. */
  sync(): Promise<void>;
  /** The running monitor's states and alerts for the report; undefined while monitoring is paused. */
  commissioningSnapshot(): CommissioningSnapshot | undefined;
  snapshot(): Promise<FleetSnapshot>;
  detail(deviceId: string): Promise<Result<DeviceDetailView>>;
  start(): void;
  stop(): Promise<void>;
  entry(deviceId: string): FleetEntry | undefined;
  /** What the device's last `/info` said about itself (MAC, host name, serial), when the monitor read it. */
  readIdentity(deviceId: string): DeviceReading['identity'];
  /** The inventory site the fleet shows (its id names the site password in the keychain). */
  siteId(): string | undefined;
  /** Re-reads the badges of these devices, tells the window, and polls them at once. */
  credentialsChanged(deviceIds: readonly string[]): Promise<void>;
  /** The device answered a scan again: its address or identity may have changed. */
  seenAgain(deviceId: string, address: string, identity?: DeviceIdentity): Promise<void>;
  pollSoon(deviceIds: readonly string[]): void;
  /** A reboot or mining restart was just sent: the running monitor shows it instead of an alarm. */
  expectDisruption: Monitor['expectDisruption'];
  /** The fleet's devices, for the scanner to recognise a device that moved (or one MAC twice). */
  knownDevices(): KnownDevice[];
  /** The monitor running now, read by a site-metrics scrape; undefined while monitoring is paused. */
  runningMonitor(): Pick<Monitor, 'snapshot' | 'stats'> | undefined;
  /** True when `url` is the web page of a fleet device (same scheme, host and port). */
  isDeviceUrl(url: string): boolean;
  dispose(): Promise<void>;
}

export interface FleetServiceOptions extends FleetMonitorOptions {
  devices: SiteDeviceList;
  vault: CredentialVault;
  /**
   * What the last scan said about a host (its TLS fingerprint above all), so a device added from the
   * window is saved with main's own findings rather than with what the page sent.
   */
  scannedHost?: (address: DeviceAddress) => DiscoveredHost | undefined;
  /** Start watching at once (default true): a reopened app shows its fleet live. */
  autoStart?: boolean;
}

export function createFleetService(options: FleetServiceOptions): FleetService {
  const { events, devices: list, vault, sessions } = options;
  // A keychain that cannot be listed now leaves the flag off until the next read of the badges.
  const monitoring = createFleetMonitor(options, list, () => void badgesNow().catch(() => undefined));

  /**
   * The fleet's badges; the running monitor hears which devices have the factory password, so it raises
   * (or clears) that alert with the others — one place for alerts and their counts, fed by the keychain's
   * metadata rather than by a reading.
   */
  async function badgesNow(): Promise<Map<string, CredentialBadges>> {
    const badges = await readBadges(
      vault,
      sessions,
      list.all().map((entry) => entry.deviceId),
    );
    const monitor = monitoring.current();
    for (const [id, badge] of badges) monitor?.flagFactoryPassword(id, badge.factoryPassword === true);
    return badges;
  }

  async function announce(deviceIds: readonly string[], removed: readonly string[] = []): Promise<void> {
    const badges = deviceIds.length > 0 ? await badgesNow() : new Map<string, CredentialBadges>();
    const views = viewsById(deviceIds.length > 0 ? monitoring.current()?.snapshot() : undefined);
    const devices = deviceIds.flatMap((id) => {
      const entry = list.get(id);
      return entry === undefined ? [] : [fleetDevice(entry, badges.get(id), views.get(id))];
    });
    if (devices.length + removed.length > 0) {
      events.emit({ type: 'fleet:changed', payload: { devices, removed: [...removed] } });
    }
  }

  /** Re-reads the site, then moves the monitor and the window to match what changed. */
  async function sync(): Promise<void> {
    const change = await list.reload();
    const monitor = monitoring.current();
    for (const id of change.removed) monitor?.remove(id);
    for (const entry of change.moved) {
      monitor?.remove(entry.deviceId);
      monitor?.add(targetOf(entry));
    }
    for (const entry of change.added) monitor?.add(targetOf(entry));
    for (const entry of change.changed) monitor?.flag(entry.deviceId, entry.sameMacAs ?? []);
    const shown = [...change.added, ...change.moved, ...change.changed].map((entry) => entry.deviceId);
    await announce(shown, change.removed);
  }

  const seen = batchedSaves(async (hosts) => {
    const saved = await list.save(hosts);
    if (saved.ok) await sync();
  });

  if (options.autoStart !== false) monitoring.startNow();

  return {
    get running() {
      return monitoring.current() !== undefined;
    },
    siteId: () => list.site()?.id,
    async add(devices) {
      const hosts = devices.flatMap((device) => {
        const address = parseDeviceAddress(device.address);
        return address.ok
          ? [hostOf(address.value, device.identity, options.scannedHost?.(address.value))]
          : [];
      });
      const saved = await list.save(hosts);
      if (!saved.ok) return saved;
      await sync();
      return ok({ added: saved.value.added + saved.value.identified, alreadyThere: saved.value.updated });
    },
    async remove(deviceIds) {
      const removed = await list.remove(deviceIds);
      if (!removed.ok) return removed;
      await sync();
      return ok(removed.value.length);
    },
    sync,
    commissioningSnapshot() {
      const monitor = monitoring.current();
      return monitor === undefined
        ? undefined
        : snapshotFromMonitor(monitor.snapshot(), monitor.clearedAlerts(), monitorPools(monitor));
    },
    async snapshot() {
      const badges = await badgesNow();
      const monitor = monitoring.current();
      return fleetSnapshot(list.all(), badges, monitor?.snapshot(), monitor !== undefined);
    },
    async detail(deviceId) {
      const entry = list.get(deviceId);
      if (entry === undefined) return unknownDevice(deviceId);
      const [badges, opened] = await Promise.all([badgesNow(), monitoring.current()?.open(deviceId)]);
      return ok(deviceDetailView(entry, badges.get(deviceId), opened));
    },
    start: () => void monitoring.start(),
    stop: () => monitoring.stop(),
    entry: (deviceId) => list.get(deviceId),
    readIdentity: (deviceId) => monitoring.current()?.identity(deviceId),
    async credentialsChanged(deviceIds) {
      await announce(deviceIds);
      for (const id of deviceIds) monitoring.current()?.pollSoon(id);
    },
    async seenAgain(deviceId, address, identity) {
      if (list.get(deviceId) === undefined) return;
      const parsed = parseDeviceAddress(address);
      if (!parsed.ok) return;
      // Not awaited: a re-scan reports device after device, and their saves go in one batch.
      void seen.add(hostOf(parsed.value, identity, undefined));
      monitoring.current()?.pollSoon(deviceId);
    },
    pollSoon(deviceIds) {
      for (const id of deviceIds) monitoring.current()?.pollSoon(id);
    },
    // A monitor rebuilt meanwhile finds it again in the activity log when the device falls silent.
    expectDisruption: (deviceId, kind, untilMs, detail) =>
      monitoring.current()?.expectDisruption(deviceId, kind, untilMs, detail),
    knownDevices: () => list.knownDevices(),
    runningMonitor: () => monitoring.current(),
    isDeviceUrl: (url) => isDevicePageUrl(url, () => list.all()),
    async dispose() {
      await seen.flush();
      await monitoring.stop();
    },
  };
}
