/**
 * The bulk frame of the device actions — locate LED, mining restart, reboot: a preview (who gets it, who
 * is skipped and why: locked out, offline, no credential), then one write per device the preview marked,
 * one outcome per device (skipped ones never contacted), and one activity-log entry for the request.
 *
 * Once a write went out, nothing after it can lose what was sent: what this process does about a device's
 * outcome (`afterWrite`: an LED timer, telling a monitor) cannot turn it into another outcome, and the
 * request's entry is written before anything worked out from the results (`concludeAndRecord`) can fail.
 */
import type {
  ActivityAction,
  ActivityEntry,
  WritePlanEntry,
  WriteResult,
} from '../../../shared/domain/commission';
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import { message as said } from '../../../shared/i18n/message';
import type { BulkOutcome, BulkProgress } from '../credentials/bulk';
import { runBulk } from '../credentials/bulk';
import { toAppError } from '../errors/to-app-error';
import type { SessionManager } from '../credentials/session-manager';
import type { SessionTarget } from '../credentials/session-target';
import type { CredentialVault } from '../credentials/vault';
import type { InventoryServices } from '../inventory/inventory-services';
import { activityDevice } from './activity-device';
import type { PlanDetail } from './plan-detail';
import { lockedOutDetail, offlineDetail } from './plan-detail';
import { noCredentialDetail } from './pool-plan';

export type DeviceAction = Extract<ActivityAction, 'locate' | 'restart-mining' | 'reboot'>;

export interface ActionPlanOptions {
  /** Why a device cannot be reached now (the monitor's view, or a failed anonymous read), else undefined. */
  offlineReason?: (target: SessionTarget) => string | undefined;
}

export interface ActionRunOptions<R extends WriteResult> {
  signal?: AbortSignal;
  concurrency?: number;
  onResult?: (result: R | WriteResult, progress: BulkProgress) => void;
  /**
   * What this process does with a device's outcome once its write is done. Its failure keeps the outcome
   * (the write happened, or not, all the same) and is named in the device's message.
   */
  afterWrite?: (target: SessionTarget, result: R) => void;
}

/** Who will get `detail` and who is skipped, and why: computed before anything is sent. */
export async function planAction(
  deps: { vault: CredentialVault; sessions: SessionManager },
  targets: readonly SessionTarget[],
  detail: string | PlanDetail,
  options: ActionPlanOptions = {},
): Promise<WritePlanEntry[]> {
  const what = typeof detail === 'string' ? { detail } : detail;
  return Promise.all(
    targets.map(async (target): Promise<WritePlanEntry> => {
      const base = { address: formatDeviceAddress(target.address), deviceId: target.deviceId };
      const skip = (why: PlanDetail): WritePlanEntry => ({ ...base, send: false, ...why });
      const state = deps.sessions.state(target.deviceId);
      if (state.kind === 'locked-out') return skip(lockedOutDetail(state.secondsLeft));
      const offline = options.offlineReason?.(target);
      if (offline !== undefined) return skip(offlineDetail(offline));
      const missing = await noCredentialDetail(deps, target);
      return missing !== undefined ? skip(missing) : { ...base, send: true, ...what };
    }),
  );
}

function resultOf<R extends WriteResult>(outcome: BulkOutcome<SessionTarget, R>): R | WriteResult {
  if (outcome.ok) return outcome.value;
  return {
    address: formatDeviceAddress(outcome.item.address),
    deviceId: outcome.item.deviceId,
    outcome: outcome.error.code === 'CANCELLED' ? 'skipped' : 'failed',
    message: outcome.error.message,
    // The failure's own sentence, so the window says it in its language (issue 35).
    ...(outcome.error.text !== undefined ? { text: outcome.error.text } : {}),
    error: outcome.error,
  };
}

/** Runs a plan: `task` once for each device marked `send`; the others are reported skipped, untouched. */
export async function runAction<T extends SessionTarget, R extends WriteResult>(
  targets: readonly T[],
  plan: readonly WritePlanEntry[],
  task: (target: T, signal: AbortSignal | undefined) => Promise<R>,
  options: ActionRunOptions<R> = {},
): Promise<(R | WriteResult)[]> {
  const planned = new Map(plan.map((p) => [p.deviceId, p]));
  const outcomes = await runBulk<T, R | WriteResult>(
    targets,
    async (target, signal) => {
      const entry = planned.get(target.deviceId);
      if (entry !== undefined && entry.send) {
        const result = await task(target, signal);
        return options.afterWrite === undefined ? result : afterWrite(target, result, options.afterWrite);
      }
      const detail = entry?.detail ?? 'not in the preview';
      return {
        address: formatDeviceAddress(target.address),
        deviceId: target.deviceId,
        outcome: 'skipped',
        message: `skipped: ${detail}`,
        text: said('outcomes.write.skipped', { detail }),
      };
    },
    {
      ...(options.signal !== undefined ? { signal: options.signal } : {}),
      ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
      onOutcome: (outcome, progress) => options.onResult?.(resultOf(outcome), progress),
    },
  );
  return outcomes.map(resultOf);
}

function afterWrite<R extends WriteResult>(
  target: SessionTarget,
  result: R,
  step: (target: SessionTarget, result: R) => void,
): R {
  try {
    step(target, result);
    return result;
  } catch (error) {
    return { ...result, message: `${result.message} (then on this laptop: ${toAppError(error).message})` };
  }
}

/** The activity-log entry of a request: what, when, until when it lasts, each device's outcome. */
export function actionActivity(
  input: { siteId: string; at: string; action: ActivityAction; what: string; until?: string },
  results: readonly WriteResult[],
): Omit<ActivityEntry, 'id' | 'by'> {
  return {
    siteId: input.siteId,
    at: input.at,
    action: input.action,
    what: input.what,
    ...(input.until !== undefined ? { until: input.until } : {}),
    devices: results.map(activityDevice),
  };
}

export type ActivityInput = Omit<ActivityEntry, 'id' | 'by'>;

/** The entry written, or why it could not be (the writes themselves still happened). */
export interface Recorded {
  activity?: ActivityEntry;
  activityError?: string;
}

/** Writes a request's entry to the activity log: the entry, or why it could not be written. */
export async function recordIn(
  inventory: Pick<InventoryServices, 'recordActivity'>,
  entry: ActivityInput,
): Promise<Recorded> {
  const recorded = await inventory.recordActivity(entry);
  return recorded.ok ? { activity: recorded.value } : { activityError: recorded.error.message };
}

/**
 * The end of a request whose writes are done: `conclude` works out what they mean (until when an LED
 * stays on or a disruption lasts: time arithmetic on what devices answered, so it may fail), and the
 * request's entry is written to the activity log (by `record`, unless `log` is undefined: no site).
 * Whatever `conclude` does, the entry is written, made from the results alone when `conclude` failed;
 * its failure is thrown after that. A `record` that throws instead of answering is an `activityError`.
 */
export async function concludeAndRecord<O>(
  results: readonly WriteResult[],
  log: Omit<Parameters<typeof actionActivity>[0], 'until'> | undefined,
  conclude: () => { outcome: O; until?: string },
  record: (entry: ActivityInput) => Promise<Recorded>,
): Promise<O & Recorded> {
  let concluded: { outcome: O; until?: string } | undefined;
  let failure: unknown;
  try {
    concluded = conclude();
  } catch (error) {
    failure = error;
  }
  let recorded: Recorded = {};
  if (log !== undefined) {
    const until = concluded?.until;
    const entry = actionActivity({ ...log, ...(until !== undefined ? { until } : {}) }, results);
    recorded = await record(entry).catch((error: unknown): Recorded => ({
      activityError: toAppError(error).message,
    }));
  }
  if (concluded === undefined) throw failure;
  return { ...concluded.outcome, ...recorded };
}
