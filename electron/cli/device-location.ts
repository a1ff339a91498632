/**
 * Where a device stands, for `status` and `monitor` (issue 34): the slot of the site's layout a device
 * at this address is placed in (`C2-R07-S3-P2`), from one read of the inventory — the `--site` named,
 * else the current site. Never fails a command: without an inventory, a site or a layout, nothing is
 * placed. Loaded by those commands only when they run (the inventory's schemas cost start-up).
 */
import { formatDeviceAddress, parseDeviceAddress } from '../../shared/domain/device-address';
import { devicesOf } from '../core/inventory/devices';
import { layoutOf } from '../core/inventory/site-layouts';
import { resolveSite } from '../core/inventory/sites';
import { indexSlots } from '../core/layout/slot-index';
import type { CliContext } from './commands/context';
import { openCliInventory } from './commands/inventory-context';

/** The slot name of the device at `address`, or undefined. */
export type LocationOf = (address: string) => string | undefined;

const canonical = (address: string): string => {
  const parsed = parseDeviceAddress(address);
  return parsed.ok ? formatDeviceAddress(parsed.value) : address;
};

export async function cliLocations(ctx: CliContext, siteRef: string | undefined): Promise<LocationOf> {
  const none: LocationOf = () => undefined;
  try {
    const loaded = await openCliInventory(ctx).store.load();
    if (!loaded.ok) return none;
    const site = resolveSite(loaded.value, siteRef);
    const layout = site.ok ? layoutOf(loaded.value, site.value.id) : undefined;
    if (!site.ok || layout === undefined || layout.placements.length === 0) return none;
    const slots = indexSlots(layout);
    const byId = new Map(layout.placements.map((p) => [p.deviceId, slots.nameOf(p)]));
    const byAddress = new Map<string, string>();
    for (const device of devicesOf(loaded.value, site.value.id)) {
      const slot = byId.get(device.id);
      if (slot !== undefined) byAddress.set(device.address, slot);
    }
    return (address) => byAddress.get(canonical(address));
  } catch {
    return none;
  }
}
