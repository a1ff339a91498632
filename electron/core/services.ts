/**
 * The core services, built once at start-up by whichever shell runs them (Electron main, the CLI, the
 * browser test harness) and handed to `createHandlers`. Nothing here is created at import time, and
 * nothing here knows about Electron: the shell passes in what only it knows (the app's name and version).
 * Later capabilities (credentials, discovery, monitor, inventory) join this object.
 */
import type { AppInfo } from '../../shared/ipc/contract';
import type { AcceptanceService } from './acceptance/acceptance-service';
import type { CommissionServices } from './commission/commission-services';
import type { CredentialServices } from './credentials/credential-services';
import type { EventHub, EventHubOptions } from './events/event-hub';
import { createEventHub } from './events/event-hub';
import type { DiscoveryService } from './discovery/discovery-service';
import type { FleetService } from './fleet/fleet-service';
import type { SettingsStore } from './settings/settings-store';
import type { SystemGlue } from './shell/system-glue';
import type { InventoryServices } from './inventory/inventory-services';
import type { SiteMetricsService } from './metrics/site-metrics-service';

export interface CoreServices {
  /** Who is running: name and version from package.json, platform, runtime versions. */
  identity: AppInfo;
  events: EventHub;
  /** The data folder (settings, inventory, window placement), shown in About; absent in bare shells. */
  dataDir?: string;
  /**
   * Keychain, sessions and API keys. Built by the shell (`createCredentialServices`) because choosing the
   * store needs an async keychain probe; absent where a shell has no use for it yet.
   */
  credentials?: CredentialServices;
  /** Sites, devices, import/export and the hand-over report, over the data folder's inventory file. */
  inventory?: InventoryServices;
  /** Scans for the window, one at a time, streamed as events. */
  discovery?: DiscoveryService;
  /** The watched devices and the monitor polling them. */
  fleet?: FleetService;
  settings?: SettingsStore;
  /** Clipboard and system browser, given by the shell (Electron main, the test harness). */
  system?: SystemGlue;
  /** Writes to devices (password changes), over the credentials and the inventory's activity log. */
  commission?: CommissionServices;
  /** Site metrics for the site's Prometheus, served while the setting is on (Settings → "Site metrics"). */
  siteMetrics?: SiteMetricsService;
  /** Acceptance runs over the fleet (reads only), their verdicts kept in the site. */
  acceptance?: AcceptanceService;
  /** Stop everything that runs in the background and deliver pending events. Safe to call twice. */
  dispose(): Promise<void>;
}

export interface CoreServicesOptions {
  identity: AppInfo;
  dataDir?: string;
  events?: EventHubOptions;
  /** A hub built by the caller, when other services had to be built over it first (open-services.ts). */
  hub?: EventHub;
  discovery?: DiscoveryService;
  fleet?: FleetService;
  settings?: SettingsStore;
  system?: SystemGlue;
  commission?: CommissionServices;
  siteMetrics?: SiteMetricsService;
  acceptance?: AcceptanceService;
  /** Runs after the services are stopped, before the hub closes (device clients, sockets). */
  onDispose?: () => Promise<void> | void;
  /** Built by the caller over this hub: `createCredentialServices({ …, events })`. */
  credentials?: (events: EventHub) => CredentialServices;
  /** Built by the caller: `createInventoryServices({ dataDir, … })`, with the credentials when there are. */
  inventory?: (deps: { credentials?: CredentialServices }) => InventoryServices;
}

export function createCoreServices(options: CoreServicesOptions): CoreServices {
  const events = options.hub ?? createEventHub(options.events);
  const { discovery, fleet, settings, system, commission, siteMetrics, acceptance } = options;
  const credentials = options.credentials?.(events);
  const inventory = options.inventory?.(credentials === undefined ? {} : { credentials });
  let disposed = false;
  return {
    identity: options.identity,
    events,
    ...(options.dataDir !== undefined ? { dataDir: options.dataDir } : {}),
    ...(credentials !== undefined ? { credentials } : {}),
    ...(discovery !== undefined ? { discovery } : {}),
    ...(fleet !== undefined ? { fleet } : {}),
    ...(settings !== undefined ? { settings } : {}),
    ...(system !== undefined ? { system } : {}),
    ...(inventory !== undefined ? { inventory } : {}),
    ...(commission !== undefined ? { commission } : {}),
    ...(siteMetrics !== undefined ? { siteMetrics } : {}),
    ...(acceptance !== undefined ? { acceptance } : {}),
    async dispose() {
      if (disposed) return;
      disposed = true;
      // Scans and polls stop first (the fleet saves its list), then sessions are forgotten.
      // The metrics endpoint closes before the monitor it reads.
      await siteMetrics?.dispose();
      // An acceptance run still going on is cancelled: it keeps no verdict.
      await acceptance?.dispose();
      await discovery?.dispose();
      await fleet?.dispose();
      await credentials?.dispose();
      await options.onDispose?.();
      events.close();
    },
  };
}

/** The runtime parts worth showing a technician or a support ticket; `process.versions` lists dozens. */
const SHOWN_VERSIONS = ['electron', 'chrome', 'node', 'v8'] as const;

export function runtimeVersions(versions: NodeJS.ProcessVersions = process.versions): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const name of SHOWN_VERSIONS) {
    const value = (versions as Record<string, string | undefined>)[name];
    if (value !== undefined) shown[name] = value;
  }
  return shown;
}
