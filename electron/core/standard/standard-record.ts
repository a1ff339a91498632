/**
 * A site's standard in the inventory (one per site): read, and changed part by part inside one
 * `store.update` like pool-presets.ts, so a crash leaves the old standard or the new one, never half.
 * The site password is not here (keychain, standard-services.ts); only whether the standard asks for it.
 */
import type { PoolSpec } from '../../../shared/domain/pools';
import { checkPools } from '../../../shared/domain/pools';
import type { SiteStandard, StandardFirmware } from '../../../shared/domain/standard';
import type { StandardSetInput } from '../../../shared/ipc/channels/standard';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import type { Inventory } from '../inventory/schema';

/** A part given replaces it, `null` removes it, absent keeps it (shared/ipc/channels/standard.ts). */
export type StandardChange = Omit<StandardSetInput, 'site' | 'password' | 'firmware'> & {
  password?: boolean;
  firmware?: StandardFirmware | null;
};

export function standardOf(inventory: Inventory, siteId: string): SiteStandard | undefined {
  const found = inventory.standards.find((s) => s.siteId === siteId);
  if (found === undefined) return undefined;
  const { siteId: _site, ...standard } = found;
  return standard;
}

/** The pools given, a missing pool password taken from the standard's pool of the same URL. */
function poolsWithPasswords(
  given: NonNullable<StandardChange['pools']>,
  before: readonly PoolSpec[] | undefined,
): Result<PoolSpec[]> {
  const pools = given.map((pool) => ({
    url: pool.url,
    worker: pool.worker,
    password: pool.password ?? before?.find((b) => b.url.trim() === pool.url.trim())?.password ?? '',
  }));
  const checked = checkPools(pools);
  return checked.ok ? ok(checked.value.pools) : err('INVALID_INPUT', `standard: ${checked.error.message}`);
}

/**
 * The standard `change` makes of `before` (a new one when none), checked; nothing is kept. Called before
 * anything is stored (the keychain included), so a bad part never leaves half a change behind.
 */
export function nextStandard(
  before: SiteStandard | undefined,
  change: StandardChange,
  now: Date,
): Result<SiteStandard> {
  const next: SiteStandard = {
    ...(before ?? { password: false }),
    updatedAt: now.toISOString(),
  };
  if (change.password !== undefined) next.password = change.password;
  if (change.pools === null) delete next.pools;
  else if (change.pools !== undefined) {
    const pools = poolsWithPasswords(change.pools, before?.pools);
    if (!pools.ok) return pools;
    next.pools = pools.value;
  }
  if (change.firmware === null) delete next.firmware;
  else if (change.firmware !== undefined) {
    next.firmware = { ...change.firmware, version: change.firmware.version.trim() };
  }
  if (change.power === null) delete next.power;
  else if (change.power !== undefined) next.power = change.power;
  if (change.acceptance === null) delete next.acceptance;
  else if (change.acceptance !== undefined) next.acceptance = change.acceptance;
  return ok(next);
}

/** Applies `change` to the site's standard (creating it), answers the standard as kept. */
export function changeStandard(
  inventory: Inventory,
  siteId: string,
  change: StandardChange,
  now: Date,
): Result<SiteStandard> {
  const next = nextStandard(standardOf(inventory, siteId), change, now);
  if (!next.ok) return next;
  inventory.standards = [
    ...inventory.standards.filter((s) => s.siteId !== siteId),
    { ...next.value, siteId },
  ];
  return next;
}
