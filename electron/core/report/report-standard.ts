/**
 * The hand-over report against the site's standard (issue 26): per device what differs (the "Standard"
 * column: ✓ or the words) and, for the site, one line — "The site standard: 182 of 200 devices at the
 * standard; 18 differ: 12 factory password, 6 pools differ" — with what the standard asks, never a
 * secret (whether a password is asked, pool URLs without any login, worker templates).
 *
 * The drift itself is the standard core's (standard/drift.ts): this only says what is known of each
 * device. Facts read from the devices the way `commission --dry-run` reads them (report-standard-facts.ts)
 * come first; what the report knows anyway fills in — the factory password from the keychain's metadata,
 * the firmware as the report shows it, the site's acceptance verdicts. A part nothing says is "not checked"
 * with why (the device was offline, or not read for this report), never guessed.
 */
import type { ReportDevice, ReportDeviceStandard, ReportStandard } from '../../../shared/domain/report';
import type { DeviceDrift, DriftSummary, SiteStandard } from '../../../shared/domain/standard';
import { STANDARD_PARTS } from '../../../shared/domain/standard';
import { withoutLogin } from '../../../shared/domain/pool-url';
import type { DeviceFacts } from '../standard/drift';
import { driftOf, summarizeDrift } from '../standard/drift';

export interface ReportStandardInput {
  /** The site's standard; undefined when it has none. */
  standard: SiteStandard | undefined;
  /** Whether this keychain holds the site password; null or absent when it could not be asked. */
  passwordStored?: boolean | null;
  /** What was read of each device for the standard (device-facts.ts), by device id. */
  facts?: ReadonlyMap<string, DeviceFacts>;
}

export const NO_STANDARD_LINE = 'The site standard: no standard set for this site';

/** Why a part the report did not read is not checked, from the device's state in this report. */
function unreadableOf(device: ReportDevice): string {
  switch (device.state) {
    case 'not-checked':
      return 'not read for this report';
    case 'online':
      return 'not read by this report';
    case 'offline':
      return 'offline';
    default:
      return device.state.replace(/-/g, ' ');
  }
}

/** The version in a firmware as the inventory keeps it ("Vnish 1.2.8" → "1.2.8"), as the desk reads it. */
const versionOf = (firmware: string | null): string | undefined => {
  const version = firmware?.trim().split(/\s+/).at(-1);
  return version === undefined || version === '' ? undefined : version;
};

/** What is known of a device: the facts read for the standard first, the report's own facts after. */
export function reportFactsOf(device: ReportDevice, read: DeviceFacts | undefined): DeviceFacts {
  const facts: DeviceFacts = read ?? {
    deviceId: device.deviceId,
    address: device.address,
    unreadable: unreadableOf(device),
  };
  const password =
    facts.password ?? (device.password.status === 'factory-default' ? ('factory' as const) : undefined);
  const firmware = facts.firmware ?? versionOf(device.firmware);
  return {
    ...facts,
    ...(password !== undefined ? { password } : {}),
    ...(firmware !== undefined ? { firmware } : {}),
    acceptance: device.acceptance?.verdict ?? 'none',
  };
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/**
 * "12 factory password, 6 pools differ": devices per word of a part that differs, most first; a
 * firmware's version is left out of the count ("5 firmware older", not one count per version).
 */
export function differingWords(drifts: readonly DeviceDrift[]): string {
  const counts = new Map<string, { n: number; order: number }>();
  for (const drift of drifts) {
    for (const part of drift.parts) {
      if (part.state !== 'differs') continue;
      const words = part.words.replace(/\s*\([^)]*\)$/, '');
      const entry = counts.get(words) ?? { n: 0, order: STANDARD_PARTS.indexOf(part.part) };
      entry.n += 1;
      counts.set(words, entry);
    }
  }
  return [...counts]
    .sort(([, a], [, b]) => b.n - a.n || a.order - b.order)
    .map(([words, { n }]) => `${n} ${words}`)
    .join(', ');
}

/** "The site standard: 182 of 200 devices at the standard; 18 differ: 12 factory password, 6 pools differ". */
export function standardLine(summary: DriftSummary, drifts: readonly DeviceDrift[]): string {
  let line = `The site standard: ${summary.atStandard} of ${plural(summary.total, 'device', 'devices')} at the standard`;
  if (summary.differ > 0)
    line += `; ${summary.differ} ${summary.differ === 1 ? 'differs' : 'differ'}: ${differingWords(drifts)}`;
  if (summary.notChecked > 0) line += `; ${summary.notChecked} not checked`;
  return line;
}

function partsOf(
  standard: SiteStandard,
  passwordStored: boolean | null,
): NonNullable<ReportStandard['parts']> {
  return {
    password: { required: standard.password, stored: standard.password ? passwordStored : null },
    pools: (standard.pools ?? []).map((pool) => ({
      url: withoutLogin(pool.url),
      worker: pool.worker,
      hasPassword: pool.password !== '',
    })),
    firmware: standard.firmware?.version ?? null,
    power: standard.power ?? null,
    acceptance: standard.acceptance ?? null,
    updatedAt: standard.updatedAt,
  };
}

/** The report's standard section and each device's drift (by id); without a standard, no drift. */
export function reportStandardOf(
  input: ReportStandardInput,
  devices: readonly ReportDevice[],
): { section: ReportStandard; devices: Map<string, ReportDeviceStandard | null> } {
  const { standard } = input;
  if (standard === undefined) {
    return {
      section: { set: false, line: NO_STANDARD_LINE, summary: null, parts: null },
      devices: new Map(devices.map((d) => [d.deviceId, null])),
    };
  }
  const drifts = devices.map((device) =>
    driftOf(standard, reportFactsOf(device, input.facts?.get(device.deviceId))),
  );
  const summary = summarizeDrift(drifts);
  return {
    section: {
      set: true,
      line: standardLine(summary, drifts),
      summary,
      parts: partsOf(standard, input.passwordStored ?? null),
    },
    devices: new Map(drifts.map(({ deviceId, address: _address, ...drift }) => [deviceId, drift] as const)),
  };
}
