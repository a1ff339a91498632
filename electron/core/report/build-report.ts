/**
 * The hand-over report's content (issue 7, deliverable 4), independent of its format: for one site, every
 * device the inventory holds with what was found (address, MAC, host name, model, firmware), how it ended
 * (state, hash rate against nominal, hottest chip and board), whether it has an API key (yes or no from the
 * keychain's metadata — the key itself never comes near a report), the problems and alerts seen, and the
 * technician's notes; counts by state on top.
 *
 * Also derives each device's commissioning status from the same facts, so the inventory can remember how
 * far each device got after the check that produced the report.
 */
import type { CommissioningStatus, InventoryDevice, Site } from '../../../shared/domain/inventory';
import type { MonitorState } from '../../../shared/domain/monitor';
import type {
  CommissioningSnapshot,
  DeviceCommissioning,
  HandOverReport,
  ReportDevice,
  ReportState,
} from '../../../shared/domain/report';

/** What the keychain holds for a device, as metadata. */
export interface StoredCredentialFacts {
  apiKey: boolean;
  password: boolean;
}

export interface ReportInputs {
  site: Site;
  devices: readonly InventoryDevice[];
  /** Live states; absent when none were read (every device is `not-checked`). */
  snapshot?: CommissioningSnapshot;
  /** By device id; absent when the keychain could not be read (API key: unknown). */
  credentials?: ReadonlyMap<string, StoredCredentialFacts>;
  laptop: string;
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
  return problems;
}

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
): ReportDevice {
  const reading = live?.reading;
  const state: ReportState = live?.state ?? 'not-checked';
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
    commissioning: commissioningStatusOf(device, live, stored, credentialsKnown),
    problems: problemsOf(device, live),
    alerts: live?.alerts ?? [],
    notes: device.notes,
    firstSeen: device.firstSeen,
    lastSeen: device.lastSeen,
  };
}

/** Addresses in numeric order: 10.0.0.9 before 10.0.0.10. */
const byAddress = (a: ReportDevice, b: ReportDevice): number =>
  a.address.localeCompare(b.address, 'en', { numeric: true }) || a.deviceId.localeCompare(b.deviceId);

export function buildReport(inputs: ReportInputs): HandOverReport {
  const live = new Map((inputs.snapshot?.devices ?? []).map((d) => [d.deviceId, d]));
  const devices = inputs.devices
    .map((device) =>
      reportDevice(
        device,
        live.get(device.id),
        inputs.credentials?.get(device.id),
        inputs.credentials !== undefined,
      ),
    )
    .sort(byAddress);
  const byState: Partial<Record<ReportState, number>> = {};
  for (const device of devices) byState[device.state] = (byState[device.state] ?? 0) + 1;
  return {
    reportVersion: 1,
    site: { id: inputs.site.id, name: inputs.site.name },
    generatedAt: inputs.now.toISOString(),
    laptop: inputs.laptop,
    app: { ...inputs.app },
    checkedAt: inputs.snapshot === undefined ? null : new Date(inputs.snapshot.at).toISOString(),
    counts: {
      devices: devices.length,
      byState,
      apiKeys: devices.filter((d) => d.apiKey === true).length,
      withProblems: devices.filter((d) => d.problems.length > 0 || d.alerts.length > 0).length,
    },
    devices,
  };
}
