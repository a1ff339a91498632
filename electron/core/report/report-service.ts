/**
 * The hand-over report of a site as the shells make it (`minerdeck report`, the Report view, the saved
 * file): the inventory's devices, activity log and acceptance verdicts, the keychain's metadata, and —
 * unless asked not to — each device's live state read first. Each device's commissioning status is
 * remembered from the report, and the devices that answered the check are marked seen.
 *
 * What lives elsewhere is injected, so this needs neither a keychain nor a network to be built: the
 * keychain's metadata and the live check (the app's monitor, or the CLI's one-pass check).
 */
import { parseDeviceAddress } from '../../../shared/domain/device-address';
import type { InventoryDevice, Site } from '../../../shared/domain/inventory';
import type { CommissioningSnapshot, HandOverReport } from '../../../shared/domain/report';
import type { Result } from '../../../shared/result';
import { message } from '../../../shared/i18n/message';
import { errWithText, ok } from '../../../shared/result';
import { verdictsOf } from '../acceptance/verdict-store';
import { activityOf } from '../inventory/activity';
import { devicesOf, setCommissioning, sight } from '../inventory/devices';
import { resolveSite } from '../inventory/sites';
import { layoutOf } from '../inventory/site-layouts';
import type { InventoryStore } from '../inventory/store';
import type { MonitorTarget } from '../monitor/monitor';
import type { StoredCredentialFacts } from './build-report';
import type { ReportStandardInput } from './report-standard';
import type { StandardFactsInput } from './report-standard-facts';
import { buildReport, seenInCheck } from './build-report';
import { technicianOf } from './technician';
import { standardOf } from '../standard/standard-record';
import type { SiteStandard } from '../../../shared/domain/standard';
import type { StoredVerdict } from '../../../shared/domain/acceptance';
import type { DeviceFacts } from '../standard/drift';

/** The report stopped on the technician's Cancel (issue 35: in their language). */
const reportCancelled = (): Result<never> =>
  errWithText('CANCELLED', 'The report was cancelled.', message('errors.files.reportCancelled'));

export interface ReportRequest {
  site?: string;
  /** Read each device's live state first (default true when a live check is available). */
  check?: boolean;
  /** Who hands over, for page 1 and the signature block (else the laptop's user: report/technician.ts). */
  technician?: string;
  signal?: AbortSignal;
}

export interface ReportServiceOptions {
  /** The inventory the report is of. */
  store: InventoryStore;
  /** This laptop's host name, written into the report. */
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
   * The site's standard as the report checks it: whether the keychain holds the site password, and what
   * the devices that answered the check say against the standard (report-standard-facts.ts). Absent: only
   * what the report knows anyway is compared (report-standard.ts), the rest is "not checked".
   */
  standard?: {
    passwordStored: (siteId: string) => Promise<boolean | undefined>;
    readFacts?: (input: Omit<StandardFactsInput, 'concurrency'>) => Promise<ReadonlyMap<string, DeviceFacts>>;
  };
  now?: () => Date;
}

export interface ReportService {
  /** Builds the report and remembers each device's commissioning status from it. */
  report(request?: ReportRequest): Promise<Result<HandOverReport>>;
}

/** The devices a live check reads, at their last address (no siteId: the keychain knows each one's site). */
function checkTargets(devices: readonly InventoryDevice[]): MonitorTarget[] {
  return devices.flatMap((device): MonitorTarget[] => {
    const address = parseDeviceAddress(device.address);
    return address.ok ? [{ deviceId: device.id, address: address.value }] : [];
  });
}

export function createReportService(options: ReportServiceOptions): ReportService {
  const { store } = options;
  const now = options.now ?? (() => new Date());

  /** The site's part of the inventory the report is made of, from one load. */
  async function siteRecords(ref: string | undefined) {
    const loaded = await store.load();
    if (!loaded.ok) return loaded;
    const inventory = loaded.value;
    const site = resolveSite(inventory, ref);
    if (!site.ok) return site;
    const id = site.value.id;
    return ok({
      site: site.value,
      devices: devicesOf(inventory, id),
      activity: activityOf(inventory, id),
      acceptance: verdictsOf(inventory, id),
      standard: standardOf(inventory, id),
      layout: layoutOf(inventory, id),
    });
  }

  /** Each device's commissioning status from the report; the devices that answered its check, seen then. */
  function remember(site: Site, built: HandOverReport, snapshot: CommissioningSnapshot | undefined) {
    const statuses = new Map(built.devices.map((d) => [d.deviceId, d.commissioning]));
    const answered = new Set((snapshot?.devices ?? []).filter((d) => seenInCheck(d)).map((d) => d.deviceId));
    return store.update((inventory) => {
      setCommissioning(inventory, site.id, statuses, now());
      const at = built.checkedAt;
      for (const device of devicesOf(inventory, site.id)) {
        if (at !== null && answered.has(device.id)) sight(device, device.address, at);
      }
      return ok(undefined);
    });
  }

  /** The standard with what the devices say against it; a read that fails leaves its parts "not checked". */
  async function standardOfReport(
    site: Site,
    standard: SiteStandard | undefined,
    devices: readonly InventoryDevice[],
    snapshot: CommissioningSnapshot | undefined,
    verdicts: ReadonlyMap<string, StoredVerdict>,
    request: ReportRequest,
  ): Promise<ReportStandardInput> {
    if (standard === undefined || options.standard === undefined) return { standard };
    const stored = await options.standard.passwordStored(site.id).catch(() => undefined);
    const read = options.standard.readFacts;
    const facts =
      snapshot === undefined || read === undefined
        ? undefined
        : await read({
            site,
            standard,
            devices,
            snapshot,
            verdicts,
            ...(request.signal !== undefined ? { signal: request.signal } : {}),
          }).catch(() => undefined);
    return {
      standard,
      passwordStored: stored ?? null,
      ...(facts !== undefined ? { facts } : {}),
    };
  }

  return {
    async report(request = {}) {
      const loaded = await siteRecords(request.site);
      if (!loaded.ok) return loaded;
      const { site, devices, activity, acceptance, standard, layout } = loaded.value;
      const credentials = await options.credentialFacts?.(devices.map((device) => device.id));
      let snapshot: CommissioningSnapshot | undefined;
      if (request.check !== false && options.liveCheck !== undefined) {
        snapshot = await options.liveCheck(checkTargets(devices), request.signal);
        if (request.signal?.aborted === true) return reportCancelled();
      }
      const standardInput = await standardOfReport(site, standard, devices, snapshot, acceptance, request);
      if (request.signal?.aborted === true) return reportCancelled();
      const built = buildReport({
        site,
        devices,
        ...(snapshot !== undefined ? { snapshot } : {}),
        ...(credentials !== undefined ? { credentials } : {}),
        activity,
        acceptance,
        standard: standardInput,
        ...(layout !== undefined ? { layout } : {}),
        laptop: options.laptop,
        technician: technicianOf(request.technician),
        app: options.app,
        now: now(),
      });
      const remembered = await remember(site, built, snapshot);
      return remembered.ok ? ok(built) : remembered;
    },
  };
}
