/**
 * Bringing an inventory file written by an older Minerdeck up to the current schema, one version step at
 * a time, so a technician's site survives an app update. A file from a newer Minerdeck is not touched:
 * this version cannot know what it would drop.
 *
 * Version 1 (the 0.1 previews) kept one flat list of devices for the whole laptop: no sites, one address
 * per device (no history), the TLS fingerprint as `tlsFingerprint`, no labels and no commissioning status.
 * Version 2 puts them in a site of their own ("Imported devices"), starts each address history with the
 * one address known, and gives every device the id the credentials use, so the keychain entries stored
 * for it are found again. Version 3 adds the activity log and the pool presets (both empty for an older
 * file: nothing was written to a device by the versions before it). Version 4 adds the acceptance verdicts
 * (none: no version before it ran an acceptance). Version 5 adds the site standards (none: an older app
 * had no standard), so an app before them refuses a file that has one instead of dropping it silently.
 * Version 6 adds the site layouts (none: racks and slots came with it, issue 34), for the same reason.
 */
import { z } from 'zod';
import type { InventoryDevice, Site } from '../../../shared/domain/inventory';
import { isoTimeSchema } from '../../../shared/domain/inventory';
import { formatDeviceAddress, parseDeviceAddress } from '../../../shared/domain/device-address';
import { accountName } from '../credentials/accounts';
import { addressDeviceId, macDeviceId } from '../credentials/device-identity';
import { addressIdOf } from '../credentials/identity-rule';
import type { Inventory } from './schema';
import { describeIssues, INVENTORY_SCHEMA_VERSION, inventorySchema } from './schema';

export type MigrationOutcome =
  | { ok: true; inventory: Inventory; fromVersion: number }
  | { ok: false; reason: 'invalid'; message: string }
  /** `fromVersion`: the newer version the file says it has. */
  | { ok: false; reason: 'newer'; message: string; fromVersion: number };

const optionalText = z.string().nullable().optional();

const v1DeviceSchema = z.object({
  mac: optionalText,
  /** `host[:port]` or `http(s)://host[:port]`. */
  address: z.string(),
  hostname: optionalText,
  model: optionalText,
  firmware: optionalText,
  serial: optionalText,
  tlsFingerprint: optionalText,
  notes: z.string().optional(),
  firstSeen: isoTimeSchema,
  lastSeen: isoTimeSchema,
});

export const inventoryV1Schema = z.object({
  schemaVersion: z.literal(1),
  devices: z.array(v1DeviceSchema),
  settings: z.record(z.string(), z.unknown()).optional(),
});
export type InventoryV1 = z.infer<typeof inventoryV1Schema>;

/** The site version 1 devices move into. */
export const V1_SITE_ID = 'imported';

type V1Device = z.infer<typeof v1DeviceSchema>;

/** One version 2 device from the version 1 entries that share its id, oldest sighting first. */
function v1Device(id: string, group: { old: V1Device; address: string }[]): InventoryDevice {
  const sorted = [...group].sort((a, b) => a.old.lastSeen.localeCompare(b.old.lastSeen));
  const newest = sorted.at(-1)?.old;
  const latest = <K extends keyof V1Device>(key: K): NonNullable<V1Device[K]> | null =>
    sorted.reduce<NonNullable<V1Device[K]> | null>((found, { old }) => old[key] ?? found, null);
  const firstSeen = sorted.map(({ old }) => old.firstSeen).sort()[0] ?? newest?.firstSeen ?? '';
  const lastSeen = newest?.lastSeen ?? firstSeen;
  return {
    id,
    siteId: V1_SITE_ID,
    identity: {
      mac: macDeviceId(latest('mac'))?.slice('mac:'.length) ?? null,
      hostname: latest('hostname'),
      model: latest('model'),
      firmware: latest('firmware'),
      serial: latest('serial'),
    },
    address: sorted.at(-1)?.address ?? '',
    addressHistory: sorted.map(({ old, address }) => ({
      address,
      firstSeen: old.firstSeen,
      lastSeen: old.lastSeen,
    })),
    tlsPin: latest('tlsFingerprint'),
    tlsSeen: null,
    label: '',
    notes: sorted
      .map(({ old }) => old.notes ?? '')
      .filter((n) => n !== '')
      .join('\n'),
    firstSeen,
    lastSeen,
    commissioning: { status: 'found', updatedAt: lastSeen },
  };
}

type Sighted = { old: V1Device; address: string };

/**
 * Version 1 entries that share a MAC are one device that moved when each address was first seen after
 * the previous one was last seen. Entries seen over the same time are live devices with one MAC (issue
 * 14: a cloned or misconfigured board): the first keeps the MAC id, the others their address's id.
 */
function splitLiveTwins(groups: ReadonlyMap<string, Sighted[]>): Map<string, Sighted[]> {
  const split = new Map<string, Sighted[]>();
  const add = (id: string, entry: Sighted): void => void split.set(id, [...(split.get(id) ?? []), entry]);
  for (const [id, group] of groups) {
    let until = '';
    const byFirstSeen = [...group].sort((a, b) => a.old.firstSeen.localeCompare(b.old.firstSeen));
    for (const entry of byFirstSeen) {
      if (!id.startsWith('mac:') || entry.old.firstSeen >= until) {
        add(id, entry);
        if (entry.old.lastSeen > until) until = entry.old.lastSeen;
      } else add(addressIdOf(entry.address), entry);
    }
  }
  return split;
}

type Step = (data: unknown) => { ok: true; value: unknown } | { ok: false; message: string };

function v1ToV2(data: unknown): ReturnType<Step> {
  const parsed = inventoryV1Schema.safeParse(data);
  if (!parsed.success) return { ok: false, message: `version 1 file: ${describeIssues(parsed.error)}` };
  const v1 = parsed.data;
  const times = v1.devices.flatMap((d) => [d.firstSeen, d.lastSeen]).sort();
  const createdAt = times[0] ?? new Date(0).toISOString();
  const site: Site = {
    id: V1_SITE_ID,
    name: 'Imported devices',
    subnets: [],
    passwordRef: accountName({ kind: 'site-password', siteId: V1_SITE_ID }),
    createdAt,
    updatedAt: times.at(-1) ?? createdAt,
  };
  // Version 1 could list a device twice after a DHCP move: one device, several addresses, newest current.
  const groups = new Map<string, { old: V1Device; address: string }[]>();
  for (const [index, old] of v1.devices.entries()) {
    const address = parseDeviceAddress(old.address);
    if (!address.ok) return { ok: false, message: `devices.${index}.address: ${address.error.message}` };
    const id = macDeviceId(old.mac) ?? addressDeviceId(address.value);
    groups.set(id, [...(groups.get(id) ?? []), { old, address: formatDeviceAddress(address.value) }]);
  }
  const devices = [...splitLiveTwins(groups)].map(([id, group]) => v1Device(id, group));
  return {
    ok: true,
    value: {
      schemaVersion: 2,
      sites: devices.length > 0 ? [site] : [],
      devices,
      settings: { currentSiteId: devices.length > 0 ? V1_SITE_ID : null },
    },
  };
}

function v2ToV3(data: unknown): ReturnType<Step> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { ok: false, message: 'version 2 file: not an object' };
  }
  return { ok: true, value: { ...data, schemaVersion: 3, activity: [], poolPresets: [] } };
}

function v3ToV4(data: unknown): ReturnType<Step> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { ok: false, message: 'version 3 file: not an object' };
  }
  return { ok: true, value: { ...data, schemaVersion: 4, acceptance: [] } };
}

function v4ToV5(data: unknown): ReturnType<Step> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { ok: false, message: 'version 4 file: not an object' };
  }
  return { ok: true, value: { ...data, schemaVersion: 5, standards: [] } };
}

function v5ToV6(data: unknown): ReturnType<Step> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { ok: false, message: 'version 5 file: not an object' };
  }
  return { ok: true, value: { ...data, schemaVersion: 6, layouts: [] } };
}

/** Step from version N to N + 1, by N. */
const STEPS: ReadonlyMap<number, Step> = new Map([
  [1, v1ToV2],
  [2, v2ToV3],
  [3, v3ToV4],
  [4, v4ToV5],
  [5, v5ToV6],
]);

export function versionOf(data: unknown): number | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const version = (data as { schemaVersion?: unknown }).schemaVersion;
  return typeof version === 'number' && Number.isInteger(version) && version > 0 ? version : undefined;
}

/** Parsed JSON of an inventory file → the current schema, validated. */
export function migrate(data: unknown): MigrationOutcome {
  const fromVersion = versionOf(data);
  if (fromVersion === undefined) {
    return { ok: false, reason: 'invalid', message: 'not a Minerdeck inventory (no schemaVersion)' };
  }
  if (fromVersion > INVENTORY_SCHEMA_VERSION) {
    return {
      ok: false,
      reason: 'newer',
      fromVersion,
      message: `written by a newer Minerdeck (schema version ${fromVersion}; this one knows up to ${INVENTORY_SCHEMA_VERSION})`,
    };
  }
  let value = data;
  for (let version = fromVersion; version < INVENTORY_SCHEMA_VERSION; version += 1) {
    const step = STEPS.get(version);
    if (step === undefined) {
      return { ok: false, reason: 'invalid', message: `schema version ${version} cannot be migrated` };
    }
    const next = step(value);
    if (!next.ok) return { ok: false, reason: 'invalid', message: next.message };
    value = next.value;
  }
  const parsed = inventorySchema.safeParse(value);
  if (!parsed.success) return { ok: false, reason: 'invalid', message: describeIssues(parsed.error) };
  return { ok: true, inventory: parsed.data, fromVersion };
}
