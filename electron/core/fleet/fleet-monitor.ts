/**
 * The monitor the fleet runs: built with the technician's settings (and the inventory's TLS pins), rebuilt
 * when its part of the settings changed so a new poll interval or threshold applies to the running fleet
 * at once, and started, stopped and restarted one after the other, so a quick stop-then-start cannot leave
 * two monitors polling the same devices.
 */
import type { MonitorAppSettings } from '../../../shared/domain/settings';
import type { SessionManager } from '../credentials/session-manager';
import type { DeviceClient, DeviceClientOptions } from '../device/client';
import type { EventHub } from '../events/event-hub';
import type { Monitor, MonitorOptions, MonitorTarget } from '../monitor/monitor';
import { createMonitor } from '../monitor/monitor';
import type { MonitorSettings } from '../monitor/monitor-options';
import { monitorClientOptions } from '../monitor/monitor-options';
import type { FleetEntry } from './fleet-entry';
import type { SiteDeviceList } from './site-devices';

/** What the fleet's monitor is built from; the fleet service's options carry them. */
export interface FleetMonitorOptions {
  events: EventHub;
  sessions: SessionManager;
  settings: () => MonitorAppSettings;
  /** Subscribes to settings changes; the monitor is rebuilt when its part changed. */
  onSettingsChange?: (listener: () => void) => () => void;
  createClient: (options: DeviceClientOptions) => DeviceClient;
  /** Knobs the settings do not expose (tests: short backoff, quick diffs). */
  monitorOverrides?: MonitorSettings;
  /** Reboots and restarts other processes made, from the activity log (the monitor's option). */
  lookupDisruption?: MonitorOptions['lookupDisruption'];
  /** Told of every finished poll, by every monitor this service builds (the site metrics' recorder). */
  onPollDone?: MonitorOptions['onPollDone'];
  /** Whether `onPollDone` takes the bodies now (the monitor's option). */
  pollListenerOn?: MonitorOptions['pollListenerOn'];
}

export interface FleetMonitor {
  /** The monitor running now; undefined while monitoring is paused. */
  current(): Monitor | undefined;
  /** Starts a monitor over the fleet's devices now, unless one runs (the service's first start). */
  startNow(): void;
  /** Starts one after any start or stop in progress. */
  start(): Promise<void>;
  /** Stops the running one after any start or stop in progress (its polls cancelled, its client closed). */
  stop(): Promise<void>;
}

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

export const targetOf = (entry: FleetEntry): MonitorTarget => ({
  deviceId: entry.deviceId,
  address: entry.address,
  ...(entry.sameMacAs !== undefined ? { sameMacAs: entry.sameMacAs } : {}),
});

/**
 * The list's devices and pins are read at each start (the fleet of the moment); `started` is told once a
 * new monitor runs (the fleet then feeds it the keychain's factory-password flags).
 */
export function createFleetMonitor(
  options: FleetMonitorOptions,
  list: Pick<SiteDeviceList, 'all' | 'pins'>,
  started: () => void,
): FleetMonitor {
  const { sessions, events } = options;
  let live: { monitor: Monitor; client: DeviceClient; settings: string } | undefined;
  let transition: Promise<void> = Promise.resolve();

  function startNow(): void {
    if (live !== undefined) return;
    const settings = toMonitorSettings(options.settings(), options.monitorOverrides);
    // Pins from the inventory: a certificate the technician trusted stays pinned across restarts.
    const client = options.createClient({ ...monitorClientOptions(settings), tlsPins: list.pins });
    const { lookupDisruption: lookup, onPollDone, pollListenerOn } = options;
    const monitor = createMonitor({
      client,
      sessions,
      events,
      ...settings,
      ...(lookup !== undefined ? { lookupDisruption: lookup } : {}),
      ...(onPollDone !== undefined ? { onPollDone } : {}),
      ...(pollListenerOn !== undefined ? { pollListenerOn } : {}),
    });
    monitor.start(list.all().map(targetOf));
    live = { monitor, client, settings: JSON.stringify(options.settings()) };
    started();
  }

  async function stopNow(): Promise<void> {
    const current = live;
    if (current === undefined) return;
    live = undefined;
    await current.monitor.stop();
    current.client.close();
  }

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

  return {
    current: () => live?.monitor,
    startNow,
    start: () => serially(startNow),
    stop: () => serially(stopNow),
  };
}
