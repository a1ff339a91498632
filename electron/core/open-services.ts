/**
 * Builds every core service once, in order, for a shell that shows a window (Electron main, the browser
 * test harness, the demo's browser preview): the event hub; the keychain, probed (session-only when it
 * does not work); the inventory in the app's data folder, whose current site is the fleet (an old
 * `fleet.json` moves into it once) and whose certificate pins every device client uses; credentials;
 * the settings; the monitor (through the fleet), the site metrics it feeds, and discovery. The report
 * reads the keychain's metadata and the running monitor. Nothing is wired at import time; `dispose()`
 * stops polls and scans and closes sockets.
 *
 * The rooms it builds from: open-fleet.ts (the monitor side), open-writes.ts (commissioning, firmware, the
 * standard); the demo's pre-filled range is demo-prefill.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname as osHostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SettingsPatch } from '../../shared/domain/settings';
import type { AppInfo } from '../../shared/ipc/contract';
import { createAcceptanceService } from './acceptance/acceptance-service';
import { createVerdictStore } from './acceptance/verdict-store';
import type { CommissionServices } from './commission/commission-services';
import type { CredentialServices } from './credentials/credential-services';
import { createCredentialServices } from './credentials/credential-services';
import type { Keychain } from './credentials/open-keychain';
import { openKeychain } from './credentials/open-keychain';
import type { ClockPolicy } from './clock/clock-policy';
import type { DeviceClient, DeviceClientOptions } from './device/client';
import { createDeviceClient } from './device/client';
import type { DiscoveryPrefill, DiscoveryService } from './discovery/discovery-service';
import { createDiscoveryService } from './discovery/discovery-service';
import type { SubnetSuggestion } from './discovery/subnet-suggestions';
import type { EventHub, EventHubOptions } from './events/event-hub';
import { createEventHub } from './events/event-hub';
import { createPinOverlay } from './firmware/certificates';
import type { FirmwareServiceOptions } from './firmware/firmware-service';
import { followedByFleet } from './fleet/follow-inventory';
import type { FleetService } from './fleet/fleet-service';
import { reportLiveCheck } from './fleet/report-feed';
import type { SiteDeviceList } from './fleet/site-devices';
import { openSiteDeviceList } from './fleet/site-devices';
import { storedCredentialAddresses } from './inventory/import-proposals';
import type { InventoryServices } from './inventory/inventory-services';
import { createInventoryServices } from './inventory/inventory-services';
import type { InventoryStore } from './inventory/store';
import { createLayoutService } from './layout/layout-service';
import { openLocationNotes } from './layout/notes/open-note-reads';
import type { MonitorSettings } from './monitor/monitor-options';
import type { ScannedHosts } from './open-fleet';
import { openFleet, scannedHosts } from './open-fleet';
import { openCommission, openFirmware, openStandard } from './open-writes';
import { readCredentialFacts } from './report/credential-facts';
import type { ReportService } from './report/report-service';
import { createReportService } from './report/report-service';
import { readStandardFacts } from './report/report-standard-facts';
import type { CoreServices } from './services';
import { createCoreServices } from './services';
import type { SettingsStore } from './settings/settings-store';
import { openSettingsStore } from './settings/settings-store';
import type { SystemGlue } from './shell/system-glue';

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
  /**
   * The clock of each acceptance and firmware run (Commission's too), from its devices' addresses.
   * Default: the real clock; main passes `appClockPolicy` (a scale only in demo mode, only on loopback).
   * Tokens, file locks, the keychain and the journal stay on real time whatever this says.
   */
  clockFor?: ClockPolicy;
}

export async function openCoreServices(options: OpenCoreServicesOptions): Promise<CoreServices> {
  const hub = createEventHub(options.events);
  const createClient = options.createClient ?? createDeviceClient;
  const keychain = options.keychain ?? (await openKeychain());
  const laptop = options.hostname ?? osHostname();
  const app = { name: options.identity.name, version: options.identity.version };
  const { dataDir, ownDir, inventoryCore, siteDevices, late } = await openStorage(options, laptop, app);
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
  // Each device's own `location` note: the port placing writes through, and the reads of a device's note
  // when it is read anyway (scan, unlock, the monitor's first answer), once connected to the layout service.
  const locationNotes = openLocationNotes({ hub, client, sessions: credentials.sessions });
  const { fleet, siteMetrics } = openFleet(options, {
    hub,
    siteDevices,
    credentials,
    settings,
    scanned,
    activity: inventoryCore.store,
    createClient,
    onPollDone: locationNotes.polled,
  });
  const discovery = openDiscovery(options, { hub, settings, fleet, scanned });
  const inventory = followedByFleet(inventoryCore, { sync: fleet.sync, problems: siteDevices.problems });
  const commission = openCommission({ client, credentials, inventory, fleet });
  // Acceptance reads through the same client (its TLS pins, kept connections) and sessions as the monitor.
  const acceptance = createAcceptanceService({
    client,
    sessions: credentials.sessions,
    fleet,
    verdicts: createVerdictStore(inventoryCore.store, laptop),
    events: hub,
    ...(options.clockFor !== undefined ? { clockFor: options.clockFor } : {}),
  });
  const firmware = openFirmware(options, { client, credentials, inventory, pins, fleet, hub, settings });
  const standard = openStandard(
    {
      client,
      credentials,
      inventory,
      fleet,
      hub,
      settings,
      acceptance,
      commission,
      ...(options.clockFor !== undefined ? { clockFor: options.clockFor } : {}),
    },
    inventoryCore.store,
    firmware,
  );
  // Placing writes each device's `location` note through the same client and sessions.
  const layout = createLayoutService({
    store: inventoryCore.store,
    notes: locationNotes.notes,
    events: hub,
    laptop,
  });
  // From here on, a device read anyway has its note read and kept in the layout (once per site and session).
  locationNotes.connect({ fleet, record: (siteId, notes) => layout.recordNotes(siteId, notes) });
  const report = openReport({
    store: inventoryCore.store,
    laptop,
    app,
    credentials,
    fleet,
    client,
    commission,
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
      layout,
    },
    async () => {
      locationNotes.dispose();
      commission.dispose();
      client.close();
      if (ownDir !== undefined) await rm(ownDir, { recursive: true, force: true });
    },
  );
}

/**
 * The inventory in the data folder (without one, tests: a private temporary folder removed at the end) and
 * the site device list the fleet follows. `late.credentials` is filled once credentials exist: an import asks
 * the keychain's metadata, and the keychain's client needs the inventory's pins first.
 */
async function openStorage(
  options: Pick<OpenCoreServicesOptions, 'dataDir'>,
  laptop: string,
  app: { name: string; version: string },
): Promise<{
  dataDir: string;
  ownDir: string | undefined;
  inventoryCore: InventoryServices;
  siteDevices: SiteDeviceList;
  late: { credentials?: CredentialServices };
}> {
  const ownDir =
    options.dataDir === undefined ? await mkdtemp(join(tmpdir(), 'minerdeck-session-')) : undefined;
  const dataDir = options.dataDir ?? ownDir ?? '';
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
  return { dataDir, ownDir, inventoryCore, siteDevices, late };
}

/** The hand-over report: the inventory, the keychain's metadata, a live check through the running monitor. */
function openReport(deps: {
  store: InventoryStore;
  laptop: string;
  app: { name: string; version: string };
  credentials: CredentialServices;
  fleet: FleetService;
  client: DeviceClient;
  commission: CommissionServices;
}): ReportService {
  const { credentials, fleet, client, commission } = deps;
  return createReportService({
    store: deps.store,
    laptop: deps.laptop,
    app: deps.app,
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
}

/** Discovery: its settings, the fleet's known devices marked in results, what it finds kept for the fleet. */
function openDiscovery(
  options: Pick<OpenCoreServicesOptions, 'prefill' | 'suggest'>,
  deps: { hub: EventHub; settings: SettingsStore; fleet: FleetService; scanned: ScannedHosts },
): DiscoveryService {
  const { settings, fleet } = deps;
  return createDiscoveryService({
    events: deps.hub,
    settings: () => settings.current().discovery,
    knownDevices: () => fleet.knownDevices(),
    onFound: deps.scanned.remember,
    ...(options.prefill !== undefined ? { prefill: options.prefill } : {}),
    ...(options.suggest !== undefined ? { suggest: options.suggest } : {}),
  });
}
