/**
 * The fleet as the window sees it: the devices the technician added (fleet-registry.ts), the badges of
 * what is stored for them (metadata only), and the monitor watching them. The monitor is (re)built here
 * with the technician's settings, so a changed poll interval or threshold applies to the running fleet
 * at once; its diffs go straight to the event hub as `monitor:diff`, and membership or badge changes
 * go out as `fleet:changed`.
 */
import { MONITOR_STATES } from '../../../shared/domain/monitor';
import type { FleetTotals, MonitorDeviceView, MonitorState } from '../../../shared/domain/monitor';
import type { MonitorAppSettings } from '../../../shared/domain/settings';
import type {
  CredentialBadges,
  DeviceDetailView,
  FleetDevice,
  FleetSnapshot,
} from '../../../shared/ipc/channels/monitor';
import type { DeviceIdentity } from '../../../shared/domain/inventory';
import type { Result } from '../../../shared/result';
import { ok } from '../../../shared/result';
import type { SessionManager } from '../credentials/session-manager';
import type { CredentialVault } from '../credentials/vault';
import type { DeviceClient, DeviceClientOptions } from '../device/client';
import type { EventHub } from '../events/event-hub';
import type { Monitor, MonitorTarget } from '../monitor/monitor';
import { createMonitor } from '../monitor/monitor';
import type { MonitorSettings } from '../monitor/monitor-options';
import { monitorClientOptions } from '../monitor/monitor-options';
import { NO_CREDENTIALS, readBadges } from './credential-badges';
import type { FleetEntry, FleetRegistry } from './fleet-registry';
import { unknownDevice } from './fleet-registry';

export interface FleetService {
  readonly running: boolean;
  add(
    devices: readonly { address: string; identity?: DeviceIdentity }[],
  ): Promise<{ added: number; alreadyThere: number }>;
  remove(deviceIds: readonly string[]): Promise<number>;
  snapshot(): Promise<FleetSnapshot>;
  detail(deviceId: string): Promise<Result<DeviceDetailView>>;
  start(): void;
  stop(): Promise<void>;
  entry(deviceId: string): FleetEntry | undefined;
  /** Re-reads the badges of these devices, tells the window, and polls them at once. */
  credentialsChanged(deviceIds: readonly string[]): Promise<void>;
  /** The device answered a scan again: its address or identity may have changed. */
  seenAgain(deviceId: string, address: string, identity?: DeviceIdentity): Promise<void>;
  pollSoon(deviceIds: readonly string[]): void;
  /** MAC → host, for the scanner to recognise a device that moved. */
  knownMacs(): Map<string, string>;
  /** True when `url` is the web page of a fleet device (same scheme, host and port). */
  isDeviceUrl(url: string): boolean;
  dispose(): Promise<void>;
}

export interface FleetServiceOptions {
  events: EventHub;
  registry: FleetRegistry;
  vault: CredentialVault;
  sessions: SessionManager;
  settings: () => MonitorAppSettings;
  /** Subscribes to settings changes; the monitor is rebuilt when its part changed. */
  onSettingsChange?: (listener: () => void) => () => void;
  createClient: (options: DeviceClientOptions) => DeviceClient;
  /** Knobs the settings do not expose (tests: short backoff, quick diffs). */
  monitorOverrides?: MonitorSettings;
  /** Start watching at once (default true): a reopened app shows its fleet live. */
  autoStart?: boolean;
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

const targetOf = (entry: FleetEntry): MonitorTarget => ({ deviceId: entry.deviceId, address: entry.address });

export function createFleetService(options: FleetServiceOptions): FleetService {
  const { events, registry, vault, sessions } = options;
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
      ...(view !== undefined ? { view } : {}),
    };
  };

  async function announce(deviceIds: readonly string[], removed: readonly string[] = []): Promise<void> {
    const badges = deviceIds.length > 0 ? await readBadges(vault) : new Map<string, CredentialBadges>();
    const views = deviceIds.length > 0 ? currentViews() : new Map<string, MonitorDeviceView>();
    const devices = deviceIds.flatMap((id) => {
      const entry = registry.get(id);
      return entry === undefined ? [] : [fleetDevice(entry, badges.get(id), views.get(id))];
    });
    if (devices.length + removed.length > 0) {
      events.emit({ type: 'fleet:changed', payload: { devices, removed: [...removed] } });
    }
  }

  function startNow(): void {
    if (live !== undefined) return;
    const settings = toMonitorSettings(options.settings(), options.monitorOverrides);
    const client = options.createClient(monitorClientOptions(settings));
    const monitor = createMonitor({ client, sessions, events, ...settings });
    monitor.start(registry.all().map(targetOf));
    live = { monitor, client, settings: JSON.stringify(options.settings()) };
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

  if (options.autoStart !== false) startNow();

  return {
    get running() {
      return live !== undefined;
    },
    async add(devices) {
      let added = 0;
      let alreadyThere = 0;
      const changed: string[] = [];
      for (const device of devices) {
        const outcome = registry.upsert(device.address, device.identity);
        if (!outcome.ok) continue;
        const { kind, entry } = outcome.value;
        if (kind === 'added') {
          added += 1;
          live?.monitor.add(targetOf(entry));
        } else {
          alreadyThere += 1;
        }
        if (outcome.value.movedFrom !== undefined && live !== undefined) {
          live.monitor.remove(entry.deviceId);
          live.monitor.add(targetOf(entry));
        }
        if (kind !== 'unchanged') changed.push(entry.deviceId);
      }
      await announce(changed);
      return { added, alreadyThere };
    },
    async remove(deviceIds) {
      const removed = deviceIds.filter((id) => registry.remove(id));
      for (const id of removed) live?.monitor.remove(id);
      await announce([], removed);
      return removed.length;
    },
    async snapshot() {
      const badges = await readBadges(vault);
      const entries = registry.all();
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
      const entry = registry.get(deviceId);
      if (entry === undefined) return unknownDevice(deviceId);
      const badges = await readBadges(vault);
      const found = live?.monitor.device(deviceId);
      const history = found?.history;
      return ok({
        device: fleetDevice(entry, badges.get(deviceId), found?.view),
        ...(found?.reading !== undefined ? { reading: found.reading } : {}),
        raw: found?.raw ?? {},
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
    entry: (deviceId) => registry.get(deviceId),
    async credentialsChanged(deviceIds) {
      await announce(deviceIds);
      for (const id of deviceIds) live?.monitor.pollSoon(id);
    },
    async seenAgain(deviceId, address, identity) {
      const entry = registry.get(deviceId);
      if (entry === undefined) return;
      const outcome = registry.upsert(address, identity ?? undefined);
      if (!outcome.ok) return;
      if (outcome.value.movedFrom !== undefined && live !== undefined) {
        live.monitor.remove(deviceId);
        live.monitor.add(targetOf(outcome.value.entry));
      }
      if (outcome.value.kind !== 'unchanged') await announce([deviceId]);
      live?.monitor.pollSoon(deviceId);
    },
    pollSoon(deviceIds) {
      for (const id of deviceIds) live?.monitor.pollSoon(id);
    },
    knownMacs() {
      const known = new Map<string, string>();
      for (const entry of registry.all()) {
        if (entry.identity.mac !== null) known.set(entry.identity.mac, entry.address.host);
      }
      return known;
    },
    isDeviceUrl(url) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return false;
      }
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
      return registry.all().some((entry) => new URL(entry.addressText).origin === parsed.origin);
    },
    async dispose() {
      await serially(stopNow);
      await registry.flush();
    },
  };
}
