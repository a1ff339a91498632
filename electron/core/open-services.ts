/**
 * Builds every core service once, in order, for a shell that shows a window (Electron main, the browser
 * test harness, the demo's browser preview): the event hub; the keychain, probed (session-only when it
 * does not work); the inventory in the app's data folder, whose current site is the fleet (an old
 * `fleet.json` moves into it once) and whose certificate pins every device client uses; credentials;
 * the settings; the monitor (through the fleet), the site metrics it feeds, and discovery. The report
 * reads the keychain's metadata and the running monitor. Nothing is wired at import time; `dispose()`
 * stops polls and scans and closes sockets.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname as osHostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeviceAddress } from '../../shared/domain/device-address';
import { formatDeviceAddress } from '../../shared/domain/device-address';
import type { DiscoveredHost } from '../../shared/domain/discovery';
import type { SettingsPatch } from '../../shared/domain/settings';
import type { AppInfo } from '../../shared/ipc/contract';
import { createActivityLookup } from './commission/activity-lookup';
import type { CommissionServices } from './commission/commission-services';
import { createCommissionServices } from './commission/commission-services';
import { createAcceptanceService } from './acceptance/acceptance-service';
import { createVerdictStore } from './acceptance/verdict-store';
import type { CredentialServices } from './credentials/credential-services';
import { createCredentialServices } from './credentials/credential-services';
import type { Keychain } from './credentials/open-keychain';
import { openKeychain } from './credentials/open-keychain';
import type { DeviceClient, DeviceClientOptions } from './device/client';
import { createDeviceClient } from './device/client';
import type { DiscoveryPrefill } from './discovery/discovery-service';
import { createDiscoveryService } from './discovery/discovery-service';
import type { SubnetSuggestion } from './discovery/subnet-suggestions';
import type { EventHub, EventHubOptions } from './events/event-hub';
import { createEventHub } from './events/event-hub';
import type { AppFirmware } from './firmware/app-firmware';
import { createAppFirmware } from './firmware/app-firmware';
import type { PinOverlay } from './firmware/certificates';
import { createPinOverlay } from './firmware/certificates';
import type { FirmwareServiceOptions } from './firmware/firmware-service';
import { createFirmwareService } from './firmware/firmware-service';
import { followedByFleet } from './fleet/follow-inventory';
import type { FleetService } from './fleet/fleet-service';
import { createFleetService } from './fleet/fleet-service';
import { reportLiveCheck } from './fleet/report-feed';
import type { SiteDeviceList } from './fleet/site-devices';
import { openSiteDeviceList } from './fleet/site-devices';
import { hostAddress } from './inventory/devices';
import { storedCredentialAddresses } from './inventory/import-proposals';
import type { InventoryServices } from './inventory/inventory-services';
import { createInventoryServices } from './inventory/inventory-services';
import type { InventoryStore } from './inventory/store';
import type { SiteMetricsService } from './metrics/site-metrics-service';
import { createSiteMetricsService } from './metrics/site-metrics-service';
import type { MonitorSettings } from './monitor/monitor-options';
import { readCredentialFacts } from './report/credential-facts';
import { createReportService } from './report/report-service';
import { readStandardFacts } from './report/report-standard-facts';
import type { CoreServices } from './services';
import { createCoreServices } from './services';
import type { SettingsStore } from './settings/settings-store';
import { openSettingsStore } from './settings/settings-store';
import type { SystemGlue } from './shell/system-glue';
import { poolTargets, unreachableReasons } from './channels/site-setup-targets';
import { inventoryAccess } from './inventory/inventory-access';
import type { StandardDesk } from './standard/standard-desk';
import { createStandardDesk } from './standard/standard-desk';
import { acceptanceRunner, firmwareRunner } from './standard/standard-runners';
import { createStandardServices } from './standard/standard-services';

export interface OpenCoreServicesOptions {
  identity: AppInfo;
  /**
   * The app's data folder (settings, the inventory); undefined keeps settings in memory and the inventory
   * in a temporary folder removed on dispose (tests).
   */
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
  /** Firmware rollout waits the settings do not expose (tests: devices that reboot in a second). */
  firmwareTiming?: FirmwareServiceOptions['timing'];
}

export async function openCoreServices(options: OpenCoreServicesOptions): Promise<CoreServices> {
  const hub = createEventHub(options.events);
  const createClient = options.createClient ?? createDeviceClient;
  const keychain = options.keychain ?? (await openKeychain());
  const laptop = options.hostname ?? osHostname();
  const app = { name: options.identity.name, version: options.identity.version };
  // Without a data folder (tests) the inventory lives in a private temporary one, removed at the end.
  const ownDir =
    options.dataDir === undefined ? await mkdtemp(join(tmpdir(), 'minerdeck-session-')) : undefined;
  const dataDir = options.dataDir ?? ownDir ?? '';
  // Filled below: an import asks the keychain's metadata, and the keychain's client needs the inventory's pins.
  const late: { credentials?: CredentialServices } = {};
  const inventoryCore = createInventoryServices({
    dataDir,
    laptop,
    app,
    // An import holds back a device the file puts where this keychain's credentials were not stored.
    storedCredentials: async () =>
      late.credentials === undefined ? undefined : storedCredentialAddresses(late.credentials.vault),
  });
  const siteDevices = await openSiteDeviceList({ inventory: inventoryCore, dataDir });
  // A certificate trusted during a firmware rollout is used at once, before the inventory is read again.
  const pins = createPinOverlay(siteDevices.pins);
  const client = createClient({ tlsPins: pins });
  const credentials = createCredentialServices({ client, keychain, hostname: laptop, events: hub });
  late.credentials = credentials;
  const settings = await openSettingsStore({
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    ...(options.settings ? { initial: options.settings } : {}),
  });
  const scanned = scannedHosts();
  const { fleet, siteMetrics } = openFleet(options, {
    hub,
    siteDevices,
    credentials,
    settings,
    scanned,
    activity: inventoryCore.store,
    createClient,
  });
  const discovery = createDiscoveryService({
    events: hub,
    settings: () => settings.current().discovery,
    knownDevices: () => fleet.knownDevices(),
    onFound: scanned.remember,
    ...(options.prefill !== undefined ? { prefill: options.prefill } : {}),
    ...(options.suggest !== undefined ? { suggest: options.suggest } : {}),
  });
  const inventory = followedByFleet(inventoryCore, { sync: fleet.sync, problems: siteDevices.problems });
  const commission = openCommission({ client, credentials, inventory, fleet });
  // Acceptance reads through the same client (its TLS pins, kept connections) and sessions as the monitor.
  const acceptance = createAcceptanceService({
    client,
    sessions: credentials.sessions,
    fleet,
    verdicts: createVerdictStore(inventoryCore.store, laptop),
    events: hub,
  });
  const firmware = openFirmware(options, { client, credentials, inventory, pins, fleet, hub, settings });
  const standard = openStandard(
    { client, credentials, inventory, fleet, hub, settings, acceptance, commission },
    inventoryCore.store,
    firmware,
  );
  const report = createReportService({
    store: inventoryCore.store,
    laptop,
    app,
    // A keychain that cannot be listed makes the report say "unknown" for API keys, never fail.
    credentialFacts: async (deviceIds) =>
      readCredentialFacts(credentials.vault, () => undefined, credentials.sessions, deviceIds),
    liveCheck: reportLiveCheck({ fleet, client, sessions: credentials.sessions }),
    // The standard's parts read as the Commission preview reads them (report-standard-facts.ts).
    standard: {
      passwordStored: async (siteId) => (await credentials.vault.sitePassword(siteId)) !== undefined,
      readFacts: (input) =>
        readStandardFacts(
          {
            commission,
            sessions: credentials.sessions,
            client,
            sitePassword: (siteId) => credentials.vault.sitePassword(siteId),
          },
          input,
        ),
    },
  });
  return createCoreServices(
    {
      identity: options.identity,
      events: hub,
      dataDir,
      credentials,
      inventory,
      report,
      discovery,
      fleet,
      settings,
      system: options.system,
      commission,
      siteMetrics,
      acceptance,
      firmware,
      standard,
    },
    async () => {
      commission.dispose();
      client.close();
      if (ownDir !== undefined) await rm(ownDir, { recursive: true, force: true });
    },
  );
}

/** The monitor (through the fleet) and the site metrics it feeds, which follow their setting from here on. */
function openFleet(
  options: OpenCoreServicesOptions,
  deps: {
    hub: EventHub;
    siteDevices: SiteDeviceList;
    credentials: CredentialServices;
    settings: SettingsStore;
    scanned: ReturnType<typeof scannedHosts>;
    activity: InventoryStore;
    createClient: (options: DeviceClientOptions) => DeviceClient;
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
    onPollDone: siteMetrics.record,
    pollListenerOn: siteMetrics.listening,
    ...(options.monitorOverrides !== undefined ? { monitorOverrides: options.monitorOverrides } : {}),
    lookupDisruption: (target) => log.disruptionFor(target),
  });
  late.fleet = fleet;
  return { fleet, siteMetrics };
}

/**
 * Firmware rollouts through the same client (its pins, with the overlay a rollout trusts new certificates
 * in), sessions and inventory as every other write; the fleet's monitor shows updated devices "updating",
 * and a verified device's new version goes to the fleet (its row, the inventory). The image comes from the
 * shell's open dialog.
 */
function openFirmware(
  options: OpenCoreServicesOptions,
  deps: {
    client: DeviceClient;
    credentials: CredentialServices;
    inventory: InventoryServices;
    pins: PinOverlay;
    fleet: FleetService;
    hub: EventHub;
    settings: SettingsStore;
  },
): AppFirmware {
  const { fleet } = deps;
  const service = createFirmwareService({
    client: deps.client,
    credentials: deps.credentials,
    inventory: deps.inventory,
    pins: deps.pins,
    disruptions: fleet,
    ...(options.firmwareTiming !== undefined ? { timing: options.firmwareTiming } : {}),
  });
  const chooseFile = options.system.chooseFile?.bind(options.system);
  return createAppFirmware({
    firmware: service,
    events: deps.hub,
    targets: (deviceIds) =>
      deviceIds.flatMap((deviceId) => {
        const entry = fleet.entry(deviceId);
        return entry === undefined ? [] : [{ deviceId, address: entry.address }];
      }),
    siteId: () => fleet.siteId(),
    chooseFile,
    versionSeen: (deviceId, version) => {
      const entry = fleet.entry(deviceId);
      if (entry !== undefined) {
        void fleet.seenAgain(deviceId, entry.addressText, { ...entry.identity, firmware: version });
      }
    },
    concurrency: () => deps.settings.current().credentials.concurrency,
  });
}

/**
 * The site standard over the fleet's devices (their worker facts, the monitor's word on who is offline),
 * with the same write services, firmware service and acceptance runs as the window's own dialogs.
 */
function openStandard(
  deps: Pick<
    CoreServices,
    'credentials' | 'inventory' | 'fleet' | 'settings' | 'acceptance' | 'commission'
  > & { client: DeviceClient; hub: EventHub },
  store: InventoryStore,
  firmware: AppFirmware,
): StandardDesk {
  const { fleet } = deps;
  const standard = createStandardServices({
    access: inventoryAccess(store, () => new Date()),
    vault: deps.credentials.vault,
  });
  return createStandardDesk({
    services: { ...deps, events: deps.hub },
    client: deps.client,
    standard,
    targets: async (deviceIds) =>
      poolTargets(
        fleet,
        deps.inventory,
        deviceIds ?? (await fleet.snapshot()).devices.map((d) => d.deviceId),
      ),
    offlineReason: () => unreachableReasons(fleet),
    chosenImagePath: () => firmware.chosenImagePath(),
    runners: (siteId) => ({
      firmware: firmwareRunner({
        service: firmware.service,
        siteId,
        concurrency: deps.settings.current().credentials.concurrency,
        onEvent: (event) => {
          if (event.kind !== 'device' || event.step !== 'verified' || event.to === undefined) return;
          const entry = fleet.entry(event.deviceId);
          if (entry !== undefined) {
            void fleet.seenAgain(event.deviceId, entry.addressText, {
              ...entry.identity,
              firmware: event.to,
            });
          }
        },
      }),
      acceptance: acceptanceRunner(deps.acceptance),
    }),
  });
}

/**
 * Writes to devices through the same client (its TLS pins) and sessions as the monitor's unlocks; the
 * fleet's monitor hears of each reboot and restart, and LEDs turned on go off by themselves — those a
 * terminal command (or the last session) turned on too, when due, at their current address.
 */
function openCommission(deps: {
  client: DeviceClient;
  credentials: CredentialServices;
  inventory: InventoryServices;
  fleet: FleetService;
}): CommissionServices {
  const { fleet } = deps;
  const commission = createCommissionServices({
    client: deps.client,
    credentials: deps.credentials,
    inventory: deps.inventory,
    actions: { disruptions: fleet, keepLedTimers: true },
  });
  commission.followLedLog((led) => ({
    deviceId: led.deviceId,
    address: fleet.entry(led.deviceId)?.address ?? led.address,
  }));
  return commission;
}

/** What the scans of this session found, by address, so devices added from the window keep main's view. */
function scannedHosts(): {
  remember: (host: DiscoveredHost) => void;
  get: (address: DeviceAddress) => DiscoveredHost | undefined;
} {
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
