/**
 * The hand-over report's content, independent of its format: for one site, every
 * device the inventory holds with what was found (address, MAC, host name, model, firmware), how it ended
 * (state, hash rate against nominal, hottest chip and board), whether it has an API key (yes or no from the
 * keychain's metadata — the key itself never comes near a report), the problems and alerts seen, and the
 * technician's notes; counts by state on top.
 *
 * Also derives each device's commissioning status from the same facts, so the inventory can remember how
 * far each device got after the check that produced the report.
 */
import type { ActivityEntry } from '../../../shared/domain/commission';
import type { CommissioningStatus, InventoryDevice, Site } from '../../../shared/domain/inventory';
import type { MonitorState } from '../../../shared/domain/monitor';
import type { PasswordStatus } from '../../../shared/domain/password-status';
import type {
  CommissioningSnapshot,
  DeviceCommissioning,
  HandOverReport,
  ReportDevice,
  ReportState,
} from '../../../shared/domain/report';
import { activityOfReport, lastRestartsOf, verifiedFirmwareOf } from './report-activity';
import { implausibleLine } from '../../../shared/format/implausible';
import { sameMacWords } from '../../../shared/domain/same-mac';
import { sameMacPeers } from '../credentials/identity-rule';
import { isFirmwareFeePool } from '../../../shared/domain/fee-pool';
import { withoutLogin } from '../../../shared/domain/pool-url';
import type { StoredVerdict } from '../../../shared/domain/acceptance';
import { inForceOf, reportAcceptanceOf, workerOf } from './report-in-force';
import type { ReportStandardInput } from './report-standard';
import { reportStandardOf } from './report-standard';
import type { SiteLayout } from '../../../shared/domain/layout';
import { reportLocationsOf, reportRacksOf, UNPLACED } from './report-location';

/** What the keychain holds for a device, as metadata. */
export interface StoredCredentialFacts {
  apiKey: boolean;
  password: boolean;
  /** The report's "Password" column (credentials/password-status.ts); absent: worked out as unknown. */
  passwordStatus?: PasswordStatus;
}

export interface ReportInputs {
  site: Site;
  devices: readonly InventoryDevice[];
  /** Live states; absent when none were read (every device is `not-checked`). */
  snapshot?: CommissioningSnapshot;
  /** By device id; absent when the keychain could not be read (API key: unknown). */
  credentials?: ReadonlyMap<string, StoredCredentialFacts>;
  /** The site's activity log, oldest first: its summary and each device's last restart or reboot. */
  activity?: readonly ActivityEntry[];
  /** The site's acceptance verdicts, by device id (the latest run of each device). */
  acceptance?: ReadonlyMap<string, StoredVerdict>;
  /** The site's standard and what was read of the devices for it; absent: the site has none. */
  standard?: ReportStandardInput;
  /** The site's racks and who stands where (issue 34); absent: the site has no layout (all unplaced). */
  layout?: SiteLayout;
  laptop: string;
  /** Who hands over; empty: a line to fill in by hand. */
  technician?: string;
  app: { name: string; version: string };
  now: Date;
}

/** States in which a device that has credentials did not end up answering with them. */
const TROUBLE: ReadonlySet<MonitorState> = new Set([
  'offline',
  'needs-password',
  'auth-failed',
  'locked-out',
  'error',
]);

const FLAG_PROBLEMS: Readonly<Record<string, string>> = {
  'restart-required': 'the device asks for a restart',
  'reboot-required': 'the device asks for a reboot',
  throttled: 'the device is throttling (power or temperature limit)',
};

const normalizeFingerprint = (fingerprint: string): string =>
  fingerprint.replace(/[^0-9a-f]/gi, '').toUpperCase();

function problemsOf(device: InventoryDevice, live: DeviceCommissioning | undefined): string[] {
  const problems: string[] = [];
  if (device.lastSeen === null) problems.push('never seen on the network');
  if (
    device.tlsPin !== null &&
    device.tlsSeen !== null &&
    normalizeFingerprint(device.tlsPin) !== normalizeFingerprint(device.tlsSeen)
  ) {
    problems.push('its TLS certificate changed after it was trusted');
  }
  if (live === undefined) return problems;
  // An active alert that says the same as the state's reason is listed once, as the alert.
  const said = live.alerts.some((alert) => alert.clearedAt === undefined && alert.message === live.reason);
  if (!said && live.state !== 'online') problems.push(`${live.state}: ${live.reason}`);
  else if (!said && live.reading?.minerKind === 'failure') problems.push(live.reason);
  for (const flag of live.reading?.flags ?? []) {
    const text = FLAG_PROBLEMS[flag];
    if (text !== undefined) problems.push(text);
  }
  // Values no hardware can report: left out of the numbers above (and of totals and alerts), said here.
  for (const entry of live.reading?.implausible ?? []) problems.push(`${implausibleLine(entry)}; left out`);
  return problems;
}

export const FACTORY_PASSWORD_PROBLEM =
  'its password is the factory default "admin": anyone on the LAN can change its pools';

function passwordOf(stored: StoredCredentialFacts | undefined, credentialsKnown: boolean): PasswordStatus {
  if (!credentialsKnown) return { status: 'unknown', why: 'the keychain could not be read' };
  return stored?.passwordStatus ?? { status: 'unknown', why: 'no password is stored' };
}

/** The LED as the device's last reading said; null when there was none. */
const ledOf = (live: DeviceCommissioning | undefined): ReportDevice['led'] =>
  live?.reading === undefined ? null : live.reading.flags?.includes('locate-led') === true ? 'on' : 'off';

/** Never a login the url carried (pool-url.ts); the firmware's fee pool marked as such (fee-pool.ts). */
const poolsOf = (live: DeviceCommissioning | undefined): ReportDevice['pools'] =>
  live?.pools?.map((pool) => ({
    url: withoutLogin(pool.url),
    user: pool.user ?? null,
    ...(isFirmwareFeePool(pool) ? { firmwareFeePool: true as const } : {}),
  })) ?? null;

/**
 * How far commissioning got: from the live state where it says (answering → `verified`, failing →
 * `problem`), else from what the keychain holds (`stored`: undefined when nothing is stored for it, or
 * when the keychain could not be read — then the inventory's last status stands).
 */
export function commissioningStatusOf(
  device: InventoryDevice,
  live: DeviceCommissioning | undefined,
  stored: StoredCredentialFacts | undefined,
  credentialsKnown: boolean,
): CommissioningStatus {
  if (live?.state === 'online') return live.reading?.minerKind === 'failure' ? 'problem' : 'verified';
  if (live !== undefined && TROUBLE.has(live.state)) return 'problem';
  if (stored?.apiKey === true) return 'key-provisioned';
  if (stored?.password === true) return 'unlocked';
  if (!credentialsKnown && live === undefined) return device.commissioning.status;
  return device.lastSeen === null ? 'planned' : 'found';
}

const share = (value: number | undefined, nominal: number | undefined): number | null =>
  value !== undefined && nominal !== undefined && nominal > 0 ? value / nominal : null;

function reportDevice(
  device: InventoryDevice,
  live: DeviceCommissioning | undefined,
  stored: StoredCredentialFacts | undefined,
  credentialsKnown: boolean,
  lastRestart: ReportDevice['lastRestart'],
  verdict: StoredVerdict | undefined,
): ReportDevice {
  const reading = live?.reading;
  const state: ReportState = live?.state ?? 'not-checked';
  const password = passwordOf(stored, credentialsKnown);
  const problems = problemsOf(device, live);
  // Said once, as a problem (the CLI's one-pass check raises no alert for it; the app's monitor does).
  if (password.status === 'factory-default') problems.unshift(FACTORY_PASSWORD_PROBLEM);
  const pools = poolsOf(live);
  return {
    deviceId: device.id,
    address: device.address,
    label: device.label,
    mac: device.identity.mac,
    hostname: device.identity.hostname,
    model: device.identity.model,
    firmware: device.identity.firmware,
    serial: device.identity.serial,
    state,
    stateReason: live?.reason ?? 'no live state was read for this report',
    minerState: reading?.minerState ?? null,
    hashRate: reading?.hashRate ?? null,
    nominalHashRate: reading?.nominalHashRate ?? null,
    hashRateShare: share(reading?.hashRate, reading?.nominalHashRate),
    chipTempMax: reading?.chipTempMax ?? null,
    boardTempMax: reading?.boardTempMax ?? null,
    apiKey: credentialsKnown ? stored?.apiKey === true : null,
    password,
    pools,
    led: ledOf(live),
    lastRestart,
    commissioning: commissioningStatusOf(device, live, stored, credentialsKnown),
    // The preset in force while the device was accepted (read by the acceptance run, not by the report).
    preset: verdict?.evidence.preset ?? null,
    worker: workerOf(pools),
    acceptance: reportAcceptanceOf(verdict),
    problems,
    alerts: (live?.alerts ?? []).filter((alert) => alert.kind !== 'factory-password'),
    notes: device.notes,
    firstSeen: device.firstSeen,
    lastSeen: device.lastSeen,
  };
}

/** Addresses in numeric order: 10.0.0.9 before 10.0.0.10. */
const byAddress = (a: ReportDevice, b: ReportDevice): number =>
  a.address.localeCompare(b.address, 'en', { numeric: true }) || a.deviceId.localeCompare(b.deviceId);

/**
 * A device that answered this report's own check was seen at the check's time: the report says so (not the
 * inventory's older sighting it was loaded with), and the inventory records the same (inventory-services.ts).
 */
export function seenInCheck(live: DeviceCommissioning | undefined): boolean {
  return live?.state === 'online';
}

/**
 * Devices of the site that report one MAC are each a device of their own (cloned boards); each says so,
 * unless the monitor's own alert (which says the same words) is active on it.
 */
function flagSameMac(site: readonly InventoryDevice[], devices: readonly ReportDevice[]): void {
  const peers = sameMacPeers(
    site,
    (device) => device.identity.mac,
    (device) => device.address,
  );
  const byId = new Map([...peers].map(([device, others]) => [device.id, others]));
  for (const device of devices) {
    const others = byId.get(device.deviceId);
    const alerted = device.alerts.some((a) => a.kind === 'duplicate-mac' && a.clearedAt === undefined);
    if (others === undefined || alerted) continue;
    device.problems.unshift(
      `${sameMacWords(others)}: two devices report one MAC (a cloned or misconfigured control board)`,
    );
  }
}

/**
 * The device as the report shows it: seen at the check's time when it answered the check, and on the
 * firmware version a rollout verified it on when that is newer than what a scan last saw (the CLI's
 * rollout does not rescan; the app's tells the inventory at once).
 */
function withCheckAndFirmware(
  device: InventoryDevice,
  checkedAt: string | null,
  live: DeviceCommissioning | undefined,
  verified: { version: string; at: string } | undefined,
): InventoryDevice {
  const newer = verified !== undefined && (device.lastSeen === null || verified.at > device.lastSeen);
  const seen = checkedAt !== null && seenInCheck(live);
  if (!newer && !seen) return device;
  return {
    ...device,
    ...(seen ? { lastSeen: checkedAt } : {}),
    ...(newer ? { identity: { ...device.identity, firmware: verified.version } } : {}),
  };
}

export function buildReport(inputs: ReportInputs): HandOverReport {
  const live = new Map((inputs.snapshot?.devices ?? []).map((d) => [d.deviceId, d]));
  const checkedAt = inputs.snapshot === undefined ? null : new Date(inputs.snapshot.at).toISOString();
  const activity = inputs.activity ?? [];
  const restarts = lastRestartsOf(activity);
  const firmware = verifiedFirmwareOf(activity);
  const devices = inputs.devices
    .map((device) =>
      reportDevice(
        withCheckAndFirmware(device, checkedAt, live.get(device.id), firmware.get(device.id)),
        live.get(device.id),
        inputs.credentials?.get(device.id),
        inputs.credentials !== undefined,
        restarts.get(device.id) ?? null,
        inputs.acceptance?.get(device.id),
      ),
    )
    .sort(byAddress);
  flagSameMac(inputs.devices, devices);
  const standard = reportStandardOf(inputs.standard ?? { standard: undefined }, devices);
  for (const device of devices) device.standard = standard.devices.get(device.deviceId) ?? null;
  const locations = reportLocationsOf(inputs.layout);
  for (const device of devices) Object.assign(device, locations.get(device.deviceId) ?? UNPLACED);
  const byState: Partial<Record<ReportState, number>> = {};
  for (const device of devices) byState[device.state] = (byState[device.state] ?? 0) + 1;
  return {
    reportVersion: 1,
    site: { id: inputs.site.id, name: inputs.site.name },
    generatedAt: inputs.now.toISOString(),
    laptop: inputs.laptop,
    technician: inputs.technician ?? '',
    app: { ...inputs.app },
    checkedAt,
    counts: {
      devices: devices.length,
      byState,
      apiKeys: devices.filter((d) => d.apiKey === true).length,
      withProblems: devices.filter((d) => d.problems.length > 0 || d.alerts.length > 0).length,
      factoryPasswords: devices.filter((d) => d.password.status === 'factory-default').length,
      online: byState.online ?? 0,
      accepted: devices.filter((d) => d.acceptance?.verdict === 'pass').length,
      failed: devices.filter((d) => d.acceptance?.verdict === 'fail').length,
    },
    inForce: inForceOf(devices),
    activity: activityOfReport(activity),
    standard: standard.section,
    racks: reportRacksOf(inputs.layout),
    devices,
  };
}
