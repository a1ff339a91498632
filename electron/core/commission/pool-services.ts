/**
 * The pools part of the commissioning services: preview → apply → read back, for the app's
 * "Set pools…" and the CLI's `pools set` / `pools show` alike.
 *
 * 1. `planPools(targets, pools)`: the pools are checked (an unknown placeholder fails the request), then
 *    each device's three slots with its worker names, or why it is skipped — nothing is sent;
 * 2. `setPools(targets, pools, {plan})`: one write per device the preview marked, each read back, one
 *    outcome per device with `restartRequired`, and one 'pools' entry in the site's activity log;
 * 3. `readPools(targets)`: each device's configured pools (passwords left out).
 */
import type { ActivityEntry } from '../../../shared/domain/commission';
import type { DevicePools, PoolPlanEntry, PoolSpec, PoolWriteResult } from '../../../shared/domain/pools';
import { checkPools } from '../../../shared/domain/pools';
import { message } from '../../../shared/i18n/message';
import type { Result } from '../../../shared/result';
import { errWithText, ok } from '../../../shared/result';
import type { BulkProgress } from '../credentials/bulk';
import type { CredentialServices } from '../credentials/credential-services';
import type { SessionTarget } from '../credentials/session-target';
import type { DeviceClient } from '../device/client';
import type { InventoryServices } from '../inventory/inventory-services';
import { recordIn } from './action-bulk';
import { createPoolApplier, poolActivity } from './pool-apply';
import type { PoolPlanOptions, PoolTarget } from './pool-plan';
import { planPools } from './pool-plan';
import { readPools } from './pool-read';

export interface SetPoolsRequest {
  /** The preview the user saw (from `planPools` with the same pools); only its `send` devices are written. */
  plan: readonly PoolPlanEntry[];
  /** The site whose activity log records the request (no log when absent or no inventory). */
  siteId?: string;
  signal?: AbortSignal;
  concurrency?: number;
  onResult?: (result: PoolWriteResult, progress: BulkProgress) => void;
}

export interface SetPoolsOutcome {
  results: PoolWriteResult[];
  /** The entry appended to the activity log; absent when nothing was recorded. */
  activity?: ActivityEntry;
  /** Why the activity could not be recorded (the writes themselves still happened). */
  activityError?: string;
}

export interface PoolServices {
  /** INVALID_INPUT for pools no device could take (none, more than 3, no url, a bad template). */
  planPools(
    targets: readonly PoolTarget[],
    pools: readonly PoolSpec[],
    options?: PoolPlanOptions,
  ): Promise<Result<PoolPlanEntry[]>>;
  setPools(
    targets: readonly PoolTarget[],
    pools: readonly PoolSpec[],
    request: SetPoolsRequest,
  ): Promise<Result<SetPoolsOutcome>>;
  readPools(
    targets: readonly SessionTarget[],
    options?: { signal?: AbortSignal; concurrency?: number; onResult?: (pools: DevicePools) => void },
  ): Promise<DevicePools[]>;
}

export interface PoolServicesOptions {
  client: DeviceClient;
  credentials: Pick<CredentialServices, 'vault' | 'sessions'>;
  inventory?: Pick<InventoryServices, 'recordActivity'>;
  now: () => Date;
}

export function createPoolServices(options: PoolServicesOptions): PoolServices {
  const { client, inventory, now } = options;
  const { vault, sessions } = options.credentials;
  const applier = createPoolApplier({ client, sessions });

  return {
    async planPools(targets, pools, planOptions) {
      const checked = checkPools(pools);
      if (!checked.ok) return checked;
      return ok(await planPools({ vault, sessions }, targets, checked.value, planOptions));
    },

    async setPools(targets, pools, request) {
      const checked = checkPools(pools);
      if (!checked.ok) return checked;
      if (request.plan.some((p) => p.send && p.slots === undefined)) {
        return errWithText(
          'INVALID_INPUT',
          'The preview has a device to write without its slots: preview again.',
          message('errors.pools.entryWithoutSlots'),
        );
      }
      const at = now().toISOString();
      const results = await applier.setPools(targets, request.plan, checked.value.pools, {
        ...(request.signal !== undefined ? { signal: request.signal } : {}),
        ...(request.concurrency !== undefined ? { concurrency: request.concurrency } : {}),
        ...(request.onResult !== undefined ? { onResult: request.onResult } : {}),
      });
      if (inventory === undefined || request.siteId === undefined) return ok({ results });
      const entry = poolActivity({ siteId: request.siteId, at, pools: checked.value.pools }, results);
      return ok({ results, ...(await recordIn(inventory, entry)) });
    },

    readPools: (targets, readOptions) => readPools({ client, sessions }, targets, readOptions),
  };
}
