/**
 * The devices a pool request names by address (the CLI's `pools set <targets…>`), with what their worker
 * templates may use. One anonymous `GET /info` per address does three jobs, as for a password change
 * (password-targets.ts): the credential id, the offline check, and the MAC, host name and serial the
 * templates need. The inventory adds the label and the site; a device not in it simply has no `{label}`.
 * (The app knows all of this from its monitor and inventory already.)
 */
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import type { InventoryDevice, Site } from '../../../shared/domain/inventory';
import type { WorkerFacts } from '../../../shared/domain/worker-template';
import type { DeviceIdentityResolver } from '../credentials/device-identity';
import { readInfo } from '../device/info-reader';
import { FieldReader } from '../device/json-fields';
import type { ReachabilityWatch } from './password-targets';
import { resolvePasswordTargets } from './password-targets';
import type { PoolTarget } from './pool-plan';

export interface ResolvedPoolTarget {
  target: PoolTarget;
  /** Why the device did not answer; undefined when it answered. */
  offline?: string;
}

/** The facts of one device: what it says now first, what the inventory remembers second. */
export function workerFactsOf(
  address: DeviceAddress,
  info: unknown,
  known: InventoryDevice | undefined,
  site: Pick<Site, 'id'> | undefined,
): WorkerFacts {
  const said = info === undefined ? undefined : readInfo(new FieldReader(), info).identity;
  return {
    host: address.host,
    mac: said?.mac ?? known?.identity.mac ?? null,
    hostname: said?.hostname ?? known?.identity.hostname ?? null,
    serial: said?.serial ?? known?.identity.serial ?? null,
    label: known?.label ?? null,
    site: site?.id ?? null,
  };
}

export async function resolvePoolTargets(
  deps: { identity: DeviceIdentityResolver; reach: ReachabilityWatch },
  addresses: readonly DeviceAddress[],
  inventory: { site: Site; devices: readonly InventoryDevice[] },
  options: { siteId?: string; signal?: AbortSignal; concurrency?: number } = {},
): Promise<ResolvedPoolTarget[]> {
  const found = await resolvePasswordTargets(deps, addresses, options);
  const byId = new Map(inventory.devices.map((d) => [d.id, d]));
  const byAddress = new Map(inventory.devices.map((d) => [d.address, d]));
  return found.map(({ target, offline }) => {
    const known = byId.get(target.deviceId) ?? byAddress.get(formatDeviceAddress(target.address));
    const facts = workerFactsOf(target.address, deps.reach.info(target.address), known, inventory.site);
    return { target: { ...target, facts }, ...(offline !== undefined ? { offline } : {}) };
  });
}
