/**
 * The app's fleet is the inventory's current site: the devices of that site that have been seen on the
 * network (devices only planned from a CSV wait in the site until a scan finds them). This keeps an
 * in-memory copy of that list for the monitor and the window, written through the inventory (one atomic
 * update per change) and re-read after anything that may have changed it — a site switch, an import, a
 * removal — with what changed, so the monitor adds, drops or re-addresses exactly those devices.
 *
 * It also carries the TLS pins of the whole inventory for the device clients, refreshed on every re-read,
 * so a certificate the technician trusted stays pinned across restarts.
 *
 * At start: an inventory with no site gets one (scans need somewhere to go), and the pre-inventory
 * `fleet.json` moves into the current site once (legacy-fleet.ts).
 */
import type { DiscoveredHost } from '../../../shared/domain/discovery';
import type { InventoryProblem, Site } from '../../../shared/domain/inventory';
import { message } from '../../../shared/i18n/message';
import type { Result } from '../../../shared/result';
import { errWithText, ok } from '../../../shared/result';
import type { TlsPins } from '../device/tls-pinning';
import type { ScanSaveOutcome } from '../inventory/devices';
import { devicesOf, removeDevice } from '../inventory/devices';
import type { InventoryServices } from '../inventory/inventory-services';
import { resolveSite } from '../inventory/sites';
import { tlsPinsOf } from '../inventory/tls-pins';
import type { KnownDevice } from '../credentials/identity-rule';
import { sameMacPeers } from '../credentials/identity-rule';
import type { FleetEntry } from './fleet-entry';
import { entryOf, sameIdentity, samePeers } from './fleet-entry';
import { migrateLegacyFleet } from './legacy-fleet';

export { FIRST_SITE_NAME } from '../inventory/sites';

export interface FleetListChange {
  added: FleetEntry[];
  removed: string[];
  /** Same device at a new address: its polls must go to the new one. */
  moved: FleetEntry[];
  /** Same address, new identity (model, firmware…) or other devices with its MAC: the window is told. */
  changed: FleetEntry[];
}

export interface SiteDeviceList {
  /** The site the list shows; null when the inventory has none selected. */
  site(): Site | null;
  get(deviceId: string): FleetEntry | undefined;
  all(): FleetEntry[];
  /** Adds what a scan found to the list's site (inventory `saveScan`); `reload()` shows it. */
  save(hosts: readonly DiscoveredHost[]): Promise<Result<{ site: Site } & ScanSaveOutcome>>;
  /** Removes devices from the site in one write; answers the ids that were there. */
  remove(deviceIds: readonly string[]): Promise<Result<string[]>>;
  /** Re-reads the current site (one at a time) and says what changed since the last read. */
  reload(): Promise<FleetListChange>;
  /** The list's devices, for the scanner to recognise a device that moved (or one MAC at two addresses). */
  knownDevices(): KnownDevice[];
  /** Certificate pins of every site, by `host:port`, always the latest read. */
  readonly pins: TlsPins;
  /** What start-up or a read found: the old fleet list moved (or not), an inventory that cannot be read. */
  problems(): InventoryProblem[];
}

export interface SiteDeviceListOptions {
  inventory: InventoryServices;
  dataDir: string;
  now?: () => Date;
}

const NO_SITE = (): Result<never> =>
  errWithText(
    'INVALID_INPUT',
    'There is no site to add devices to: create one in Sites first.',
    message('errors.site.noneToAddTo'),
    {
      reason: 'no-current-site',
    },
  );

export async function openSiteDeviceList(options: SiteDeviceListOptions): Promise<SiteDeviceList> {
  const { inventory } = options;
  const problems: InventoryProblem[] = [];
  let site: Site | null = null;
  let entries = new Map<string, FleetEntry>();
  let pins: TlsPins = { get: () => undefined };
  let reading: Promise<unknown> = Promise.resolve();

  const note = (message: string, kind: InventoryProblem['kind'] = 'corrupt', keptAt?: string): void => {
    if (!problems.some((p) => p.message === message))
      problems.push({ kind, message, ...(keptAt !== undefined ? { keptAt } : {}) });
  };

  async function readNow(): Promise<FleetListChange> {
    const none: FleetListChange = { added: [], removed: [], moved: [], changed: [] };
    const loaded = await inventory.store.load();
    if (!loaded.ok) {
      note(loaded.error.message);
      return none;
    }
    const current = resolveSite(loaded.value, undefined);
    site = current.ok ? current.value : null;
    pins = tlsPinsOf(loaded.value);
    const next = new Map<string, FleetEntry>();
    if (site !== null) {
      for (const device of devicesOf(loaded.value, site.id)) {
        const entry = device.lastSeen === null ? undefined : entryOf(device);
        if (entry !== undefined) next.set(entry.deviceId, entry);
      }
    }
    // Devices that report one MAC are flagged with each other's addresses (each is a device of its own).
    const entriesNow = [...next.values()];
    const peers = sameMacPeers(
      entriesNow,
      (e) => e.identity.mac,
      (e) => e.addressText,
    );
    for (const [entry, others] of peers) next.set(entry.deviceId, { ...entry, sameMacAs: others });
    const change = none;
    for (const [id, entry] of next) {
      const before = entries.get(id);
      if (before === undefined) change.added.push(entry);
      else if (before.addressText !== entry.addressText) change.moved.push(entry);
      else if (!sameIdentity(before.identity, entry.identity) || !samePeers(before, entry))
        change.changed.push(entry);
    }
    for (const id of entries.keys()) if (!next.has(id)) change.removed.push(id);
    entries = next;
    return change;
  }

  const reload = (): Promise<FleetListChange> => {
    const next = reading.then(readNow, readNow);
    reading = next;
    return next;
  };

  const first = await inventory.ensureFirstSite();
  if (!first.ok) note(first.error.message);
  const migrated = await migrateLegacyFleet(options.dataDir, inventory, options.now);
  if (migrated !== undefined && !migrated.ok) note(migrated.error.message);
  await reload();
  if (migrated?.ok === true) {
    const target = (site as Site | null)?.name;
    const into = target === undefined ? '' : ` of site "${target}"`;
    note(
      `The fleet list of an earlier Minerdeck is now part of the devices${into} (${migrated.value.added} moved; the old file was kept).`,
      'migrated',
      migrated.value.keptAt,
    );
  }

  return {
    site: () => site,
    get: (deviceId) => entries.get(deviceId),
    all: () => [...entries.values()],
    async save(hosts) {
      if (site === null) return NO_SITE();
      // By id, not "the current site": a terminal may have switched sites since this list was read.
      return inventory.saveScan(site.id, hosts);
    },
    async remove(deviceIds) {
      const siteId = site?.id;
      if (siteId === undefined) return NO_SITE();
      return inventory.store.update((draft) =>
        ok(deviceIds.filter((id) => removeDevice(draft, siteId, id).ok)),
      );
    },
    reload,
    knownDevices: () =>
      [...entries.values()].map((entry) => ({
        deviceId: entry.deviceId,
        address: entry.addressText,
        mac: entry.identity.mac,
      })),
    pins: { get: (hostPort) => pins.get(hostPort) },
    problems: () => [...problems],
  };
}
