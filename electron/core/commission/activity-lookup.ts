/**
 * What another process's writes mean for this one, read from the activity log in the inventory (every
 * site): a reboot, mining restart or firmware update still within its deadline (the monitor shows it
 * instead of an offline alarm), and locate LEDs left on whose time to go off has come or is coming (a
 * short CLI command cannot keep a timer; the next long-lived process — the app, `minerdeck monitor` —
 * turns them off).
 *
 * Read cheaply: the file is read (and copied out of the store) only when its size, time or inode changed,
 * and one look serves every device asking within `cacheMs` (a fleet falling silent at once asks once).
 */
import { stat } from 'node:fs/promises';
import type { ActivityEntry } from '../../../shared/domain/commission';
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { formatDeviceAddress, parseDeviceAddress } from '../../../shared/domain/device-address';
import type { InventoryStore } from '../inventory/store';
import type { ExpectedDisruption } from '../monitor/disruption';
import type { DisruptionTiming } from './disruption-timing';
import { DEFAULT_DISRUPTION_TIMING, disruptionFromEntry, untilBound } from './disruption-timing';

export interface ActivityLookup {
  /** The reboot or restart the device is going through, by the log; undefined when none is due. */
  disruptionFor(target: {
    deviceId: string;
    address: DeviceAddress;
  }): Promise<ExpectedDisruption | undefined>;
  /** Devices whose locate LED was left on with a time to go off, by the log (the latest locate entry). */
  pendingLedOffs(): Promise<PendingLedOff[]>;
}

export interface PendingLedOff {
  deviceId: string;
  address: DeviceAddress;
  siteId: string;
  /** When it goes off (epoch ms); may be past. */
  offAt: number;
  /** How long it was to stay on, in minutes (for the log's words). */
  minutes: number;
}

export interface ActivityLookupOptions {
  /** With `path`, the file's stat tells whether it changed since the last read. */
  store: Pick<InventoryStore, 'load'> & Partial<Pick<InventoryStore, 'path'>>;
  now?: () => number;
  cacheMs?: number;
  timing?: DisruptionTiming;
}

/** Writes that take a device away for a while: a reboot, a mining restart, a firmware update. */
const DISRUPTING = new Set<ActivityEntry['action']>(['reboot', 'restart-mining', 'firmware']);

export function createActivityLookup(options: ActivityLookupOptions): ActivityLookup {
  const now = options.now ?? Date.now;
  const cacheMs = options.cacheMs ?? 250;
  const timing = options.timing ?? DEFAULT_DISRUPTION_TIMING;
  let cached: { at: number; entries: Promise<readonly ActivityEntry[]> } | undefined;
  let read: { key: string; entries: readonly ActivityEntry[] } | undefined;

  /** The file's size, time and inode; undefined when it cannot be told (then it is read). */
  async function fileKey(): Promise<string | undefined> {
    const path = options.store.path;
    if (path === undefined) return undefined;
    const info = await stat(path).catch(() => undefined);
    return info === undefined ? undefined : `${info.size}:${info.mtimeMs}:${info.ino}`;
  }

  async function load(): Promise<readonly ActivityEntry[]> {
    const key = await fileKey();
    if (key !== undefined && read?.key === key) return read.entries;
    const loaded = await options.store.load();
    const found = loaded.ok ? loaded.value.activity : [];
    read = key === undefined ? undefined : { key, entries: found };
    return found;
  }

  /** Every site's entries; an inventory that cannot be read has none (the monitor goes on as usual). */
  function entries(): Promise<readonly ActivityEntry[]> {
    const at = now();
    if (cached !== undefined && at - cached.at < cacheMs) return cached.entries;
    const loading = load().catch(() => []);
    cached = { at, entries: loading };
    return loading;
  }

  return {
    async disruptionFor(target) {
      const address = formatDeviceAddress(target.address);
      const all = await entries();
      const at = now();
      // Newest first: the latest reboot, restart or firmware update of the device decides.
      for (const entry of [...all].reverse()) {
        if (!DISRUPTING.has(entry.action)) continue;
        const match = (d: ActivityEntry['devices'][number]) =>
          d.deviceId === target.deviceId || d.address === address;
        if (!entry.devices.some(match)) continue;
        return disruptionFromEntry(entry, match, at, timing);
      }
      return undefined;
    },

    async pendingLedOffs() {
      const latest = new Map<string, { entry: ActivityEntry; device: ActivityEntry['devices'][number] }>();
      const sorted = [...(await entries())]
        .filter((e) => e.action === 'locate')
        .sort((a, b) => a.at.localeCompare(b.at));
      // A failed or skipped request changed nothing: the LED is as the last one that reached it left it.
      for (const entry of sorted) {
        for (const device of entry.devices) {
          if (device.outcome === 'done' || device.outcome === 'unknown') {
            latest.set(device.deviceId, { entry, device });
          }
        }
      }
      const pending: PendingLedOff[] = [];
      for (const [deviceId, { entry, device }] of latest) {
        if (entry.until === undefined) continue;
        // Never later than an LED can be on (24 h): a file's `until` of next year still turns it off.
        const offAt = Math.min(Date.parse(entry.until), untilBound(entry, now()));
        const address = parseDeviceAddress(device.address);
        if (!Number.isFinite(offAt) || !address.ok) continue;
        const minutes = Math.max(1, Math.round((offAt - Date.parse(entry.at)) / 60_000));
        pending.push({ deviceId, address: address.value, siteId: entry.siteId, offAt, minutes });
      }
      return pending;
    },
  };
}
