/**
 * The firmware's own fee pool. Firmware that charges a fee mines part of the time for its maker and lists
 * that pool among the device's pools: in `/summary` `miner.pools[]` with `pool_type: "DevFee"` and url and
 * user "DevFee" (tests/fixtures/device/summary.*vnish*.json; the vendor's `PoolType` enum). It is not in
 * the settings and a commissioning tool never touches or hides it (field-notes.md, "Writes a commissioning
 * tool makes"), but it is not one of the customer's pools either: the device panel, `status` and the
 * report show it under these words.
 */

export const FEE_POOL_WORDS = 'the firmware’s fee pool';

/** A pool as a reading lists it: `type` is the device's `pool_type` when it sent one. */
export interface ListedPool {
  url: string;
  type?: string | undefined;
}

/** By its `pool_type` when the device sent one, else by the url older firmware gives it ("DevFee"). */
export function isFirmwareFeePool(pool: ListedPool): boolean {
  if (pool.type !== undefined) return pool.type.trim().toLowerCase() === 'devfee';
  return pool.url.trim().toLowerCase() === 'devfee';
}
