/**
 * A whole site as a JSON file, so two technicians commissioning one site on two
 * laptops can merge their work (merge.ts). The file holds what the inventory holds for the site — devices,
 * addresses, notes, certificate pins — and nothing secret: no password, no key, not even the keychain
 * account names, which mean nothing on another laptop.
 *
 * The site's activity log goes with it (every write to its devices: what, when, each outcome; never a
 * secret), so the report of a site commissioned on two laptops says what both did. Pool presets stay on
 * the laptop: they hold pool passwords.
 *
 * Reading is strict about what it is (the format marker and version) and tolerant about the rest the way
 * every parser here is: unknown fields are dropped, never stored — a tool that adds a `password` field to
 * an export does not get it into the inventory.
 */
import { z } from 'zod';
import { activityEntrySchema } from '../../../shared/domain/commission';
import {
  inventoryDeviceSchema,
  isoTimeSchema,
  MAX_IMPORT_BYTES,
  siteSchema,
} from '../../../shared/domain/inventory';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import { activityOf } from './activity';
import { devicesOf } from './devices';
import { parseMac } from '../../../shared/domain/mac';
import type { Inventory } from './schema';
import { describeIssues } from './schema';

export const SITE_EXPORT_FORMAT = 'minerdeck-site';
export const SITE_EXPORT_VERSION = 1;
export { MAX_IMPORT_BYTES } from '../../../shared/domain/inventory';

export const exportedDeviceSchema = inventoryDeviceSchema.omit({ siteId: true });
export type ExportedDevice = z.infer<typeof exportedDeviceSchema>;

/** An activity entry without its site id, which means nothing on another laptop (the import's site is it). */
export const exportedActivitySchema = activityEntrySchema.omit({ siteId: true });
export type ExportedActivity = z.infer<typeof exportedActivitySchema>;

export const siteExportSchema = z.object({
  format: z.literal(SITE_EXPORT_FORMAT),
  formatVersion: z.literal(SITE_EXPORT_VERSION),
  exportedAt: isoTimeSchema,
  /** Who exported it: the app and the laptop, so a merge report can say whose work it was. */
  exportedBy: z.object({ app: z.string(), version: z.string(), laptop: z.string() }),
  site: siteSchema.pick({ id: true, name: true, subnets: true }),
  devices: z.array(exportedDeviceSchema),
  /** Oldest first; absent in exports made before the activity log (none to merge). */
  activity: z.array(exportedActivitySchema).default([]),
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
  if (site === undefined) return err('NOT_FOUND', `No site "${siteId}".`);
  return ok({
    format: SITE_EXPORT_FORMAT,
    formatVersion: SITE_EXPORT_VERSION,
    exportedAt: meta.now.toISOString(),
    exportedBy: { app: meta.app, version: meta.version, laptop: meta.laptop },
    site: { id: site.id, name: site.name, subnets: [...site.subnets] },
    devices: devicesOf(inventory, siteId).map(({ siteId: _siteId, ...device }) => structuredClone(device)),
    activity: activityOf(inventory, siteId).map(({ siteId: _siteId, ...entry }) => structuredClone(entry)),
  });
}

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

export function parseSiteExport(text: string): Result<SiteExport> {
  if (text.length > MAX_IMPORT_BYTES)
    return err('INVALID_INPUT', 'The file is too large to be a site export.');
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return err('INVALID_INPUT', `The site file is not valid JSON: ${(error as Error).message}.`);
  }
  const marker = (data as { format?: unknown; formatVersion?: unknown } | null) ?? {};
  if (typeof data !== 'object' || marker.format !== SITE_EXPORT_FORMAT) {
    return err('INVALID_INPUT', 'This JSON file is not a Minerdeck site export.');
  }
  if (marker.formatVersion !== SITE_EXPORT_VERSION) {
    return err(
      'INVALID_INPUT',
      `This site export has format version ${String(marker.formatVersion)}; this Minerdeck reads version ${SITE_EXPORT_VERSION}.`,
    );
  }
  const parsed = siteExportSchema.safeParse(data);
  if (!parsed.success)
    return err('INVALID_INPUT', `The site export is damaged: ${describeIssues(parsed.error)}.`);
  const ids = new Set<string>();
  for (const device of parsed.data.devices) {
    if (ids.has(device.id)) return err('INVALID_INPUT', `The site export lists device "${device.id}" twice.`);
    ids.add(device.id);
    // A MAC field that is not a MAC is no identity (shared/domain/mac.ts): it is not taken in.
    if (device.identity.mac !== null) device.identity.mac = parseMac(device.identity.mac) ?? null;
  }
  return ok(parsed.data);
}
