/**
 * The bulk frame of the device actions — locate LED, mining restart, reboot: a preview (who gets it, who
 * is skipped and why: locked out, offline, no credential), then one write per device the preview marked,
 * one outcome per device (skipped ones never contacted), and one activity-log entry for the request.
 */
import type {
  ActivityAction,
  ActivityEntry,
  WritePlanEntry,
  WriteResult,
} from '../../../shared/domain/commission';
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import type { BulkOutcome, BulkProgress } from '../credentials/bulk';
import { runBulk } from '../credentials/bulk';
import type { SessionManager, SessionTarget } from '../credentials/session-manager';
import type { CredentialVault } from '../credentials/vault';
import { noCredential } from './pool-plan';

export type DeviceAction = Extract<ActivityAction, 'locate' | 'restart-mining' | 'reboot'>;

export interface ActionPlanOptions {
  /** Why a device cannot be reached now (the monitor's view, or a failed anonymous read), else undefined. */
  offlineReason?: (target: SessionTarget) => string | undefined;
}

export interface ActionRunOptions<R extends WriteResult> {
  signal?: AbortSignal;
  concurrency?: number;
  onResult?: (result: R | WriteResult, progress: BulkProgress) => void;
}

/** Who will get `detail` and who is skipped, and why: computed before anything is sent. */
export async function planAction(
  deps: { vault: CredentialVault; sessions: SessionManager },
  targets: readonly SessionTarget[],
  detail: string,
  options: ActionPlanOptions = {},
): Promise<WritePlanEntry[]> {
  return Promise.all(
    targets.map(async (target): Promise<WritePlanEntry> => {
      const base = { address: formatDeviceAddress(target.address), deviceId: target.deviceId };
      const skip = (why: string): WritePlanEntry => ({ ...base, send: false, detail: why });
      const state = deps.sessions.state(target.deviceId);
      if (state.kind === 'locked-out') {
        return skip(`locked out: the device refuses unlocks for ${state.secondsLeft} s more`);
      }
      const offline = options.offlineReason?.(target);
      if (offline !== undefined) return skip(`offline: ${offline}`);
      const missing = await noCredential(deps, target);
      return missing !== undefined ? skip(missing) : { ...base, send: true, detail };
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
      if (entry !== undefined && entry.send) return task(target, signal);
      return {
        address: formatDeviceAddress(target.address),
        deviceId: target.deviceId,
        outcome: 'skipped',
        message: `skipped: ${entry?.detail ?? 'not in the preview'}`,
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

/** The activity-log entry of a request: what, when, until when it lasts, each device's outcome. */
export function actionActivity(
  input: { siteId: string; at: string; action: DeviceAction; what: string; until?: string },
  results: readonly WriteResult[],
): Omit<ActivityEntry, 'id' | 'by'> {
  return {
    siteId: input.siteId,
    at: input.at,
    action: input.action,
    what: input.what,
    ...(input.until !== undefined ? { until: input.until } : {}),
    devices: results.map((r) => ({
      deviceId: r.deviceId,
      address: r.address,
      outcome: r.outcome,
      message: r.message.slice(0, 1000),
    })),
  };
}
