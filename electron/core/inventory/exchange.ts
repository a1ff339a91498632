/**
 * A whole site as a JSON file, so two technicians commissioning one site on two
 * laptops can merge their work (merge.ts). The file holds what the inventory holds for the site — devices,
 * addresses, notes, certificate pins — and nothing secret: no password, no key, not even the keychain
 * account names, which mean nothing on another laptop.
 *
 * The site's activity log goes with it (every write to its devices: what, when, each outcome; never a
 * secret), so the report of a site commissioned on two laptops says what both did. So do its acceptance
 * verdicts (format version 2; verdict-exchange.ts has their rules), and its layout — racks, slots and where
 * each device stands (format version 3; layout-merge.ts). Pool presets stay on the laptop: they hold pool
 * passwords.
 *
 * Reading is strict about what it is (the format marker and version) and tolerant about the rest the way
 * every parser here is: unknown fields are dropped, never stored — a tool that adds a `password` field to
 * an export does not get it into the inventory.
 */
import { message } from '../../../shared/i18n/message';
import { z } from 'zod';
import { activityEntrySchema } from '../../../shared/domain/commission';
import {
  inventoryDeviceSchema,
  isoTimeSchema,
  MAX_IMPORT_BYTES,
  siteSchema,
} from '../../../shared/domain/inventory';
import type { AppError, Result } from '../../../shared/result';
import { errWithText, ok } from '../../../shared/result';
import { causeText } from '../errors/cause-text';
import { formatDeviceAddress, parseDeviceAddress } from '../../../shared/domain/device-address';
import type { AddressSighting } from '../../../shared/domain/inventory';
import { parseMac } from '../../../shared/domain/mac';
import {
  CONTROL_CHARACTER,
  controlCharacterError,
  controlCharacterProblem,
} from '../../../shared/domain/plain-text';
import { parseTargets } from '../../../shared/domain/targets/parse-targets';
import { addressDeviceId, macDeviceId } from '../credentials/device-identity';
import { activityOf } from './activity';
import { devicesOf, deviceWordsProblem, MAX_ADDRESS_HISTORY } from './devices';
import type { ExportedLayout } from './layout-merge';
import { exportedLayout, exportedLayoutSchema } from './layout-merge';
import type { Inventory } from './schema';
import { describeIssues } from './schema';
import type { ExportedVerdict } from './verdict-exchange';
import { exportedVerdicts, exportedVerdictSchema, importedVerdictProblem } from './verdict-exchange';

export const SITE_EXPORT_FORMAT = 'minerdeck-site';
/**
 * Version 2 added `acceptance`: a Minerdeck that reads only version 1 refuses such a file in words instead
 * of dropping its verdicts unseen. Version 3 added `layout` (issue 34), for the same reason. Older files
 * are still read.
 */
export const SITE_EXPORT_VERSION = 3;
const READABLE_VERSIONS: readonly unknown[] = [1, 2, SITE_EXPORT_VERSION];
export { MAX_IMPORT_BYTES } from '../../../shared/domain/inventory';

export const exportedDeviceSchema = inventoryDeviceSchema.omit({ siteId: true });
export type ExportedDevice = z.infer<typeof exportedDeviceSchema>;

/** An activity entry without its site id, which means nothing on another laptop (the import's site is it). */
export const exportedActivitySchema = activityEntrySchema.omit({ siteId: true });
export type ExportedActivity = z.infer<typeof exportedActivitySchema>;

export const siteExportSchema = z.object({
  format: z.literal(SITE_EXPORT_FORMAT),
  formatVersion: z.union([z.literal(1), z.literal(2), z.literal(SITE_EXPORT_VERSION)]),
  exportedAt: isoTimeSchema,
  /** Who exported it: the app and the laptop, so a merge report can say whose work it was. */
  exportedBy: z.object({ app: z.string(), version: z.string(), laptop: z.string() }),
  site: siteSchema.pick({ id: true, name: true, subnets: true }),
  devices: z.array(exportedDeviceSchema),
  /** Oldest first; absent in exports made before the activity log (none to merge). */
  activity: z.array(exportedActivitySchema).default([]),
  /** Each device's latest acceptance verdict; absent in version 1 files (none to merge). */
  acceptance: z.array(exportedVerdictSchema).default([]),
  /** The site's layout; absent before version 3 and for a site without one. */
  layout: exportedLayoutSchema.optional(),
});
export type SiteExport = z.infer<typeof siteExportSchema>;

export interface ExportMeta {
  app: string;
  version: string;
  laptop: string;
  now: Date;
}

export function buildSiteExport(inventory: Inventory, siteId: string, meta: ExportMeta): Result<SiteExport> {
  const site = inventory.sites.find((s) => s.id === siteId);
  if (site === undefined)
    return errWithText(
      'NOT_FOUND',
      `No site "${siteId}".`,
      message('errors.site.noSuchId', { site: siteId }),
    );
  const devices = devicesOf(inventory, siteId);
  return ok({
    format: SITE_EXPORT_FORMAT,
    formatVersion: SITE_EXPORT_VERSION,
    exportedAt: meta.now.toISOString(),
    exportedBy: { app: meta.app, version: meta.version, laptop: meta.laptop },
    site: { id: site.id, name: site.name, subnets: [...site.subnets] },
    devices: devices.map(({ siteId: _siteId, ...device }) => structuredClone(device)),
    activity: activityOf(inventory, siteId).map(({ siteId: _siteId, ...entry }) => structuredClone(entry)),
    acceptance: exportedVerdicts(inventory, siteId, new Set(devices.map((device) => device.id))),
    ...layoutField(exportedLayout(inventory, siteId)),
  });
}

const layoutField = (layout: ExportedLayout | undefined): { layout?: ExportedLayout } =>
  layout === undefined ? {} : { layout };

export const serializeSiteExport = (value: SiteExport): string => `${JSON.stringify(value, null, 2)}\n`;

/** `minerdeck-site-hall-1-2025-11-21.json` */
export const exportFileName = (value: SiteExport): string =>
  `minerdeck-site-${value.site.id}-${value.exportedAt.slice(0, 10)}.json`;

/** A site export or a CSV of planned devices: JSON objects start with `{`, CSV never does. */
export function importKindOf(text: string): 'site-json' | 'targets-csv' {
  return text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .startsWith('{')
    ? 'site-json'
    : 'targets-csv';
}

/** `now`: this laptop's clock, which an imported verdict cannot end after (verdict-exchange.ts). */
export function parseSiteExport(text: string, now: Date = new Date()): Result<SiteExport> {
  if (text.length > MAX_IMPORT_BYTES)
    return errWithText(
      'INVALID_INPUT',
      'The file is too large to be a site export.',
      message('errors.siteFile.tooLarge'),
    );
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    const reason = (error as Error).message;
    return errWithText(
      'INVALID_INPUT',
      `The site file is not valid JSON: ${reason}.`,
      message('errors.siteFile.notJson', { reason }),
    );
  }
  const marker = (data as { format?: unknown; formatVersion?: unknown } | null) ?? {};
  if (typeof data !== 'object' || marker.format !== SITE_EXPORT_FORMAT) {
    return errWithText(
      'INVALID_INPUT',
      'This JSON file is not a Minerdeck site export.',
      message('errors.siteFile.notExport'),
    );
  }
  if (!READABLE_VERSIONS.includes(marker.formatVersion)) {
    return errWithText(
      'INVALID_INPUT',
      `This site export has format version ${String(marker.formatVersion)}; this Minerdeck reads versions 1 to ${SITE_EXPORT_VERSION}.`,
      message('errors.siteFile.version', {
        version: String(marker.formatVersion),
        newest: SITE_EXPORT_VERSION,
      }),
    );
  }
  const parsed = siteExportSchema.safeParse(data);
  if (!parsed.success) return damaged(describeIssues(parsed.error));
  for (const subnet of parsed.data.site.subnets) {
    const problem = controlCharacterProblem('A subnet', subnet) ?? parsedProblem(parseTargets(subnet));
    if (problem !== undefined) return refused(`the site's subnets: ${problem}`);
  }
  const ids = new Set<string>();
  for (const [index, device] of parsed.data.devices.entries()) {
    if (!isDeviceId(device.id)) {
      return refused(
        `device ${index + 1} (in the file's order) has an id that is not a device id (mac:<MAC> or addr:<host>:<port>).`,
      );
    }
    if (ids.has(device.id))
      return errWithText(
        'INVALID_INPUT',
        `The site export lists device "${device.id}" twice.`,
        message('errors.siteFile.deviceTwice', { device: device.id }),
      );
    ids.add(device.id);
    const checked = checkImportedDevice(device);
    if (typeof checked === 'string') return refused(`device ${device.id}: ${checked}`);
    if (checked !== undefined) return refusedAddress(device.id, checked);
    // A MAC field that is not a MAC is no identity (shared/domain/mac.ts): it is not taken in.
    if (device.identity.mac !== null) device.identity.mac = parseMac(device.identity.mac) ?? null;
  }
  const verdicts = checkImportedVerdicts(parsed.data.acceptance, ids, now);
  return verdicts === undefined ? ok(parsed.data) : refused(verdicts);
}

/** The first verdict of the file that cannot be taken, in words; undefined when all can. */
function checkImportedVerdicts(
  verdicts: ExportedVerdict[],
  deviceIds: ReadonlySet<string>,
  now: Date,
): string | undefined {
  const seen = new Set<string>();
  for (const [index, verdict] of verdicts.entries()) {
    // Named by position until its id is known to be one of the file's devices (checked, printable).
    if (!deviceIds.has(verdict.deviceId)) {
      return `acceptance verdict ${index + 1} (in the file's order) is about a device the file does not list: a verdict is only taken with its device.`;
    }
    if (seen.has(verdict.deviceId)) return `it has two acceptance verdicts for device ${verdict.deviceId}.`;
    seen.add(verdict.deviceId);
    const problem = importedVerdictProblem(verdict, deviceIds, now.getTime());
    if (problem !== undefined) return `the acceptance verdict of device ${verdict.deviceId}: ${problem}`;
  }
  return undefined;
}

const refused = (why: string): Result<never> =>
  errWithText(
    'INVALID_INPUT',
    `The site export is refused, nothing was imported: ${why}`,
    message('errors.siteFile.refused', { why }),
  );

/** A device's address refused with the address's own words for the window (issue 35). */
const refusedAddress = (device: string, problem: AppError): Result<never> =>
  errWithText(
    'INVALID_INPUT',
    `The site export is refused, nothing was imported: device ${device}: ${problem.message}`,
    message('errors.files.importedAddress', { device, problem: causeText(problem) }),
  );

const damaged = (issues: string): Result<never> =>
  errWithText(
    'INVALID_INPUT',
    `The site export is damaged: ${issues}.`,
    message('errors.siteFile.damaged', { issues }),
  );

const parsedProblem = (result: Result<unknown>): string | undefined =>
  result.ok ? undefined : result.error.message;

/** `mac:<MAC>` as credentials/device-identity.ts writes it, or `addr:<host>:<port>`. */
function isDeviceId(id: string): boolean {
  if (id.startsWith('mac:')) return macDeviceId(id.slice('mac:'.length)) === id;
  if (!id.startsWith('addr:') || CONTROL_CHARACTER.test(id)) return false;
  const address = parseDeviceAddress(id.slice('addr:'.length));
  return address.ok && addressDeviceId(address.value) === id;
}

/**
 * An address from a file is read as a typed one is (shared/domain/device-address.ts: a host and an
 * optional port, no login, no path, no control character) and kept in its canonical form; a label and
 * notes are plain text (devices.ts). Answers what is wrong, else undefined; fixes the device in place.
 */
function checkImportedDevice(device: ExportedDevice): string | AppError | undefined {
  const canonical = (text: string): Result<string> => {
    const control = controlCharacterError('address', text);
    if (control !== undefined) return { ok: false, error: control };
    const address = parseDeviceAddress(text);
    return address.ok ? ok(formatDeviceAddress(address.value)) : address;
  };
  const current = canonical(device.address);
  if (!current.ok)
    return current.error.text !== undefined && current.error.message.endsWith('.')
      ? current.error
      : current.error.message;
  device.address = current.value;
  const history: AddressSighting[] = [];
  for (const sighting of device.addressHistory) {
    const address = canonical(sighting.address);
    if (!address.ok) return `in its address history: ${address.error.message}`;
    history.push({ ...sighting, address: address.value });
  }
  device.addressHistory = history
    .sort((a, b) => a.lastSeen.localeCompare(b.lastSeen))
    .slice(-MAX_ADDRESS_HISTORY);
  return deviceWordsProblem(device);
}
