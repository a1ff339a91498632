/**
 * Which devices the app watches: each with its id (the one the credentials use: `mac:<MAC>` when the
 * device told its MAC, else `addr:<host>:<port>`), its current address and what it said about itself.
 * Kept in the data folder (`fleet.json`, written atomically, a few hundred milliseconds after a change and
 * once more at shutdown), so the technician who reopens the app finds the fleet it left.
 *
 * Until the inventory (issue 7) owns the site's device list, this is the app's list; it holds no secret.
 */
import { mkdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { formatDeviceAddress, parseDeviceAddress } from '../../../shared/domain/device-address';
import type { DeviceIdentity } from '../../../shared/domain/inventory';
import { deviceIdentitySchema } from '../../../shared/domain/inventory';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import { addressDeviceId, macDeviceId } from '../credentials/device-identity';
import { writeFileAtomic } from '../inventory/atomic-file';

export const FLEET_FILE = 'fleet.json';
const SAVE_DELAY_MS = 300;

export interface FleetEntry {
  deviceId: string;
  address: DeviceAddress;
  /** Canonical text form, `http://host[:port]`. */
  addressText: string;
  identity: DeviceIdentity;
}

const fileSchema = z.object({
  version: z.literal(1),
  devices: z.array(z.object({ deviceId: z.string(), address: z.string(), identity: deviceIdentitySchema })),
});

const EMPTY_IDENTITY: DeviceIdentity = {
  mac: null,
  hostname: null,
  model: null,
  firmware: null,
  serial: null,
};

export type AddOutcome = { kind: 'added' | 'unchanged' | 'updated'; entry: FleetEntry; movedFrom?: string };

export interface FleetRegistry {
  get(deviceId: string): FleetEntry | undefined;
  all(): FleetEntry[];
  /** Adds a device, or refreshes the address and identity of one already there. */
  upsert(address: string, identity?: DeviceIdentity): Result<AddOutcome>;
  remove(deviceId: string): boolean;
  /** Writes now what is pending (shutdown). */
  flush(): Promise<void>;
  problems(): string[];
}

function mergeIdentity(known: DeviceIdentity, told: DeviceIdentity | undefined): DeviceIdentity {
  if (told === undefined) return known;
  const merged = { ...known };
  for (const key of ['mac', 'hostname', 'model', 'firmware', 'serial'] as const) {
    if (told[key] !== null) merged[key] = told[key];
  }
  return merged;
}

const sameIdentity = (a: DeviceIdentity, b: DeviceIdentity): boolean =>
  a.mac === b.mac &&
  a.hostname === b.hostname &&
  a.model === b.model &&
  a.firmware === b.firmware &&
  a.serial === b.serial;

export async function openFleetRegistry(options: { dataDir?: string } = {}): Promise<FleetRegistry> {
  const entries = new Map<string, FleetEntry>();
  const problems: string[] = [];
  const path = options.dataDir === undefined ? undefined : join(options.dataDir, FLEET_FILE);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();

  const upsert = (addressText: string, identity?: DeviceIdentity): Result<AddOutcome> => {
    const parsed = parseDeviceAddress(addressText);
    if (!parsed.ok) return parsed;
    const address = parsed.value;
    const canonical = formatDeviceAddress(address);
    const deviceId = macDeviceId(identity?.mac) ?? addressDeviceId(address);
    const known = entries.get(deviceId);
    if (known === undefined) {
      const entry = {
        deviceId,
        address,
        addressText: canonical,
        identity: mergeIdentity(EMPTY_IDENTITY, identity),
      };
      entries.set(deviceId, entry);
      scheduleSave();
      return ok({ kind: 'added', entry });
    }
    const nextIdentity = mergeIdentity(known.identity, identity);
    const moved = known.addressText !== canonical;
    if (!moved && sameIdentity(known.identity, nextIdentity)) return ok({ kind: 'unchanged', entry: known });
    const entry = { deviceId, address, addressText: canonical, identity: nextIdentity };
    entries.set(deviceId, entry);
    scheduleSave();
    return ok({ kind: 'updated', entry, ...(moved ? { movedFrom: known.addressText } : {}) });
  };

  function scheduleSave(): void {
    if (path === undefined || timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      void save();
    }, SAVE_DELAY_MS);
    timer.unref();
  }

  function save(): Promise<void> {
    if (path === undefined) return Promise.resolve();
    const devices = [...entries.values()].map((e) => ({
      deviceId: e.deviceId,
      address: e.addressText,
      identity: e.identity,
    }));
    const content = `${JSON.stringify({ version: 1, devices }, null, 1)}\n`;
    writing = writing
      .then(() => writeFileAtomic(path, content))
      .catch((error: unknown) => {
        problems.push(
          `The fleet list could not be saved: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    return writing;
  }

  if (path !== undefined && options.dataDir !== undefined) {
    await mkdir(options.dataDir, { recursive: true });
    const text = await readFile(path, 'utf8').catch(() => undefined);
    if (text !== undefined) {
      const parsed = fileSchema.safeParse(safeJson(text));
      if (parsed.success) {
        for (const device of parsed.data.devices) {
          const address = parseDeviceAddress(device.address);
          if (!address.ok) continue;
          entries.set(device.deviceId, {
            deviceId: device.deviceId,
            address: address.value,
            addressText: formatDeviceAddress(address.value),
            identity: device.identity,
          });
        }
      } else {
        const keptAt = join(options.dataDir, `fleet.corrupt-${Date.now()}.json`);
        await rename(path, keptAt);
        problems.push(`The saved fleet list could not be read; it was kept as ${keptAt}.`);
      }
    }
  }

  return {
    get: (deviceId) => entries.get(deviceId),
    all: () => [...entries.values()],
    upsert,
    remove(deviceId) {
      const removed = entries.delete(deviceId);
      if (removed) scheduleSave();
      return removed;
    },
    async flush() {
      if (timer !== undefined) {
        clearTimeout(timer);
        timer = undefined;
        await save();
      }
      await writing;
    },
    problems: () => [...problems],
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A device id that names no fleet device. */
export const unknownDevice = (deviceId: string): Result<never> =>
  err('NOT_FOUND', `No device ${deviceId} in the fleet: it may have been removed.`);
