/**
 * Merging another technician's site export into this inventory, by identity, with conflicts
 * reported. Devices are matched by identity — the MAC-based id, else the address — never by position
 * or label. What one side knows and the other does not is simply combined (identity fields, address
 * history, first and last seen). Where both know different things, one value is kept by a stated rule and
 * the other is reported, never dropped silently (docs/design.md principle 5):
 * - identity (host name, model, firmware, serial): the side that saw the device last is kept (a firmware
 *   update or a rename happened in between);
 * - label and notes: ours are kept (they are people's words; the report shows theirs so someone can
 *   decide);
 * - the address and the TLS pin: ours are kept, always — they decide where the keychain's password or key
 *   is sent. The file's value waits for the technician to accept it (import-proposals.ts), and a device
 *   this laptop knows elsewhere (another site, credentials stored for another address) is held back
 *   the same way rather than added at the file's address;
 * - two different devices at the same current address: both are kept and the clash is reported.
 * Activity entries (each write to devices) are merged by id, never twice, and the log kept in time order,
 * logins cut from their words (activity.ts). Acceptance verdicts: the newest run of each device wins, and
 * runs that disagree are reported (verdict-exchange.ts). The site's layout: layout-merge.ts.
 */
import type { AddressSighting, InventoryDevice, MergeConflict, Site } from '../../../shared/domain/inventory';
import { message } from '../../../shared/i18n/message';
import type { Result } from '../../../shared/result';
import { errWithText, ok } from '../../../shared/result';
import { devicesOf, findDevice, MAX_ADDRESS_HISTORY } from './devices';
import type { ExportedActivity, ExportedDevice, SiteExport } from './exchange';
import type { ImportProposal } from './stored-records';
import { withoutLogins } from './activity';
import { propose } from './import-proposals';
import type { Inventory } from './schema';
import { createSite, findSite } from './sites';
import { renamePlacements } from './site-layouts';
import { mergeLayout } from './layout-merge';
import type { VerdictMergeCounts } from './verdict-exchange';
import { mergeVerdicts, renameVerdicts } from './verdict-exchange';

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
  /** What became of the file's acceptance verdicts. */
  verdicts: VerdictMergeCounts;
}

const newest = (a: string | null, b: string | null): string | null =>
  a === null ? b : b === null ? a : a > b ? a : b;
const oldest = (a: string, b: string): string => (a < b ? a : b);

/**
 * The file's sightings of addresses this device has here combine their times; an address only the file
 * knows is not taken in (the current one waits for acceptance as a proposal; older ones are the file's
 * word for where the device once was, which nothing needs).
 */
function mergeHistory(local: InventoryDevice, incoming: ExportedDevice): void {
  const byAddress = new Map(local.addressHistory.map((entry) => [entry.address, { ...entry }]));
  for (const entry of incoming.addressHistory) {
    const known = byAddress.get(entry.address);
    if (known === undefined) continue;
    byAddress.set(entry.address, {
      address: entry.address,
      firstSeen: oldest(known.firstSeen, entry.firstSeen),
      lastSeen: newest(known.lastSeen, entry.lastSeen) ?? entry.lastSeen,
    });
  }
  local.addressHistory = [...byAddress.values()]
    .sort((a, b) => a.lastSeen.localeCompare(b.lastSeen))
    .slice(-MAX_ADDRESS_HISTORY);
}

/** What the file says of where the device is: its address and that address's sighting in its history. */
const sightingOf = (device: ExportedDevice): AddressSighting | undefined =>
  device.addressHistory.find((entry) => entry.address === device.address);

/** Where a proposal comes from and when it was filed. */
export interface ProposalSource {
  siteId: string;
  from: string;
  at: string;
}

/**
 * Merges `incoming` into `local` in place; returns the conflicts, the file's address or pin for the
 * caller to file until the technician accepts it (import-proposals.ts), and whether anything changed.
 */
export function mergeDevice(
  local: InventoryDevice,
  incoming: ExportedDevice,
): { conflicts: MergeConflict[]; proposals: Omit<ImportProposal, keyof ProposalSource>[]; changed: boolean } {
  const before = JSON.stringify(local);
  const conflicts: MergeConflict[] = [];
  const proposals: Omit<ImportProposal, keyof ProposalSource>[] = [];
  const conflict = (
    field: ConflictField,
    localValue: string,
    incomingValue: string,
    kept: MergeConflict['kept'],
    pending = false,
  ) =>
    conflicts.push({
      deviceId: local.id,
      address: local.address,
      field,
      local: localValue,
      incoming: incomingValue,
      kept,
      ...(pending ? { pending: true } : {}),
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
  // Where the keychain's secrets go, and what that address must prove: never changed by a file.
  if (incoming.address !== local.address) {
    conflict('address', local.address, incoming.address, 'local', true);
    const sighting = sightingOf(incoming);
    proposals.push({
      deviceId: local.id,
      field: 'address',
      value: incoming.address,
      ...(sighting !== undefined ? { sighting } : {}),
    });
  }
  if (incoming.tlsPin !== null && incoming.tlsPin !== local.tlsPin) {
    conflict('tlsPin', local.tlsPin ?? '', incoming.tlsPin, 'local', true);
    proposals.push({ deviceId: local.id, field: 'tlsPin', value: incoming.tlsPin });
  }
  // `tlsSeen` is what a scan of this laptop saw, to compare before trusting: a file's is not that.
  mergeHistory(local, incoming);
  local.firstSeen = oldest(local.firstSeen, incoming.firstSeen);
  local.lastSeen = newest(local.lastSeen, incoming.lastSeen);
  if (incoming.commissioning.updatedAt > local.commissioning.updatedAt)
    local.commissioning = { ...incoming.commissioning };
  return { conflicts, proposals, changed: JSON.stringify(local) !== before };
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
    inventory.activity.push(withoutLogins({ ...structuredClone(entry), siteId }));
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
      ? errWithText(
          'NOT_FOUND',
          `No site is named "${into}".`,
          message('errors.site.noSuchName', { site: into }),
        )
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

export interface MergeOptions {
  /** The site to merge into (a name or id); else the export's own, found or created. */
  into?: string;
  /**
   * Devices with credentials in this laptop's keychain, by id: the address they were stored with
   * (undefined: none was). Absent when the keychain cannot be listed; the inventory alone is checked then.
   */
  storedCredentials?: ReadonlyMap<string, string | undefined>;
}

/**
 * Where this laptop knows a device the site does not have: at its address in another site, or by
 * credentials stored in the keychain. Undefined when it does not know it, or knows it at `address`
 * (nothing of ours can go anywhere new); else the address it knows (empty when the keychain did not say).
 */
function knownElsewhere(
  inventory: Inventory,
  options: MergeOptions,
  id: string,
  address: string,
): string | undefined {
  const elsewhere = inventory.devices.find((device) => device.id === id);
  if (elsewhere !== undefined && elsewhere.address !== address) return elsewhere.address;
  if (options.storedCredentials?.has(id) !== true) return undefined;
  const stored = options.storedCredentials.get(id);
  return stored === address ? undefined : (stored ?? '');
}

export function mergeSiteExport(
  inventory: Inventory,
  exported: SiteExport,
  options: MergeOptions,
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
    verdicts: { added: 0, replaced: 0, keptOurs: 0, waiting: 0 },
  };
  site.subnets = [...new Set([...site.subnets, ...exported.site.subnets])];
  const source: ProposalSource = { siteId: site.id, from: exported.exportedBy.laptop, at: now.toISOString() };

  for (const incoming of exported.devices) {
    const siteDevices = devicesOf(inventory, site.id);
    let local = findDevice(inventory, site.id, incoming.id);
    if (local === undefined) {
      const knownAt = knownElsewhere(inventory, options, incoming.id, incoming.address);
      if (knownAt !== undefined) {
        // Known here by its credentials or in another site: adding it at the file's address would send
        // them there. Held back until accepted.
        outcome.conflicts.push({
          deviceId: incoming.id,
          address: incoming.address,
          field: 'address',
          local: knownAt,
          incoming: incoming.address,
          kept: 'local',
          pending: true,
        });
        const sighting = sightingOf(incoming);
        propose(inventory, {
          ...source,
          deviceId: incoming.id,
          field: 'address',
          value: incoming.address,
          ...(sighting !== undefined ? { sighting } : {}),
          // Its certificate pin waits apart, as a known device's would: accepting the address is not it.
          device: { ...structuredClone(incoming), tlsPin: null, tlsSeen: null },
        });
        if (incoming.tlsPin !== null) {
          outcome.conflicts.push({
            deviceId: incoming.id,
            address: incoming.address,
            field: 'tlsPin',
            local: '',
            incoming: incoming.tlsPin,
            kept: 'local',
            pending: true,
          });
          propose(inventory, { ...source, deviceId: incoming.id, field: 'tlsPin', value: incoming.tlsPin });
        }
        outcome.unchanged += 1;
        continue;
      }
    }
    if (local === undefined && incoming.identity.mac !== null) {
      // A planned device known only by this address is the same device, now identified.
      const planned = siteDevices.find((d) => d.identity.mac === null && d.address === incoming.address);
      if (planned !== undefined) {
        renameVerdicts(inventory, site.id, planned.id, incoming.id);
        renamePlacements(inventory, site.id, planned.id, incoming.id);
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
    for (const proposal of merged.proposals) propose(inventory, { ...source, ...proposal });
    if (merged.changed) outcome.merged += 1;
    else outcome.unchanged += 1;
  }
  outcome.activityAdded = mergeActivity(inventory, site.id, exported.activity);
  const verdicts = mergeVerdicts(inventory, site.id, exported.acceptance);
  outcome.verdicts = verdicts.counts;
  outcome.conflicts.push(...verdicts.conflicts);
  outcome.conflicts.push(...mergeLayout(inventory, site.id, exported.layout, now));
  return ok(outcome);
}
