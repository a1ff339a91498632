/**
 * The site inventory's vocabulary: sites, the devices that belong to them, and settings. The
 * schemas live here, not in core, because the same shapes cross IPC to the renderer (site switcher,
 * device notes) and are validated on both sides; core's file schema wraps them with a version.
 *
 * Nothing here is secret: a site's password stays in the keychain and the inventory only names its
 * account (`passwordRef`); API keys are never mentioned at all.
 */
import { z } from 'zod';
import { messageRefSchema } from '../i18n/message-schema';

/** Timestamps are ISO 8601 UTC strings as `Date#toISOString` writes them: sortable as text. */
export const isoTimeSchema = z.iso.datetime();

/**
 * Site ids double as keychain account segments (`site/<id>/password`, credentials/accounts.ts), so they
 * follow the same rule: letters, digits, `.`, `_`, `-`, starting with a letter or digit, up to 64.
 */
export const SITE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export const siteSchema = z.object({
  id: z.string().regex(SITE_ID_PATTERN),
  /** What technicians call it; free text, renamable (the id never changes). */
  name: z.string().min(1).max(100),
  /** Networks of the site, as typed (`10.0.0.0/22`), for the next scan. */
  subnets: z.array(z.string().max(100)).max(256),
  /** The keychain account holding the site password, e.g. `site/hall-1/password`. Never the password. */
  passwordRef: z.string(),
  createdAt: isoTimeSchema,
  updatedAt: isoTimeSchema,
});
export type Site = z.infer<typeof siteSchema>;

/**
 * Where a device stands in commissioning, as last established by a scan, an import or a check:
 * - `planned`: listed (CSV import) but never seen on the network;
 * - `found`: a scan found it; nothing is stored for it yet;
 * - `unlocked`: a password for it is in the keychain;
 * - `key-provisioned`: an API key for it is in the keychain;
 * - `verified`: the last check read it with its stored credentials and it answered;
 * - `problem`: the last check could not read it (offline, refused credentials, error, failure state).
 */
export const COMMISSIONING_STATUSES = [
  'planned',
  'found',
  'unlocked',
  'key-provisioned',
  'verified',
  'problem',
] as const;
export type CommissioningStatus = (typeof COMMISSIONING_STATUSES)[number];

/** What the device said about itself (anonymous `/info`); null when it did not say. */
export const deviceIdentitySchema = z.object({
  /** Upper-case, colon-separated. */
  mac: z.string().nullable(),
  hostname: z.string().nullable(),
  model: z.string().nullable(),
  firmware: z.string().nullable(),
  serial: z.string().nullable(),
});
export type DeviceIdentity = z.infer<typeof deviceIdentitySchema>;

/** One address the device was seen at, with the first and last time (DHCP moves devices around). */
export const addressSightingSchema = z.object({
  address: z.string(),
  firstSeen: isoTimeSchema,
  lastSeen: isoTimeSchema,
});
export type AddressSighting = z.infer<typeof addressSightingSchema>;

export const inventoryDeviceSchema = z.object({
  /**
   * The same id the credentials use (credentials/device-identity.ts): `mac:<MAC>` when the device told
   * its MAC, else `addr:<host>:<port>`. Unique within a site.
   */
  id: z.string().min(1).max(128),
  siteId: z.string().regex(SITE_ID_PATTERN),
  identity: deviceIdentitySchema,
  /** Current address, canonical (`http://host[:port]`, `https://…`). */
  address: z.string(),
  /** Every address it was seen at, oldest first; the current one included. */
  addressHistory: z.array(addressSightingSchema),
  /** SHA-256 fingerprint of the TLS certificate the technician trusted (https devices), else null. */
  tlsPin: z.string().nullable(),
  /** The fingerprint the last scan saw, not trusted yet; shown so it can be compared before trusting. */
  tlsSeen: z.string().nullable(),
  /** A short name on site: rack and slot, customer's asset tag. */
  label: z.string().max(200),
  notes: z.string().max(10_000),
  firstSeen: isoTimeSchema,
  /** Null for a planned device never seen on the network. */
  lastSeen: isoTimeSchema.nullable(),
  commissioning: z.object({
    status: z.enum(COMMISSIONING_STATUSES),
    updatedAt: isoTimeSchema,
  }),
});
export type InventoryDevice = z.infer<typeof inventoryDeviceSchema>;

export const inventorySettingsSchema = z.object({
  /** The site scans add to and reports cover by default. */
  currentSiteId: z.string().nullable(),
});
export type InventorySettings = z.infer<typeof inventorySettingsSchema>;

/** A site as the switcher lists it. */
export const siteSummarySchema = siteSchema.extend({
  deviceCount: z.number(),
  current: z.boolean(),
});
export type SiteSummary = z.infer<typeof siteSummarySchema>;

/** A problem found while loading the inventory file: reported to the technician, never hidden. */
export const inventoryProblemSchema = z.object({
  kind: z.enum(['corrupt', 'migrated']),
  message: z.string(),
  /** The same sentence for the window's language (issue 35). */
  text: messageRefSchema.optional(),
  /** Where the unreadable or older file was kept. */
  keptAt: z.string().optional(),
});
export type InventoryProblem = z.infer<typeof inventoryProblemSchema>;

/** Far above any site (5,000 devices export to about 5 MB), low enough to refuse a wrong file quickly. */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

export const CONFLICT_FIELDS = [
  'hostname',
  'model',
  'firmware',
  'serial',
  'label',
  'notes',
  'tlsPin',
  'address',
  /** Two acceptance runs of the device that disagree: the newer is kept (verdict-exchange.ts). */
  'acceptance',
  /** The device stands in another slot in the file: ours is kept (layout-merge.ts, issue 34). */
  'location',
  /** A rack (by area and name) of another size, or the site's slot pattern, differs (layout-merge.ts). */
  'rack',
] as const;

/** Two records of one device disagree; one value was kept by a stated rule (merge.ts), the other shown. */
export const mergeConflictSchema = z.object({
  deviceId: z.string(),
  address: z.string(),
  field: z.enum(CONFLICT_FIELDS),
  local: z.string(),
  incoming: z.string(),
  /** Which value the inventory holds now; `both` when both devices were kept (an address clash). */
  kept: z.enum(['local', 'incoming', 'both']),
  /**
   * The file's address or certificate pin for a device this laptop knows: ours is kept and nothing is sent
   * to the file's address until the technician accepts it (`minerdeck site accept-import`, the Sites view).
   */
  pending: z.boolean().optional(),
});
export type MergeConflict = z.infer<typeof mergeConflictSchema>;
