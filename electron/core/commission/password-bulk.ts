/**
 * "Replace the factory passwords of these devices": one preview, then one change per device that can
 * take it, one outcome per device, and one activity-log entry for the whole request. Shared by the CLI's
 * `password change` and the app's "Change password…".
 */
import type { PlanDetail } from './plan-detail';
import {
  currentPasswordDetail,
  lockedOutDetail,
  NO_KNOWN_PASSWORD_DETAIL,
  offlineDetail,
  pendingChangeDetail,
} from './plan-detail';
import type { ActivityEntry, WritePlanEntry, WriteResult } from '../../../shared/domain/commission';
import type { MessageRef } from '../../../shared/i18n/message';
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { message as said } from '../../../shared/i18n/message';
import { runBulk } from '../credentials/bulk';
import type { BulkProgress } from '../credentials/bulk';
import type { SessionManager } from '../credentials/session-manager';
import type { SessionTarget } from '../credentials/session-target';
import type { CredentialVault } from '../credentials/vault';
import { activityDevice } from './activity-device';
import type { PasswordChanger } from './password-change';

export interface PasswordTarget {
  address: DeviceAddress;
  deviceId: string;
  /** The site whose password applies when the device has none of its own. */
  siteId?: string;
}

export interface PasswordPlanOptions {
  /** Why a device cannot be reached now (the monitor's view, or a failed anonymous read), else undefined. */
  offlineReason?: (target: PasswordTarget) => string | undefined;
}

export interface PasswordBulkDeps {
  vault: CredentialVault;
  sessions: SessionManager;
  changer: PasswordChanger;
}

export interface ChangePasswordsOptions {
  /** Store the new password as this site's password too (devices not changed keep the old one as their own). */
  asSitePassword?: string;
  signal?: AbortSignal;
  concurrency?: number;
  onResult?: (result: WriteResult, progress: BulkProgress) => void;
}

const toSessionTarget = (t: PasswordTarget): SessionTarget => ({
  deviceId: t.deviceId,
  address: t.address,
  ...(t.siteId !== undefined ? { siteId: t.siteId } : {}),
});

/** Who will change and who is skipped, and why: computed before anything is sent. */
export async function planPasswordChange(
  deps: Pick<PasswordBulkDeps, 'vault' | 'sessions'>,
  targets: readonly PasswordTarget[],
  options: PasswordPlanOptions = {},
): Promise<WritePlanEntry[]> {
  return Promise.all(
    targets.map(async (target): Promise<WritePlanEntry> => {
      const base = { address: formatDeviceAddress(target.address), deviceId: target.deviceId };
      const skip = (why: PlanDetail): WritePlanEntry => ({ ...base, send: false, ...why });
      const state = deps.sessions.state(target.deviceId);
      if (state.kind === 'locked-out') return skip(lockedOutDetail(state.secondsLeft));
      const offline = options.offlineReason?.(target);
      if (offline !== undefined) return skip(offlineDetail(offline));
      const pending = await deps.vault.pendingPasswordFor(target.deviceId);
      if (pending !== undefined && !pending.rejected) return skip(pendingChangeDetail(pending.since));
      const known = await deps.sessions.knownPassword(toSessionTarget(target));
      if (known === undefined) return skip(NO_KNOWN_PASSWORD_DETAIL);
      return { ...base, send: true, ...currentPasswordDetail(known.label) };
    }),
  );
}

/**
 * Runs a plan: each device marked `send` is changed once; skipped ones are reported as skipped. The
 * activity entry (metadata only) is returned for the caller to append to the site's log.
 */
export async function changePasswords(
  deps: PasswordBulkDeps,
  targets: readonly PasswordTarget[],
  plan: readonly WritePlanEntry[],
  next: string,
  options: ChangePasswordsOptions = {},
): Promise<WriteResult[]> {
  const planned = new Map(plan.map((p) => [p.deviceId, p]));
  const results = await runBulk<PasswordTarget, WriteResult>(
    targets,
    async (target, signal) => {
      const address = formatDeviceAddress(target.address);
      const entry = planned.get(target.deviceId);
      if (entry === undefined || !entry.send) {
        const detail = entry?.detail ?? 'not in the preview';
        return {
          address,
          deviceId: target.deviceId,
          outcome: 'skipped',
          message: `skipped: ${detail}`,
          text: said('outcomes.write.skipped', { detail }),
        };
      }
      const done = await deps.changer.change(
        toSessionTarget(target),
        next,
        signal === undefined ? {} : { signal },
      );
      const note =
        done.outcome === 'changed' && done.note !== undefined && !done.note.startsWith('the device accepted')
          ? done.note
          : undefined;
      return done.outcome === 'changed'
        ? {
            address,
            deviceId: target.deviceId,
            outcome: 'done',
            message: `password changed and checked by unlocking with it${note !== undefined ? ` (${note})` : ''}`,
            text:
              note !== undefined
                ? said('outcomes.write.passwordChangedNote', { note })
                : said('outcomes.write.passwordChanged'),
          }
        : {
            address,
            deviceId: target.deviceId,
            outcome: 'unknown',
            message: `unknown — check: ${done.reason}`,
            text: said('outcomes.write.unknownCheck', { why: done.reason }),
          };
    },
    {
      ...(options.signal !== undefined ? { signal: options.signal } : {}),
      ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
      onOutcome: (outcome, progress) => options.onResult?.(resultOf(outcome), progress),
    },
  ).then((outcomes) => outcomes.map(resultOf));
  if (options.asSitePassword !== undefined) {
    await adoptAsSitePassword(deps.vault, options.asSitePassword, targets, results, next);
  }
  return results;
}

function resultOf(
  outcome:
    | { item: PasswordTarget; ok: true; value: WriteResult }
    | {
        item: PasswordTarget;
        ok: false;
        error: { code: string; message: string; detail?: Record<string, unknown>; text?: MessageRef };
      },
): WriteResult {
  if (outcome.ok) return outcome.value;
  return {
    address: formatDeviceAddress(outcome.item.address),
    deviceId: outcome.item.deviceId,
    outcome: outcome.error.code === 'CANCELLED' ? 'skipped' : 'failed',
    message: outcome.error.message,
    // The window says the failure in its language (issue 35).
    ...(outcome.error.text !== undefined ? { text: outcome.error.text } : {}),
    error: outcome.error,
  };
}

/**
 * "As the site's password": the site's stored password becomes the new one, for the devices that took it
 * and for devices unlocked later. A member that did not change still has the old site password, so it is
 * kept as that device's own first — otherwise its next unlock would send a password it never had.
 */
async function adoptAsSitePassword(
  vault: CredentialVault,
  siteId: string,
  targets: readonly PasswordTarget[],
  results: readonly WriteResult[],
  next: string,
): Promise<void> {
  const changed = results.filter((r) => r.outcome === 'done');
  if (changed.length === 0) return;
  const changedIds = new Set(changed.map((r) => r.deviceId));
  const members = (await vault.list()).sites.find((s) => s.siteId === siteId)?.members ?? [];
  for (const memberId of members) {
    if (changedIds.has(memberId)) continue;
    const old = await vault.passwordFor(memberId, siteId);
    if (old?.source.kind === 'site') await vault.setDevicePassword(memberId, old.secret);
  }
  const byId = new Map(targets.map((t) => [t.deviceId, formatDeviceAddress(t.address)]));
  await vault.setSitePassword(
    siteId,
    next,
    changed.map((r) => ({ deviceId: r.deviceId, ...(byId.has(r.deviceId) ? { address: r.address } : {}) })),
  );
}

/** The activity-log entry for a request: who, what, when, each device's outcome; never the password. */
export function passwordActivity(
  input: { siteId: string; at: string; asSitePassword?: string },
  results: readonly WriteResult[],
): Omit<ActivityEntry, 'id' | 'by'> {
  return {
    siteId: input.siteId,
    at: input.at,
    action: 'password-change',
    what:
      input.asSitePassword !== undefined
        ? `new password, stored as the site's password`
        : `new password, stored as each device's own`,
    whatText: said(
      input.asSitePassword !== undefined ? 'outcomes.activity.passwordSite' : 'outcomes.activity.passwordOwn',
    ),
    devices: results.map(activityDevice),
  };
}
