/**
 * Applying a pool preview: each device marked `send` gets exactly one `POST /settings {"miner": {"pools":
 * [3 slots]}}` with its best credential (`callOnce`: never retried, never resent), then a `GET /settings`
 * read-back decides — a write that got no answer may have been applied, so its outcome comes from that
 * read alone (docs/design.md, Commissioning actions, 2 and 3). The device's `restart_required` says whether it
 * needs a mining restart to use the new pools; when the write's answer was lost, `/status` tells.
 */
import type { ActivityEntry } from '../../../shared/domain/commission';
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import type { PoolPlanEntry, PoolSpec, PoolWriteResult } from '../../../shared/domain/pools';
import { describePools } from '../../../shared/domain/pools';
import { message as said } from '../../../shared/i18n/message';
import type { BulkOutcome, BulkProgress } from '../credentials/bulk';
import { runBulk } from '../credentials/bulk';
import type { SessionManager } from '../credentials/session-manager';
import type { DeviceClient, PoolSlotBody } from '../device/client';
import { DeviceError, isDeviceError } from '../device/device-error';
import { hostPort } from '../device/network-errors';
import { causeText } from '../errors/cause-text';
import { restartRequiredIn, restartRequiredNow } from './action-write';
import { activityDevice } from './activity-device';
import { isRefusal } from './password-change';
import type { PoolTarget } from './pool-plan';
import { poolDifferences, publicSlots, readDevicePools } from './pool-read';

export interface PoolApplyDeps {
  client: DeviceClient;
  sessions: SessionManager;
}

export interface SetPoolsOptions {
  signal?: AbortSignal;
  concurrency?: number;
  onResult?: (result: PoolWriteResult, progress: BulkProgress) => void;
}

const trimDot = (text: string): string => text.replace(/\.$/, '');
const messageOf = (error: unknown): string =>
  isDeviceError(error) ? trimDot(error.message) : error instanceof Error ? error.message : String(error);

/** The slots to send: the preview's urls and workers, the passwords of the pools they came from. */
function bodyFor(entry: PoolPlanEntry, pools: readonly PoolSpec[], where: string): PoolSlotBody[] {
  const slots = entry.slots ?? [];
  return slots.map((slot, i) => {
    const pool = pools[i];
    if (slot.url === '' && pool === undefined) return { url: '', user: '', pass: '' };
    if (pool === undefined || pool.url !== slot.url) {
      throw new DeviceError(
        'INVALID_INPUT',
        `${where}: the preview was made for other pools; preview again.`,
        {},
        { text: said('errors.pools.otherPreview', { where }) },
      );
    }
    return { url: slot.url, user: slot.user, pass: pool.password };
  });
}

export function createPoolApplier(deps: PoolApplyDeps) {
  const { client, sessions } = deps;

  async function setOne(
    target: PoolTarget,
    entry: PoolPlanEntry,
    pools: readonly PoolSpec[],
    signal: AbortSignal | undefined,
  ): Promise<PoolWriteResult> {
    const where = hostPort(target.address);
    const base = { address: formatDeviceAddress(target.address), deviceId: target.deviceId };
    const body = bodyFor(entry, pools, where);
    const workers = body.map((s) => s.user);
    const named = `workers: ${workers.filter((w) => w !== '').join(', ')}`;
    const call = signal === undefined ? {} : { signal };
    let sent = false;
    let answer: unknown;
    let lost: string | undefined;
    try {
      answer = await sessions.callOnce(target, (credential) => {
        sent = true;
        return client.setPools(target.address, credential, body, call);
      });
    } catch (error) {
      // Not sent (no credential, no connection), or refused: nothing changed on the device.
      if (!isDeviceError(error)) throw error;
      if (!sent) {
        throw new DeviceError(error.code, `${trimDot(error.message)}. Nothing was sent.`, error.detail, {
          text: said('errors.pools.notSent', { cause: causeText(error.toAppError()) }),
        });
      }
      if (isRefusal(error)) {
        const told = error.detail.deviceMessage?.trim();
        const cause = causeText(error.toAppError());
        throw new DeviceError(
          error.code,
          `${where}: the device refused the pools${told !== undefined ? `: "${told}"` : ''} (${trimDot(error.message)}); nothing was changed.`,
          error.detail,
          {
            text:
              told === undefined
                ? said('errors.pools.refused', { where, cause })
                : said('errors.pools.refusedSaying', { where, told, cause }),
          },
        );
      }
      // It may have been applied: never resent; the read-back decides.
      lost = messageOf(error);
    }
    let read: PoolSlotBody[];
    try {
      read = await readDevicePools(deps, target, signal);
    } catch (error) {
      const why =
        lost === undefined
          ? 'the device accepted the pools, but reading them back failed'
          : `the write got no clear answer (${lost}), and reading the pools back failed too`;
      return {
        ...base,
        outcome: 'unknown',
        workers,
        message: `unknown — check: ${why} (${messageOf(error)})`,
        text:
          lost === undefined
            ? said('outcomes.write.poolsUnread', { why: messageOf(error) })
            : said('outcomes.write.poolsUnclearUnread', { lost, why: messageOf(error) }),
      };
    }
    const readBack = publicSlots(read);
    const differences = poolDifferences(body, read);
    if (differences.length > 0) {
      const shows = `the device reads back other pools: ${differences.join('; ')}`;
      const message =
        lost === undefined
          ? `${where}: the device accepted the pools, but ${shows}.`
          : `${where}: the write got no clear answer (${lost}), and ${shows}: not applied.`;
      return {
        ...base,
        outcome: 'failed',
        workers,
        readBack,
        message,
        // Not a device error code: the device answered (or not), and its settings say the pools are not set.
        error: { code: 'NOT_APPLIED', message },
      };
    }
    const restartRequired =
      (lost === undefined ? restartRequiredIn(answer) : undefined) ??
      (await restartRequiredNow(deps, target, signal));
    const restart = restartRequired === true ? '; restart mining to apply' : '';
    const how =
      lost === undefined
        ? 'pools set and read back'
        : `the write got no clear answer (${lost}), but the read-back shows the pools set`;
    return {
      ...base,
      outcome: 'done',
      workers,
      readBack,
      ...(restartRequired !== undefined ? { restartRequired } : {}),
      message: `${how} (${named})${restart}`,
      text:
        lost === undefined
          ? said('outcomes.write.poolsSet', {
              pools: named,
              restart: restartRequired === true ? 'yes' : 'no',
            })
          : said('outcomes.write.poolsSetUnclear', {
              lost,
              pools: named,
              restart: restartRequired === true ? 'yes' : 'no',
            }),
    };
  }

  return {
    /** Runs a preview; devices it skips are reported as skipped and never contacted. */
    async setPools(
      targets: readonly PoolTarget[],
      plan: readonly PoolPlanEntry[],
      pools: readonly PoolSpec[],
      options: SetPoolsOptions = {},
    ): Promise<PoolWriteResult[]> {
      const planned = new Map(plan.map((p) => [p.deviceId, p]));
      const resultOf = (outcome: BulkOutcome<PoolTarget, PoolWriteResult>): PoolWriteResult => {
        if (outcome.ok) return outcome.value;
        const { item, error } = outcome;
        return {
          address: formatDeviceAddress(item.address),
          deviceId: item.deviceId,
          outcome: error.code === 'CANCELLED' ? 'skipped' : 'failed',
          message: error.message,
          ...(error.text !== undefined ? { text: error.text } : {}),
          error,
        };
      };
      const outcomes = await runBulk<PoolTarget, PoolWriteResult>(
        targets,
        async (target, signal) => {
          const entry = planned.get(target.deviceId);
          if (entry === undefined || !entry.send) {
            const detail = entry?.detail ?? 'not in the preview';
            return {
              address: formatDeviceAddress(target.address),
              deviceId: target.deviceId,
              outcome: 'skipped',
              message: `skipped: ${detail}`,
              text: said('outcomes.write.skipped', { detail }),
            };
          }
          return setOne(target, entry, pools, signal);
        },
        {
          ...(options.signal !== undefined ? { signal: options.signal } : {}),
          ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
          onOutcome: (outcome, progress) => options.onResult?.(resultOf(outcome), progress),
        },
      );
      return outcomes.map(resultOf);
    },
  };
}

export type PoolApplier = ReturnType<typeof createPoolApplier>;

const MAX_WHAT = 500;
const cut = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The activity-log entry of a pool request: urls and worker templates, each device's outcome; no password. */
export function poolActivity(
  input: { siteId: string; at: string; pools: readonly PoolSpec[] },
  results: readonly PoolWriteResult[],
): Omit<ActivityEntry, 'id' | 'by'> {
  return {
    siteId: input.siteId,
    at: input.at,
    action: 'pools',
    what: cut(describePools(input.pools), MAX_WHAT),
    devices: results.map(activityDevice),
  };
}
