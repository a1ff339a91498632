/**
 * The fleet as the window sees it: the devices of the inventory's current site (site-devices.ts), the
 * badges of what is stored for them (metadata only), and the monitor watching them. The monitor is
 * (re)built here with the technician's settings, so a changed poll interval or threshold applies to the
 * running fleet at once; its diffs go straight to the event hub as `monitor:diff`, and membership or badge
 * changes go out as `fleet:changed`. After anything that may change the site's devices (adding, removing,
 * a site switch, an import) `sync()` re-reads the list and moves the monitor to match.
 */
import type { DiscoveredHost } from '../../../shared/domain/discovery';
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { parseDeviceAddress } from '../../../shared/domain/device-address';
import { MONITOR_STATES } from '../../../shared/domain/monitor';
import type { FleetTotals, MonitorDeviceView, MonitorState } from '../../../shared/domain/monitor';
import type { CommissioningSnapshot } from '../../../shared/domain/report';
import type { MonitorAppSettings } from '../../../shared/domain/settings';
import type {
  CredentialBadges,
  DeviceDetailView,
  FleetDevice,
  FleetSnapshot,
} from '../../../shared/ipc/channels/monitor';
import type { DeviceIdentity } from '../../../shared/domain/inventory';
import type { DeviceReading } from '../../../shared/domain/reading';
import type { Result } from '../../../shared/result';
import { ok } from '../../../shared/result';
import type { SessionManager } from '../credentials/session-manager';
import type { KnownDevice } from '../credentials/identity-rule';
import type { CredentialVault } from '../credentials/vault';
import type { DeviceClient, DeviceClientOptions } from '../device/client';
import type { EventHub } from '../events/event-hub';
import type { Monitor, MonitorOptions, MonitorTarget } from '../monitor/monitor';
import { createMonitor } from '../monitor/monitor';
import type { MonitorSettings } from '../monitor/monitor-options';
import { monitorClientOptions } from '../monitor/monitor-options';
import { monitorPools, snapshotFromMonitor } from '../report/snapshot';
import { batchedSaves } from './batched-saves';
import { NO_CREDENTIALS, readBadges } from './credential-badges';
import type { FleetEntry } from './fleet-entry';
import { unknownDevice } from './fleet-entry';
import { bodyWithoutPoolLogins } from '../../../shared/domain/pool-url';
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

export interface FleetServiceOptions {
  events: EventHub;
  devices: SiteDeviceList;
  vault: CredentialVault;
  sessions: SessionManager;
  settings: () => MonitorAppSettings;
  /** Subscribes to settings changes; the monitor is rebuilt when its part changed. */
  onSettingsChange?: (listener: () => void) => () => void;
  createClient: (options: DeviceClientOptions) => DeviceClient;
  /** Knobs the settings do not expose (tests: short backoff, quick diffs). */
  monitorOverrides?: MonitorSettings;
  /**
   * What the last scan said about a host (its TLS fingerprint above all), so a device added from the
   * window is saved with main's own findings rather than with what the page sent.
   */
  scannedHost?: (address: DeviceAddress) => DiscoveredHost | undefined;
  /** Start watching at once (default true): a reopened app shows its fleet live. */
  autoStart?: boolean;
  /** Reboots and restarts other processes made, from the activity log (the monitor's option). */
  lookupDisruption?: MonitorOptions['lookupDisruption'];
  /** Told of every finished poll, by every monitor this service builds (the site metrics' recorder). */
  onPollDone?: MonitorOptions['onPollDone'];
}

const emptyTotals = (devices: number): FleetTotals => ({
  devices,
  byState: Object.fromEntries(MONITOR_STATES.map((s) => [s, 0])) as Record<MonitorState, number>,
  hashRate: 0,
  nominalHashRate: 0,
  powerW: 0,
  activeAlerts: 0,
});

export function toMonitorSettings(
  settings: MonitorAppSettings,
  overrides: MonitorSettings = {},
): MonitorSettings {
  return {
    intervalMs: settings.intervalMs,
    timeoutMs: settings.timeoutMs,
    concurrency: settings.concurrency,
    offlineAfterMissedPolls: settings.offlineAfterMissedPolls,
    thresholds: { chipTempMaxC: settings.chipTempMaxC, hashRateMinShare: settings.hashRateMinPercent / 100 },
    ...overrides,
  };
}

const targetOf = (entry: FleetEntry): MonitorTarget => ({
  deviceId: entry.deviceId,
  address: entry.address,
  ...(entry.sameMacAs !== undefined ? { sameMacAs: entry.sameMacAs } : {}),
});

/** A device the window adds, as the scan result the inventory records. */
function hostOf(
  address: DeviceAddress,
  identity: DeviceIdentity | undefined,
  scanned: DiscoveredHost | undefined,
): DiscoveredHost {
  return {
    address: address.host,
    port: address.port,
    scheme: address.scheme,
    kind: 'device',
    identity: scanned?.identity ?? identity ?? null,
    // What the scan established (moved: its old address was silent; the same MAC elsewhere) decides
    // the device's id when it is saved (identity-rule.ts); without a scan, nothing is assumed.
    seen: scanned?.seen ?? 'new',
    ...(scanned?.previousAddress !== undefined ? { previousAddress: scanned.previousAddress } : {}),
    ...(scanned?.sameMacAs !== undefined ? { sameMacAs: scanned.sameMacAs } : {}),
    ...(scanned?.tlsFingerprint256 !== undefined ? { tlsFingerprint256: scanned.tlsFingerprint256 } : {}),
  };
}

export function createFleetService(options: FleetServiceOptions): FleetService {
  const { events, devices: list, vault, sessions } = options;
  let live: { monitor: Monitor; client: DeviceClient; settings: string } | undefined;
  let transition: Promise<void> = Promise.resolve();

  /** The monitor's views by device id: one cheap pass, where `device()` would rebuild each reading. */
  const currentViews = (): Map<string, MonitorDeviceView> =>
    new Map((live?.monitor.snapshot().devices ?? []).map((view) => [view.deviceId, view]));

  const fleetDevice = (
    entry: FleetEntry,
    badges: CredentialBadges | undefined,
    view: MonitorDeviceView | undefined,
  ): FleetDevice => {
    return {
      deviceId: entry.deviceId,
      address: entry.addressText,
      identity: entry.identity,
      credentials: badges ?? NO_CREDENTIALS,
      ...(entry.sameMacAs !== undefined ? { sameMacAs: [...entry.sameMacAs] } : {}),
      ...(view !== undefined ? { view } : {}),
    };
  };

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
    const monitor = live?.monitor;
    for (const [id, badge] of badges) monitor?.flagFactoryPassword(id, badge.factoryPassword === true);
    return badges;
  }

  async function announce(deviceIds: readonly string[], removed: readonly string[] = []): Promise<void> {
    const badges = deviceIds.length > 0 ? await badgesNow() : new Map<string, CredentialBadges>();
    const views = deviceIds.length > 0 ? currentViews() : new Map<string, MonitorDeviceView>();
    const devices = deviceIds.flatMap((id) => {
      const entry = list.get(id);
      return entry === undefined ? [] : [fleetDevice(entry, badges.get(id), views.get(id))];
    });
    if (devices.length + removed.length > 0) {
      events.emit({ type: 'fleet:changed', payload: { devices, removed: [...removed] } });
    }
  }

  function startNow(): void {
    if (live !== undefined) return;
    const settings = toMonitorSettings(options.settings(), options.monitorOverrides);
    // Pins from the inventory: a certificate the technician trusted stays pinned across restarts.
    const client = options.createClient({ ...monitorClientOptions(settings), tlsPins: list.pins });
    const { lookupDisruption: lookup, onPollDone } = options;
    const monitor = createMonitor({
      client,
      sessions,
      events,
      ...settings,
      ...(lookup !== undefined ? { lookupDisruption: lookup } : {}),
      ...(onPollDone !== undefined ? { onPollDone } : {}),
    });
    monitor.start(list.all().map(targetOf));
    live = { monitor, client, settings: JSON.stringify(options.settings()) };
    // A keychain that cannot be listed now leaves the flag off until the next read of the badges.
    void badgesNow().catch(() => undefined);
  }

  async function stopNow(): Promise<void> {
    const current = live;
    if (current === undefined) return;
    live = undefined;
    await current.monitor.stop();
    current.client.close();
  }

  /** Start/stop/restart one after the other, so a quick stop-then-start cannot leave two monitors. */
  const serially = (step: () => Promise<void> | void): Promise<void> => {
    transition = transition.then(step, step);
    return transition;
  };

  options.onSettingsChange?.(() => {
    if (live === undefined || live.settings === JSON.stringify(options.settings())) return;
    void serially(async () => {
      if (live === undefined) return;
      await stopNow();
      startNow();
    });
  });

  /** Re-reads the site, then moves the monitor and the window to match what changed. */
  async function sync(): Promise<void> {
    const change = await list.reload();
    const monitor = live?.monitor;
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

  if (options.autoStart !== false) startNow();

  return {
    get running() {
      return live !== undefined;
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
    commissioningSnapshot: () =>
      live === undefined
        ? undefined
        : snapshotFromMonitor(
            live.monitor.snapshot(),
            live.monitor.clearedAlerts(),
            monitorPools(live.monitor),
          ),
    async snapshot() {
      const badges = await badgesNow();
      const entries = list.all();
      const snap = live?.monitor.snapshot();
      const views = new Map((snap?.devices ?? []).map((view) => [view.deviceId, view]));
      return {
        running: live !== undefined,
        devices: entries.map((entry) =>
          fleetDevice(entry, badges.get(entry.deviceId), views.get(entry.deviceId)),
        ),
        totals: snap?.totals ?? emptyTotals(entries.length),
        alerts: snap?.alerts ?? [],
      };
    },
    async detail(deviceId) {
      const entry = list.get(deviceId);
      if (entry === undefined) return unknownDevice(deviceId);
      const badges = await badgesNow();
      const found = live?.monitor.device(deviceId);
      const history = found?.history;
      return ok({
        device: fleetDevice(entry, badges.get(deviceId), found?.view),
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
      });
    },
    start: () => void serially(startNow),
    stop: () => serially(stopNow),
    entry: (deviceId) => list.get(deviceId),
    readIdentity: (deviceId) => live?.monitor.device(deviceId)?.reading?.identity,
    async credentialsChanged(deviceIds) {
      await announce(deviceIds);
      for (const id of deviceIds) live?.monitor.pollSoon(id);
    },
    async seenAgain(deviceId, address, identity) {
      if (list.get(deviceId) === undefined) return;
      const parsed = parseDeviceAddress(address);
      if (!parsed.ok) return;
      // Not awaited: a re-scan reports device after device, and their saves go in one batch.
      void seen.add(hostOf(parsed.value, identity, undefined));
      live?.monitor.pollSoon(deviceId);
    },
    pollSoon(deviceIds) {
      for (const id of deviceIds) live?.monitor.pollSoon(id);
    },
    // A monitor rebuilt meanwhile finds it again in the activity log when the device falls silent.
    expectDisruption: (deviceId, kind, untilMs, detail) =>
      live?.monitor.expectDisruption(deviceId, kind, untilMs, detail),
    knownDevices: () => list.knownDevices(),
    runningMonitor: () => live?.monitor,
    isDeviceUrl(url) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return false;
      }
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
      return list.all().some((entry) => new URL(entry.addressText).origin === parsed.origin);
    },
    async dispose() {
      await seen.flush();
      await serially(stopNow);
    },
  };
}
