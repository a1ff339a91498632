/**
 * The core services, built once at start-up by the shell that runs them (Electron main, the browser test
 * harness: open-services.ts) and handed to `createHandlers`. Every service here is always there once the
 * app is wired, so no channel checks for one; what may be missing is said by the service itself (no OS
 * keychain: `credentials.keychain.status`, and the vault is session-only). Nothing here is created at
 * import time, and nothing here knows about Electron: the shell passes in what only it knows (the app's
 * name and version, the system glue).
 */
import type { AppInfo } from '../../shared/ipc/contract';
import type { AcceptanceService } from './acceptance/acceptance-service';
import type { CommissionServices } from './commission/commission-services';
import type { CredentialServices } from './credentials/credential-services';
import type { DiscoveryService } from './discovery/discovery-service';
import type { EventHub } from './events/event-hub';
import type { AppFirmware } from './firmware/app-firmware';
import type { FleetService } from './fleet/fleet-service';
import type { InventoryServices } from './inventory/inventory-services';
import type { LayoutService } from './layout/layout-service';
import type { SiteMetricsService } from './metrics/site-metrics-service';
import type { ReportService } from './report/report-service';
import type { SettingsStore } from './settings/settings-store';
import type { SystemGlue } from './shell/system-glue';
import type { StandardDesk } from './standard/standard-desk';

export interface CoreServices {
  /** Who is running: name and version from package.json, platform, runtime versions. */
  identity: AppInfo;
  events: EventHub;
  /** The data folder (settings, inventory, window placement), shown in About. */
  dataDir: string;
  /**
   * Keychain, sessions and API keys. Without a working OS keychain the app runs session-only: secrets stay
   * in memory (`keychain.status` says why, `vault.persistent` is false).
   */
  credentials: CredentialServices;
  /** Sites, devices, import/export, the activity log and pool presets, over the data folder's inventory. */
  inventory: InventoryServices;
  /** The hand-over report of a site. */
  report: ReportService;
  /** Scans for the window, one at a time, streamed as events. */
  discovery: DiscoveryService;
  /** The watched devices and the monitor polling them. */
  fleet: FleetService;
  settings: SettingsStore;
  /** Clipboard, system browser, save dialog, given by the shell (Electron main, the test harness). */
  system: SystemGlue;
  /** Writes to devices, over the credentials and the inventory's activity log. */
  commission: CommissionServices;
  /** Site metrics for the site's Prometheus, served while the setting is on (Settings → "Site metrics"). */
  siteMetrics: SiteMetricsService;
  /** Acceptance runs over the fleet (reads only), their verdicts kept in the site. */
  acceptance: AcceptanceService;
  /** Firmware rollouts over fleet devices (staged, verified, resumable); `firmware.service` is the core one. */
  firmware: AppFirmware;
  /** The site standard: drift, the Commission preview and one Commission run at a time. */
  standard: StandardDesk;
  /** The site's layout: racks, slots, where each device stands, and the location written on the devices. */
  layout: LayoutService;
  /** Stop everything that runs in the background and deliver pending events. Safe to call twice. */
  dispose(): Promise<void>;
}

/**
 * The services with their `dispose`: background work stops in order, then `onDispose` (device clients,
 * sockets, a temporary data folder), then the hub closes.
 */
export function createCoreServices(
  services: Omit<CoreServices, 'dispose'>,
  onDispose?: () => Promise<void> | void,
): CoreServices {
  let disposed = false;
  return {
    ...services,
    async dispose() {
      if (disposed) return;
      disposed = true;
      // Scans and polls stop first (the fleet saves its list), then sessions are forgotten.
      // The metrics endpoint closes before the monitor it reads.
      await services.siteMetrics.dispose();
      // An acceptance run still going on is cancelled: it keeps no verdict.
      await services.acceptance.dispose();
      // A rollout still going on is cancelled: uploads under way are cut, the next run verifies the rest.
      await services.firmware.dispose();
      // A Commission run still going on stops between steps.
      await services.standard.dispose();
      await services.discovery.dispose();
      await services.fleet.dispose();
      await services.credentials.dispose();
      await onDispose?.();
      services.events.close();
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
