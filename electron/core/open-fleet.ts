/**
 * The app's monitor side, as open-services.ts builds it once per shell: the fleet (the current site's devices
 * under the monitor), the site metrics its polls feed, and what this session's scans found, so a device
 * added from the window keeps what discovery saw of it.
 */
import type { DeviceAddress } from '../../shared/domain/device-address';
import { formatDeviceAddress } from '../../shared/domain/device-address';
import type { DiscoveredHost } from '../../shared/domain/discovery';
import { createActivityLookup } from './commission/activity-lookup';
import type { CredentialServices } from './credentials/credential-services';
import type { DeviceClient, DeviceClientOptions } from './device/client';
import type { EventHub } from './events/event-hub';
import type { FleetService } from './fleet/fleet-service';
import { createFleetService } from './fleet/fleet-service';
import type { SiteDeviceList } from './fleet/site-devices';
import { hostAddress } from './inventory/devices';
import type { InventoryStore } from './inventory/store';
import type { PollDone } from './metrics/poll-recorder';
import type { SiteMetricsService } from './metrics/site-metrics-service';
import { createSiteMetricsService } from './metrics/site-metrics-service';
import type { MonitorSettings } from './monitor/monitor-options';
import type { SettingsStore } from './settings/settings-store';

export interface OpenFleetOptions {
  /** Monitor knobs the settings do not expose (tests). */
  monitorOverrides?: MonitorSettings;
}

/** The hosts this session's scans found, by address. */
export interface ScannedHosts {
  remember: (host: DiscoveredHost) => void;
  get: (address: DeviceAddress) => DiscoveredHost | undefined;
}

/** The monitor (through the fleet) and the site metrics it feeds, which follow their setting from here on. */
export function openFleet(
  options: Pick<OpenFleetOptions, 'monitorOverrides'>,
  deps: {
    hub: EventHub;
    siteDevices: SiteDeviceList;
    credentials: CredentialServices;
    settings: SettingsStore;
    scanned: ScannedHosts;
    activity: InventoryStore;
    createClient: (options: DeviceClientOptions) => DeviceClient;
    /** Also told of every finished poll (the location notes' first read of each device). */
    onPollDone?: (done: PollDone) => void;
  },
): { fleet: FleetService; siteMetrics: SiteMetricsService } {
  const { settings, siteDevices } = deps;
  const late: { fleet?: FleetService } = {};
  // A scrape reads the fleet's monitor of the moment.
  const siteMetrics = createSiteMetricsService({
    settings,
    monitor: () => late.fleet?.runningMonitor(),
    site: () => siteDevices.site()?.name ?? '',
  });
  // A reboot or restart by `minerdeck` in a terminal is found in the activity log, not taken for an alarm.
  const log = createActivityLookup({ store: deps.activity });
  const fleet = createFleetService({
    events: deps.hub,
    devices: siteDevices,
    vault: deps.credentials.vault,
    sessions: deps.credentials.sessions,
    settings: () => settings.current().monitor,
    onSettingsChange: (listener) => settings.onChange(listener),
    createClient: deps.createClient,
    scannedHost: deps.scanned.get,
    onPollDone:
      deps.onPollDone === undefined
        ? siteMetrics.record
        : (done) => {
            siteMetrics.record(done);
            deps.onPollDone?.(done);
          },
    pollListenerOn: siteMetrics.listening,
    ...(options.monitorOverrides !== undefined ? { monitorOverrides: options.monitorOverrides } : {}),
    lookupDisruption: (target) => log.disruptionFor(target),
  });
  late.fleet = fleet;
  return { fleet, siteMetrics };
}

/** What the scans of this session found, by address, so devices added from the window keep main's view. */
export function scannedHosts(): ScannedHosts {
  const hosts = new Map<string, DiscoveredHost>();
  return {
    remember(host) {
      // A bound far above any site's devices; a fresh start is fine, the next scan fills it again.
      if (hosts.size >= 100_000) hosts.clear();
      hosts.set(hostAddress(host), host);
    },
    get: (address) => hosts.get(formatDeviceAddress(address)),
  };
}
