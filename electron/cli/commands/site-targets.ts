/**
 * `--all`: every device of a site (`--site NAME`, else the current one) at the address the inventory keeps
 * for it, planned ones included (a planned device not on the network yet shows as offline, not forgotten).
 * Loaded only with `--all`: the inventory's schemas cost every other command half a second of start-up.
 */
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { formatDeviceAddress, parseDeviceAddress } from '../../../shared/domain/device-address';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import { devicesOf } from '../../core/inventory/devices';
import { resolveSite } from '../../core/inventory/sites';
import type { Output } from '../output';
import type { CliContext } from './context';
import { openCliInventory, tellProblems, withSiteHint } from './inventory-context';

/** The devices of a run, and the site `--all` took them from (its password and log then apply). */
export interface CommandTargets {
  addresses: DeviceAddress[];
  /** Set with `--all`: the site whose devices these are. */
  site?: { id: string; name: string };
}

export async function siteTargets(
  ctx: CliContext,
  output: Output,
  siteRef: string | undefined,
): Promise<Result<CommandTargets>> {
  const inventory = openCliInventory(ctx);
  // Loaded as it is: --all never creates a site (an empty one it made could only be refused below).
  const loaded = await inventory.store.load();
  tellProblems(output, inventory);
  if (!loaded.ok) return loaded;
  const site = resolveSite(loaded.value, siteRef);
  if (!site.ok) {
    const { message, detail } = withSiteHint(site.error);
    const said = message.charAt(0).toLowerCase() + message.slice(1);
    return err('INVALID_INPUT', `--all takes the devices of a site, and ${said}`, detail);
  }
  const { id, name } = site.value;
  const found = new Map<string, DeviceAddress>();
  for (const device of devicesOf(loaded.value, id)) {
    const address = parseDeviceAddress(device.address);
    if (address.ok) found.set(formatDeviceAddress(address.value), address.value);
  }
  if (found.size === 0) {
    return err(
      'INVALID_INPUT',
      `--all: site "${name}" has no devices yet. Add them with minerdeck scan <targets…> --save (or import a CSV with minerdeck import FILE.csv), or name the devices instead.`,
    );
  }
  return ok({ addresses: [...found.values()], site: { id, name } });
}
