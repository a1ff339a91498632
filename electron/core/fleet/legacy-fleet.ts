/**
 * The app's fleet list from before the inventory (`fleet.json`, Minerdeck 0.1 previews), moved once into
 * the inventory's current site so nothing the technician added is lost: every device joins the site
 * unless the site already knows it, then the old file is renamed `fleet.migrated-<time>.json` (kept, never
 * deleted) so the move happens exactly once. An unreadable file is left where it is and reported.
 */
import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { formatDeviceAddress, parseDeviceAddress } from '../../../shared/domain/device-address';
import { deviceIdentitySchema } from '../../../shared/domain/inventory';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import { findDevice, newDevice, sight } from '../inventory/devices';
import type { InventoryServices } from '../inventory/inventory-services';
import type { Inventory } from '../inventory/schema';
import { resolveSite } from '../inventory/sites';

export const FLEET_FILE = 'fleet.json';

const fileSchema = z.object({
  version: z.literal(1),
  devices: z.array(z.object({ deviceId: z.string(), address: z.string(), identity: deviceIdentitySchema })),
});
type LegacyDevice = z.infer<typeof fileSchema>['devices'][number];

const fileTime = (date: Date): string => date.toISOString().replace(/[:.]/g, '-');

export interface LegacyMigration {
  /** Devices added to the site; the others were already there. */
  added: number;
  keptAt: string;
}

/**
 * Moves `fleet.json` into the current site. `undefined` when there is no such file; an error (and the
 * file untouched) when it cannot be read or the inventory cannot be written.
 */
export async function migrateLegacyFleet(
  dataDir: string,
  inventory: InventoryServices,
  now: () => Date = () => new Date(),
): Promise<Result<LegacyMigration> | undefined> {
  const path = join(dataDir, FLEET_FILE);
  const text = await readFile(path, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const parsed = fileSchema.safeParse(safeJson(text));
  if (!parsed.success) {
    return err('INVALID_INPUT', `The old fleet list ${path} could not be read; it was left as it is.`);
  }
  const devices = parsed.data.devices;
  const moved = await inventory.store.update((draft) => {
    const site = resolveSite(draft, undefined);
    if (!site.ok) return site;
    return ok(adopt(draft, site.value.id, devices, now()));
  });
  if (!moved.ok) return moved;
  const keptAt = join(dataDir, `fleet.migrated-${fileTime(now())}.json`);
  await rename(path, keptAt);
  return ok({ added: moved.value, keptAt });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function adopt(draft: Inventory, siteId: string, devices: readonly LegacyDevice[], at: Date): number {
  let added = 0;
  const when = at.toISOString();
  for (const legacy of devices) {
    const address = parseDeviceAddress(legacy.address);
    if (!address.ok || findDevice(draft, siteId, legacy.deviceId) !== undefined) continue;
    const text = formatDeviceAddress(address.value);
    const device = newDevice({ id: legacy.deviceId, siteId, address: text, identity: legacy.identity }, when);
    // It was in the fleet, so it answered a scan once: seen, not merely planned.
    sight(device, text, when);
    draft.devices.push(device);
    added += 1;
  }
  return added;
}
