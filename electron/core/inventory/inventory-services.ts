/**
 * The inventory capability as the shells use it — the CLI's `site`, `scan --save`, `import`, `export` and
 * `report` commands and the app's IPC handlers call the same methods, so both behave the same. Each method
 * is one load or one atomic `store.update`, answering a Result.
 *
 * What lives elsewhere is injected, so this needs neither a keychain nor a network to be built: the
 * keychain's metadata (which devices have an API key or a password) and the live check of a site's
 * devices for a report (the app's monitor, or the CLI's one-pass check).
 */
import type { ActivityEntry } from '../../../shared/domain/commission';
import type { DiscoveredHost } from '../../../shared/domain/discovery';
import { parseDeviceAddress } from '../../../shared/domain/device-address';
import type { InventoryDevice, InventoryProblem, Site, SiteSummary } from '../../../shared/domain/inventory';
import type { PoolPreset } from '../../../shared/domain/pools';
import type { CommissioningSnapshot, HandOverReport } from '../../../shared/domain/report';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import type { MonitorTarget } from '../monitor/monitor';
import type { StoredCredentialFacts } from '../report/build-report';
import { buildReport, seenInCheck } from '../report/build-report';
import { technicianOf } from '../report/technician';
import { verdictsOf } from '../acceptance/verdict-store';
import { activityOf, appendActivity, newActivityId } from './activity';
import type { KnownDevice } from '../credentials/identity-rule';
import type { FoundDevice, ScanSaveOutcome } from './devices';
import {
  devicesOf,
  editDevice,
  knownDevicesOf,
  recordFound,
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
import type { AcceptedChange, PendingChange } from './import-proposals';
import type { ProposalField } from './stored-records';
import { acceptProposals, pendingChanges } from './import-proposals';
import type { MergeOutcome } from './merge';
import { mergeSiteExport } from './merge';
import { deletePreset, presetsOf, savePreset } from './pool-presets';
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
  /**
   * By device id (`deviceIds`: the report's devices); undefined when the keychain cannot be read.
   * Metadata only.
   */
  credentialFacts?: (
    deviceIds: readonly string[],
  ) => Promise<ReadonlyMap<string, StoredCredentialFacts> | undefined>;
  /** Reads the devices' live states for a report. */
  liveCheck?: (targets: MonitorTarget[], signal?: AbortSignal) => Promise<CommissioningSnapshot>;
  /**
   * The devices with credentials in the keychain, by id, with the address they were stored with; undefined
   * when the keychain cannot be listed. An import holds back a device the file puts somewhere else
   * (merge.ts). Metadata only.
   */
  storedCredentials?: () => Promise<ReadonlyMap<string, string | undefined> | undefined>;
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
  /** Who hands over, for page 1 and the signature block (else the laptop's user: report/technician.ts). */
  technician?: string;
  signal?: AbortSignal;
}

export interface InventoryServices {
  readonly store: InventoryStore;
  listSites(): Promise<Result<SiteListing>>;
  createSite(input: { name: string; subnets?: readonly string[]; use?: boolean }): Promise<Result<Site>>;
  /**
   * A data folder with no site gets "Site 1", made current (scans need somewhere to go): the app at start
   * and every CLI command that needs a site. Answers the site when it made one, else undefined.
   */
  ensureFirstSite(): Promise<Result<Site | undefined>>;
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
  /** The site's devices with their MACs and last addresses, for the scanner's identity rule. */
  knownDevices(ref?: string): Promise<Result<KnownDevice[]>>;
  saveScan(
    ref: string | undefined,
    hosts: readonly DiscoveredHost[],
  ): Promise<Result<{ site: Site } & ScanSaveOutcome>>;
  /** Devices that answered under their credentials' ids join the site (`unlock --remember --site`). */
  saveFound(
    ref: string | undefined,
    devices: readonly FoundDevice[],
  ): Promise<Result<{ site: Site } & ScanSaveOutcome>>;
  /** A site export (JSON, merged) or a CSV of planned devices (added to `into`, else the current site). */
  importText(text: string, options?: { into?: string }): Promise<Result<ImportOutcome>>;
  /** The addresses and certificate pins imports proposed for the site's known devices, still waiting. */
  pendingImports(ref?: string): Promise<Result<{ site: Site; pending: PendingChange[] }>>;
  /**
   * Accepts what imports proposed for the devices named (`'all'`: the whole site), optionally one field
   * only: from then on their stored credentials go to the accepted address, pinned to the accepted pin.
   */
  acceptImported(
    ref: string | undefined,
    deviceIds: readonly string[] | 'all',
    field?: ProposalField,
  ): Promise<Result<{ site: Site; accepted: AcceptedChange[] }>>;
  exportSite(ref?: string): Promise<Result<{ export: SiteExport; fileName: string; content: string }>>;
  /** Builds the report and remembers each device's commissioning status from it. */
  report(request?: ReportRequest): Promise<Result<HandOverReport>>;
  /** Appends a write's record to its site's activity log (entry.siteId must name a site). */
  recordActivity(entry: Omit<ActivityEntry, 'id' | 'by'>): Promise<Result<ActivityEntry>>;
  /** The site's (`ref`, else the current one) activity log, oldest first, optionally for one device. */
  activity(ref?: string, filter?: { deviceId?: string }): Promise<Result<ActivityEntry[]>>;
  /** The site's pool presets, by name (their pool passwords included: for the apply, never to print). */
  poolPresets(ref?: string): Promise<Result<PoolPreset[]>>;
  /** Saves a preset in the site, replacing one of the same name (any case). */
  savePoolPreset(ref: string | undefined, preset: PoolPresetInput): Promise<Result<PoolPreset>>;
  deletePoolPreset(ref: string | undefined, name: string): Promise<Result<PoolPreset>>;
}

export type PoolPresetInput = Pick<PoolPreset, 'name' | 'pools'>;

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
      const storedCredentials = await options.storedCredentials?.();
      const merged = await store.update((inventory) =>
        mergeSiteExport(
          inventory,
          parsed.value,
          { ...o, ...(storedCredentials !== undefined ? { storedCredentials } : {}) },
          now(),
        ),
      );
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
      if (!site.ok) return site;
      const id = site.value.id;
      return ok({
        site: site.value,
        devices: devicesOf(inventory, id),
        activity: activityOf(inventory, id),
        acceptance: verdictsOf(inventory, id),
      });
    });
    if (!loaded.ok) return loaded;
    const { site, devices, activity, acceptance } = loaded.value;
    const credentials = await options.credentialFacts?.(devices.map((device) => device.id));
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
      activity,
      acceptance,
      laptop: options.laptop,
      technician: technicianOf(request.technician),
      app: options.app,
      now: now(),
    });
    const statuses = new Map(built.devices.map((d) => [d.deviceId, d.commissioning]));
    const answered = new Set((snapshot?.devices ?? []).filter((d) => seenInCheck(d)).map((d) => d.deviceId));
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
    async ensureFirstSite() {
      // Read first: only a fresh folder needs the write (and its lock); the check is repeated under the
      // lock, so two commands starting together make one site, not two.
      const count = await read((inventory) => ok(inventory.sites.length));
      if (!count.ok || count.value > 0) return count.ok ? ok(undefined) : count;
      return store.update((inventory): Result<Site | undefined> => {
        if (inventory.sites.length > 0) return ok(undefined);
        const site = sites.createSite(inventory, { name: sites.FIRST_SITE_NAME }, now());
        if (site.ok) inventory.settings.currentSiteId = site.value.id;
        return site;
      });
    },
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
    saveFound: (ref, found) =>
      store.update((inventory) => {
        const site = sites.resolveSite(inventory, ref);
        if (!site.ok) return site;
        return ok({ site: site.value, ...recordFound(inventory, site.value.id, found, now()) });
      }),
    importText,
    pendingImports: (ref) =>
      read((inventory) => {
        const site = sites.resolveSite(inventory, ref);
        return site.ok ? ok({ site: site.value, pending: pendingChanges(inventory, site.value.id) }) : site;
      }),
    acceptImported: (ref, deviceIds, field) =>
      store.update((inventory) => {
        const site = sites.resolveSite(inventory, ref);
        if (!site.ok) return site;
        const accepted = acceptProposals(inventory, site.value.id, deviceIds, now(), field);
        return accepted.ok ? ok({ site: site.value, accepted: accepted.value }) : accepted;
      }),
    recordActivity: (input) =>
      store.update((inventory) => {
        if (!inventory.sites.some((site) => site.id === input.siteId)) {
          return err('NOT_FOUND', `There is no site "${input.siteId}" to record the activity in.`);
        }
        const entry: ActivityEntry = { ...input, id: newActivityId(now()), by: options.laptop };
        appendActivity(inventory, entry);
        return ok(entry);
      }),
    activity: (ref, filter) =>
      read((inventory) => {
        const id = siteId(inventory, ref);
        return id.ok ? ok(activityOf(inventory, id.value, filter)) : id;
      }),
    poolPresets: (ref) =>
      read((inventory) => {
        const id = siteId(inventory, ref);
        return id.ok ? ok(presetsOf(inventory, id.value)) : id;
      }),
    savePoolPreset: (ref, preset) => inSite(ref, (inventory, id) => savePreset(inventory, id, preset, now())),
    deletePoolPreset: (ref, name) => inSite(ref, (inventory, id) => deletePreset(inventory, id, name)),
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
