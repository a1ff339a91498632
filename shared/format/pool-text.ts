/**
 * How a pool a device lists reads to a person, the same in the device panel, `status` and the report: its
 * URL without any login (shared/domain/pool-url.ts), and the firmware's fee pool named as the firmware's
 * (shared/domain/fee-pool.ts), never as if it were one of the customer's pools.
 */
import type { ListedPool } from '../domain/fee-pool';
import { FEE_POOL_WORDS, isFirmwareFeePool } from '../domain/fee-pool';
import { withoutLogin } from '../domain/pool-url';

/** `stratum+tcp://pool.example:3333`, or `the firmware’s fee pool (DevFee)`. */
export function listedPoolText(pool: ListedPool): string {
  const url = withoutLogin(pool.url);
  return isFirmwareFeePool(pool) ? `${FEE_POOL_WORDS} (${url})` : url;
}
