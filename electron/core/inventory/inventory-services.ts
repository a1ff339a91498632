/**
 * The inventory capability as the shells use it — the CLI's `site`, `scan --save`, `import`, `export` and
 * `report` commands and the app's IPC handlers call the same methods, so both behave the same. Each method
 * is one load or one atomic `store.update`, answering a Result.
 *
 * What lives elsewhere is injected, so this needs neither a keychain nor a network to be built: the
 * keychain's metadata (which devices have an API key or a password) and the live check of a site's
 * devices for a report (the app's monitor, or the CLI's one-pass check).
 */
import type { DiscoveredHost } from '../../../shared/domain/discovery';
import { parseDeviceAddress } from '../../../shared/domain/device-address';
import type { InventoryDevice, InventoryProblem, Site, SiteSummary } from '../../../shared/domain/inventory';
import type { CommissioningSnapshot, HandOverReport } from '../../../shared/domain/report';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import type { MonitorTarget } from '../monitor/monitor';
import type { StoredCredentialFacts } from '../report/build-report';
import { buildReport } from '../report/build-report';
import type { ScanSaveOutcome } from './devices';
import {
  devicesOf,
  editDevice,
  knownDevicesOf,
  recordScan,
  removeDevice,
  setCommissioning,
  sight,
  trustCertificate,
} from './devices';
import type { SiteExport } from './exchange';
import {
  buildSiteExport,
  exportFileName,
  importKindOf,
  parseSiteExport,
  serializeSiteExport,
} from './exchange';
import type { MergeOutcome } from './merge';
import { mergeSiteExport } from './merge';
import type { Inventory } from './schema';
import type { DeletedSite } from './sites';
import * as sites from './sites';
import type { InventoryStore, InventoryStoreOptions } from './store';
import { createInventoryStore } from './store';
import type { PlannedImportOutcome } from './targets-csv';
import { addPlannedDevices, parsePlannedCsv } from './targets-csv';

export interface InventoryServicesOptions extends InventoryStoreOptions {
  /** This laptop's host name, written into exports and reports. */
  laptop: string;
  app: { name: string; version: string };
  /** By device id; undefined when the keychain cannot be read. Metadata only. */
  credentialFacts?: () => Promise<ReadonlyMap<string, StoredCredentialFacts> | undefined>;
  /** Reads the devices' live states for a report. */
  liveCheck?: (targets: MonitorTarget[], signal?: AbortSignal) => Promise<CommissioningSnapshot>;
}

export type ImportOutcome =
  | ({ kind: 'site-json' } & MergeOutcome)
  | ({ kind: 'targets-csv'; site: Site; warnings: string[] } & PlannedImportOutcome);

export interface SiteListing {
  sites: SiteSummary[];
  currentSiteId: string | null;
  /** What loading found: a corrupt file kept aside, a migration. */
  problems: InventoryProblem[];
}

export interface ReportRequest {
  site?: string;
  /** Read each device's live state first (default true when a live check is available). */
  check?: boolean;
  signal?: AbortSignal;
}

export interface InventoryServices {
  readonly store: InventoryStore;
  listSites(): Promise<Result<SiteListing>>;
  createSite(input: { name: string; subnets?: readonly string[]; use?: boolean }): Promise<Result<Site>>;
  renameSite(ref: string, name: string): Promise<Result<Site>>;
  setSubnets(ref: string, subnets: readonly string[]): Promise<Result<Site>>;
  useSite(ref: string): Promise<Result<Site>>;
  deleteSite(ref: string, options: { confirm?: boolean }): Promise<Result<DeletedSite>>;
  /** The site (`ref`, else the current one) and its devices. */
  devices(ref?: string): Promise<Result<{ site: Site; devices: InventoryDevice[] }>>;
  editDevice(
    ref: string | undefined,
    deviceId: string,
    patch: { label?: string; notes?: string },
  ): Promise<Result<InventoryDevice>>;
  removeDevice(ref: string | undefined, deviceId: string): Promise<Result<InventoryDevice>>;
  trustCertificate(
    ref: string | undefined,
    deviceId: string,
    fingerprint: string,
  ): Promise<Result<InventoryDevice>>;
  /** MAC → last host of the site's devices, for the scanner. */
  knownDevices(ref?: string): Promise<Result<Map<string, string>>>;
  saveScan(
    ref: string | undefined,
    hosts: readonly DiscoveredHost[],
  ): Promise<Result<{ site: Site } & ScanSaveOutcome>>;
  /** A site export (JSON, merged) or a CSV of planned devices (added to `into`, else the current site). */
  importText(text: string, options?: { into?: string }): Promise<Result<ImportOutcome>>;
  exportSite(ref?: string): Promise<Result<{ export: SiteExport; fileName: string; content: string }>>;
  /** Builds the report and remembers each device's commissioning status from it. */
  report(request?: ReportRequest): Promise<Result<HandOverReport>>;
}

export function createInventoryServices(options: InventoryServicesOptions): InventoryServices {
  const store = createInventoryStore(options);
  const now = options.now ?? (() => new Date());

  const read = async <T>(use: (inventory: Inventory) => Result<T>): Promise<Result<T>> => {
    const loaded = await store.load();
    return loaded.ok ? use(loaded.value) : loaded;
  };
  const siteId = (inventory: Inventory, ref: string | undefined): Result<string> => {
    const site = sites.resolveSite(inventory, ref);
    return site.ok ? ok(site.value.id) : site;
  };
  /** Runs `change` against the site `ref` names (else the current one) inside one update. */
  const inSite = <T>(ref: string | undefined, change: (inventory: Inventory, id: string) => Result<T>) =>
    store.update((inventory) => {
      const id = siteId(inventory, ref);
      return id.ok ? change(inventory, id.value) : id;
    });

  async function importText(text: string, o: { into?: string } = {}): Promise<Result<ImportOutcome>> {
    if (importKindOf(text) === 'site-json') {
      const parsed = parseSiteExport(text);
      if (!parsed.ok) return parsed;
      const merged = await store.update((inventory) => mergeSiteExport(inventory, parsed.value, o, now()));
      return merged.ok ? ok({ kind: 'site-json', ...merged.value }) : merged;
    }
    const rows = parsePlannedCsv(text);
    if (!rows.ok) return rows;
    return store.update((inventory) => {
      const site = sites.resolveSite(inventory, o.into);
      if (!site.ok) return site;
      const outcome = addPlannedDevices(inventory, site.value.id, rows.value.rows, now());
      return ok({ kind: 'targets-csv', site: site.value, warnings: rows.value.warnings, ...outcome });
    });
  }

  async function report(request: ReportRequest = {}): Promise<Result<HandOverReport>> {
    const loaded = await read((inventory) => {
      const site = sites.resolveSite(inventory, request.site);
      return site.ok ? ok({ site: site.value, devices: devicesOf(inventory, site.value.id) }) : site;
    });
    if (!loaded.ok) return loaded;
    const { site, devices } = loaded.value;
    const credentials = await options.credentialFacts?.();
    let snapshot: CommissioningSnapshot | undefined;
    if (request.check !== false && options.liveCheck !== undefined) {
      const targets = devices.flatMap((device): MonitorTarget[] => {
        const address = parseDeviceAddress(device.address);
        // No siteId: the keychain knows which site password each device accepted.
        return address.ok ? [{ deviceId: device.id, address: address.value }] : [];
      });
      snapshot = await options.liveCheck(targets, request.signal);
      if (request.signal?.aborted === true) return err('CANCELLED', 'The report was cancelled.');
    }
    const built = buildReport({
      site,
      devices,
      ...(snapshot !== undefined ? { snapshot } : {}),
      ...(credentials !== undefined ? { credentials } : {}),
      laptop: options.laptop,
      app: options.app,
      now: now(),
    });
    const statuses = new Map(built.devices.map((d) => [d.deviceId, d.commissioning]));
    const answered = new Set(built.devices.filter((d) => d.state === 'online').map((d) => d.deviceId));
    const remembered = await store.update((inventory) => {
      setCommissioning(inventory, site.id, statuses, now());
      const at = built.checkedAt;
      for (const device of devicesOf(inventory, site.id)) {
        if (at !== null && answered.has(device.id)) sight(device, device.address, at);
      }
      return ok(undefined);
    });
    return remembered.ok ? ok(built) : remembered;
  }

  return {
    store,
    listSites: () =>
      read((inventory) =>
        ok({
          sites: sites.siteSummaries(inventory),
          currentSiteId: inventory.settings.currentSiteId,
          problems: store.problems(),
        }),
      ),
    createSite: (input) =>
      store.update((inventory) => {
        const site = sites.createSite(inventory, input, now());
        if (site.ok && input.use === true) inventory.settings.currentSiteId = site.value.id;
        return site;
      }),
    renameSite: (ref, name) => store.update((inventory) => sites.renameSite(inventory, ref, name, now())),
    setSubnets: (ref, subnets) =>
      store.update((inventory) => sites.setSiteSubnets(inventory, ref, subnets, now())),
    useSite: (ref) => store.update((inventory) => sites.useSite(inventory, ref)),
    deleteSite: (ref, o) => store.update((inventory) => sites.deleteSite(inventory, ref, o)),
    devices: (ref) =>
      read((inventory) => {
        const site = sites.resolveSite(inventory, ref);
        return site.ok ? ok({ site: site.value, devices: devicesOf(inventory, site.value.id) }) : site;
      }),
    editDevice: (ref, id, patch) => inSite(ref, (inventory, site) => editDevice(inventory, site, id, patch)),
    removeDevice: (ref, id) => inSite(ref, (inventory, site) => removeDevice(inventory, site, id)),
    trustCertificate: (ref, id, fingerprint) =>
      inSite(ref, (inventory, site) => trustCertificate(inventory, site, id, fingerprint)),
    knownDevices: (ref) =>
      read((inventory) => {
        const id = siteId(inventory, ref);
        return id.ok ? ok(knownDevicesOf(inventory, id.value)) : id;
      }),
    saveScan: (ref, hosts) =>
      store.update((inventory) => {
        const site = sites.resolveSite(inventory, ref);
        if (!site.ok) return site;
        return ok({ site: site.value, ...recordScan(inventory, site.value.id, hosts, now()) });
      }),
    importText,
    exportSite: (ref) =>
      read((inventory) => {
        const id = siteId(inventory, ref);
        if (!id.ok) return id;
        const built = buildSiteExport(inventory, id.value, {
          app: options.app.name,
          version: options.app.version,
          laptop: options.laptop,
          now: now(),
        });
        if (!built.ok) return built;
        return ok({
          export: built.value,
          fileName: exportFileName(built.value),
          content: serializeSiteExport(built.value),
        });
      }),
    report,
  };
}
