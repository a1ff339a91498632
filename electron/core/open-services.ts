/**
 * Builds every core service once, in order, for a shell that shows a window (Electron main, the browser
 * test harness, the demo's browser preview): the event hub; the keychain, probed (session-only when it
 * does not work); credentials; the settings and the fleet list from the app's data folder; the monitor
 * (through the fleet) and discovery. Nothing is wired at import time; `dispose()` stops polls and
 * scans, saves the fleet list and closes sockets.
 */
import { hostname as osHostname } from 'node:os';
import type { SettingsPatch } from '../../shared/domain/settings';
import type { AppInfo } from '../../shared/ipc/contract';
import { createCredentialServices } from './credentials/credential-services';
import type { Keychain } from './credentials/open-keychain';
import { openKeychain } from './credentials/open-keychain';
import type { DeviceClient, DeviceClientOptions } from './device/client';
import { createDeviceClient } from './device/client';
import type { DiscoveryPrefill } from './discovery/discovery-service';
import { createDiscoveryService } from './discovery/discovery-service';
import type { SubnetSuggestion } from './discovery/subnet-suggestions';
import type { EventHubOptions } from './events/event-hub';
import { createEventHub } from './events/event-hub';
import { openFleetRegistry } from './fleet/fleet-registry';
import { createFleetService } from './fleet/fleet-service';
import type { MonitorSettings } from './monitor/monitor-options';
import type { CoreServices, CoreServicesOptions } from './services';
import { createCoreServices } from './services';
import { openSettingsStore } from './settings/settings-store';
import type { SystemGlue } from './system-glue';

export interface OpenCoreServicesOptions {
  identity: AppInfo;
  /** The app's data folder (settings, fleet list); undefined keeps everything in memory (tests). */
  dataDir?: string;
  system: SystemGlue;
  /** Default: probe the OS keychain (`openKeychain`). Tests pass a keychain of their own. */
  keychain?: Keychain;
  /** The laptop's name, for API-key descriptions. */
  hostname?: string;
  /** Applied over the defaults before the settings file is read. */
  settings?: SettingsPatch;
  /** Monitor knobs the settings do not expose (tests). */
  monitorOverrides?: MonitorSettings;
  /** A range the Discover view pre-fills (the demo's simulated fleet). */
  prefill?: DiscoveryPrefill;
  /** Replaces the laptop's interfaces for subnet suggestions (tests). */
  suggest?: () => SubnetSuggestion[];
  events?: EventHubOptions;
  createClient?: (options: DeviceClientOptions) => DeviceClient;
  /** Passed through to createCoreServices (issue 7). */
  inventory?: CoreServicesOptions['inventory'];
}

export async function openCoreServices(options: OpenCoreServicesOptions): Promise<CoreServices> {
  const hub = createEventHub(options.events);
  const createClient = options.createClient ?? createDeviceClient;
  const keychain = options.keychain ?? (await openKeychain());
  const client = createClient({});
  const credentials = createCredentialServices({
    client,
    keychain,
    hostname: options.hostname ?? osHostname(),
    events: hub,
  });
  const dirOption = options.dataDir === undefined ? {} : { dataDir: options.dataDir };
  const settings = await openSettingsStore({
    ...dirOption,
    ...(options.settings ? { initial: options.settings } : {}),
  });
  const registry = await openFleetRegistry(dirOption);
  const fleet = createFleetService({
    events: hub,
    registry,
    vault: credentials.vault,
    sessions: credentials.sessions,
    settings: () => settings.current().monitor,
    onSettingsChange: (listener) => settings.onChange(listener),
    createClient,
    ...(options.monitorOverrides !== undefined ? { monitorOverrides: options.monitorOverrides } : {}),
  });
  const discovery = createDiscoveryService({
    events: hub,
    settings: () => settings.current().discovery,
    knownDevices: () => fleet.knownMacs(),
    ...(options.prefill !== undefined ? { prefill: options.prefill } : {}),
    ...(options.suggest !== undefined ? { suggest: options.suggest } : {}),
  });
  return createCoreServices({
    identity: options.identity,
    hub,
    credentials: () => credentials,
    discovery,
    fleet,
    settings,
    system: options.system,
    onDispose: () => client.close(),
    ...(options.inventory !== undefined ? { inventory: options.inventory } : {}),
  });
}

/**
 * `npm run demo` sets MINERDECK_DEMO=1 with the simulated fleet's range and port, so the Discover view
 * starts filled in; anything else (a real site) starts empty.
 */
export function demoPrefillFrom(env: NodeJS.ProcessEnv = process.env): DiscoveryPrefill | undefined {
  if (env.MINERDECK_DEMO !== '1') return undefined;
  const targets = env.MINERDECK_DEMO_TARGETS?.trim();
  const port = Number(env.MINERDECK_DEMO_PORT);
  if (targets === undefined || targets === '' || !Number.isInteger(port) || port < 1 || port > 65_535) {
    return undefined;
  }
  return { targets, ports: [port] };
}
