/**
 * Merging another technician's site export into this inventory, by identity, with conflicts
 * reported. Devices are matched by identity — the MAC-based id, else the address — never by position
 * or label. What one side knows and the other does not is simply combined (identity fields, address
 * history, first and last seen). Where both know different things, one value is kept by a stated rule and
 * the other is reported, never dropped silently (docs/design.md principle 5):
 * - identity (host name, model, firmware, serial): the side that saw the device last is kept (a firmware
 *   update or a rename happened in between);
 * - label, notes and the TLS pin: ours are kept (they are people's words and trust decisions; the report
 *   shows theirs so someone can decide);
 * - two different devices at the same current address: both are kept and the clash is reported.
 * Activity entries (each write to devices) are merged by id, never twice, and the log kept in time order.
 */
import type { InventoryDevice, MergeConflict, Site } from '../../../shared/domain/inventory';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import { devicesOf, findDevice, MAX_ADDRESS_HISTORY } from './devices';
import type { ExportedActivity, ExportedDevice, SiteExport } from './exchange';
import type { Inventory } from './schema';
import { createSite, findSite } from './sites';

export type { MergeConflict } from '../../../shared/domain/inventory';
export type ConflictField = MergeConflict['field'];

export interface MergeOutcome {
  site: Site;
  /** The site did not exist here and was created from the export. */
  siteCreated: boolean;
  added: number;
  merged: number;
  unchanged: number;
  conflicts: MergeConflict[];
  /** Activity entries this inventory did not have yet. */
  activityAdded: number;
}

const newest = (a: string | null, b: string | null): string | null =>
  a === null ? b : b === null ? a : a > b ? a : b;
const oldest = (a: string, b: string): string => (a < b ? a : b);

function mergeHistory(local: InventoryDevice, incoming: ExportedDevice): void {
  const byAddress = new Map(local.addressHistory.map((entry) => [entry.address, { ...entry }]));
  for (const entry of incoming.addressHistory) {
    const known = byAddress.get(entry.address);
    byAddress.set(
      entry.address,
      known === undefined
        ? { ...entry }
        : {
            address: entry.address,
            firstSeen: oldest(known.firstSeen, entry.firstSeen),
            lastSeen: newest(known.lastSeen, entry.lastSeen) ?? entry.lastSeen,
          },
    );
  }
  local.addressHistory = [...byAddress.values()]
    .sort((a, b) => a.lastSeen.localeCompare(b.lastSeen))
    .slice(-MAX_ADDRESS_HISTORY);
}

/** Merges `incoming` into `local` in place; returns the conflicts and whether anything changed. */
export function mergeDevice(
  local: InventoryDevice,
  incoming: ExportedDevice,
): { conflicts: MergeConflict[]; changed: boolean } {
  const before = JSON.stringify(local);
  const conflicts: MergeConflict[] = [];
  const conflict = (
    field: ConflictField,
    localValue: string,
    incomingValue: string,
    kept: MergeConflict['kept'],
  ) =>
    conflicts.push({
      deviceId: local.id,
      address: local.address,
      field,
      local: localValue,
      incoming: incomingValue,
      kept,
    });
  const theirsIsNewer = (incoming.lastSeen ?? '') > (local.lastSeen ?? '');

  for (const key of ['hostname', 'model', 'firmware', 'serial'] as const) {
    const mine = local.identity[key];
    const theirs = incoming.identity[key];
    if (theirs === null || theirs === mine) continue;
    if (mine === null) local.identity[key] = theirs;
    else {
      conflict(key, mine, theirs, theirsIsNewer ? 'incoming' : 'local');
      if (theirsIsNewer) local.identity[key] = theirs;
    }
  }
  local.identity.mac ??= incoming.identity.mac;
  for (const key of ['label', 'notes'] as const) {
    const theirs = incoming[key];
    if (theirs === '' || theirs === local[key]) continue;
    if (local[key] === '') local[key] = theirs;
    else conflict(key, local[key], theirs, 'local');
  }
  if (incoming.tlsPin !== null && incoming.tlsPin !== local.tlsPin) {
    if (local.tlsPin === null) local.tlsPin = incoming.tlsPin;
    else conflict('tlsPin', local.tlsPin, incoming.tlsPin, 'local');
  }
  if (theirsIsNewer && incoming.tlsSeen !== null) local.tlsSeen = incoming.tlsSeen;
  mergeHistory(local, incoming);
  local.address = local.addressHistory.at(-1)?.address ?? local.address;
  local.firstSeen = oldest(local.firstSeen, incoming.firstSeen);
  local.lastSeen = newest(local.lastSeen, incoming.lastSeen);
  if (incoming.commissioning.updatedAt > local.commissioning.updatedAt)
    local.commissioning = { ...incoming.commissioning };
  return { conflicts, changed: JSON.stringify(local) !== before };
}

/**
 * Adds the entries this inventory does not have (by id: the same write from the same laptop is one
 * entry, however many exports it travelled in) to `siteId`'s log, and keeps the whole log oldest first.
 */
export function mergeActivity(
  inventory: Inventory,
  siteId: string,
  incoming: readonly ExportedActivity[],
): number {
  const known = new Set(inventory.activity.map((entry) => entry.id));
  let added = 0;
  for (const entry of incoming) {
    if (known.has(entry.id)) continue;
    known.add(entry.id);
    inventory.activity.push({ ...structuredClone(entry), siteId });
    added += 1;
  }
  // A stable sort: entries of the same instant keep the order they were recorded in.
  if (added > 0) inventory.activity.sort((a, b) => a.at.localeCompare(b.at));
  return added;
}

/** The site to merge into: the one named, else the export's own (by id, then name), else a new one. */
function targetSite(
  inventory: Inventory,
  exported: SiteExport,
  into: string | undefined,
  now: Date,
): Result<{ site: Site; created: boolean }> {
  if (into !== undefined) {
    const site = findSite(inventory, into);
    return site === undefined
      ? err('NOT_FOUND', `No site is named "${into}".`)
      : ok({ site, created: false });
  }
  const existing =
    inventory.sites.find((s) => s.id === exported.site.id) ?? findSite(inventory, exported.site.name);
  if (existing !== undefined) return ok({ site: existing, created: false });
  const created = createSite(
    inventory,
    { name: exported.site.name, subnets: exported.site.subnets, id: exported.site.id },
    now,
  );
  return created.ok ? ok({ site: created.value, created: true }) : created;
}

export function mergeSiteExport(
  inventory: Inventory,
  exported: SiteExport,
  options: { into?: string },
  now: Date,
): Result<MergeOutcome> {
  const target = targetSite(inventory, exported, options.into, now);
  if (!target.ok) return target;
  const { site, created } = target.value;
  const outcome: MergeOutcome = {
    site,
    siteCreated: created,
    added: 0,
    merged: 0,
    unchanged: 0,
    conflicts: [],
    activityAdded: 0,
  };
  site.subnets = [...new Set([...site.subnets, ...exported.site.subnets])];

  for (const incoming of exported.devices) {
    const siteDevices = devicesOf(inventory, site.id);
    let local = findDevice(inventory, site.id, incoming.id);
    if (local === undefined && incoming.identity.mac !== null) {
      // A planned device known only by this address is the same device, now identified.
      const planned = siteDevices.find((d) => d.identity.mac === null && d.address === incoming.address);
      if (planned !== undefined) {
        planned.id = incoming.id;
        local = planned;
      }
    }
    if (local === undefined) {
      const clash = siteDevices.find((d) => d.address === incoming.address);
      if (clash !== undefined) {
        outcome.conflicts.push({
          deviceId: incoming.id,
          address: incoming.address,
          field: 'address',
          local: clash.id,
          incoming: incoming.id,
          kept: 'both',
        });
      }
      inventory.devices.push({ ...structuredClone(incoming), siteId: site.id });
      outcome.added += 1;
      continue;
    }
    const merged = mergeDevice(local, incoming);
    outcome.conflicts.push(...merged.conflicts);
    if (merged.changed) outcome.merged += 1;
    else outcome.unchanged += 1;
  }
  outcome.activityAdded = mergeActivity(inventory, site.id, exported.activity);
  return ok(outcome);
}
