/**
 * Replacing a device's password (docs/design.md, Commissioning actions; field-notes.md, "Writes a
 * commissioning tool makes"): `POST /settings {"password": {"current", "pw"}}`.
 *
 * For each device, in this order:
 * 1. the new password is written to the keychain as *pending* (durable before anything is sent), so a
 *    crash or a lost answer leaves both the old and the new password known;
 * 2. the change is sent exactly once, while automatic unlocks of the device wait (the monitor must not
 *    send the old password to a device that has just accepted the new one);
 * 3. it is verified by unlocking with the new password — firmware answers `restart_required: false`
 *    whether it applied the change or not, so the answer alone proves nothing;
 * 4. accepted, the pending entry becomes the device's password; refused, it is dropped and the old one
 *    stays. No answer, or an answer that proves nothing: one unlock with the new password decides, and when
 *    the device cannot be asked the pending entry stays for the next contact (session-manager.ts tries it
 *    once, before the old one).
 * Nothing here is retried: a wrong password counts toward the device's lockout.
 */
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import { message as said } from '../../../shared/i18n/message';
import type { MessageRef } from '../../../shared/i18n/message';
import type { AppError } from '../../../shared/result';
import type { DeviceClient } from '../device/client';
import { DeviceError, isDeviceError } from '../device/device-error';
import { hostPort } from '../device/network-errors';
import { unknownAfterChange } from '../credentials/password-candidates';
import { causeText } from '../errors/cause-text';
import { toAppError } from '../errors/to-app-error';
import type { ExclusiveScope, SessionManager } from '../credentials/session-manager';
import type { SessionTarget } from '../credentials/session-target';
import type { CredentialVault } from '../credentials/vault';

/** What happened on one device. `unknown`: the device may have the new password; nobody could check. */
export type PasswordChangeResult =
  | { outcome: 'changed'; verified: true; note?: string }
  | { outcome: 'unknown'; since: string; reason: string };

export interface PasswordChangerOptions {
  client: DeviceClient;
  vault: CredentialVault;
  sessions: SessionManager;
  now?: () => Date;
}

export interface PasswordChanger {
  /** Changes one device's password; throws a DeviceError (or a CredentialError) when it did not change. */
  change(
    target: SessionTarget,
    next: string,
    options?: { signal?: AbortSignal },
  ): Promise<PasswordChangeResult>;
}

/** Causes that mean the request never left this laptop (no connection was made). */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NONAME',
]);

/**
 * Did the device answer "no" (nothing applied)? Any HTTP error status is a refusal; so is a connection
 * that was never made. A timeout, a reset, a garbled 200 or a cancel in flight prove nothing.
 */
export function isRefusal(error: unknown): boolean {
  if (!isDeviceError(error)) return false;
  switch (error.code) {
    case 'HTTP_ERROR':
    case 'AUTH_REQUIRED':
    case 'WRONG_PASSWORD':
    case 'LOCKED_OUT':
    case 'INVALID_INPUT':
    case 'TLS_UNTRUSTED':
    case 'TLS_CHANGED':
      return true;
    case 'UNREACHABLE':
      return error.detail.cause !== undefined && NOT_CONNECTED.has(error.detail.cause);
    default:
      return false;
  }
}

const noAnswer = (error: unknown): boolean =>
  isDeviceError(error) &&
  (error.code === 'UNREACHABLE' || error.code === 'TIMEOUT' || error.code === 'CANCELLED');

const trimDot = (text: string): string => text.replace(/\.$/, '');

export function createPasswordChanger(options: PasswordChangerOptions): PasswordChanger {
  const { client, vault, sessions } = options;
  const now = options.now ?? (() => new Date());

  /** The new password works: it becomes the device's own, marked as changed here; pending goes. */
  async function confirm(target: SessionTarget, next: string, since: string): Promise<void> {
    await vault.setDevicePassword(target.deviceId, next, {
      address: formatDeviceAddress(target.address),
      changedAt: since,
    });
    await vault.deletePendingPassword(target.deviceId);
  }

  /**
   * One unlock with the new password decides what the device has. Refused: one unlock with the old one
   * tells "not applied" from "password unknown". Never more than these two tries.
   */
  async function readBack(
    target: SessionTarget,
    next: string,
    current: string,
    since: string,
    why: string,
    whyText: MessageRef,
    signal: AbortSignal | undefined,
  ): Promise<PasswordChangeResult> {
    const where = hostPort(target.address);
    const call = signal === undefined ? {} : { signal };
    try {
      await sessions.unlockWith(target, next, call);
      await confirm(target, next, since);
      return {
        outcome: 'changed',
        verified: true,
        note: `${why}; the new password was checked by unlocking`,
      };
    } catch (error) {
      if (noAnswer(error)) {
        const reason = `${why}, and the check with the new password got no answer either: the new password is kept as pending and tried first at the next contact`;
        const unknown = unknownAfterChange(since);
        sessions.setNeedsPassword(target.deviceId, unknown.reason, unknown.reasonText);
        return { outcome: 'unknown', since, reason };
      }
      if (!isDeviceError(error) || error.code !== 'WRONG_PASSWORD') throw error;
    }
    // The device refused the new password: it most likely kept the old one.
    await vault.markPendingRejected(target.deviceId);
    try {
      await sessions.unlockWith(target, current, call);
    } catch (error) {
      const unknown = `password unknown: changed by this laptop at ${since}, not confirmed`;
      const afterChange = unknownAfterChange(since);
      sessions.setNeedsPassword(target.deviceId, afterChange.reason, afterChange.reasonText);
      throw new DeviceError(
        'WRONG_PASSWORD',
        `${where}: ${why}, and the device refused both the new and the old password: ${unknown}. Nothing more is tried; give the device's password to unlock it.`,
        isDeviceError(error) ? error.detail : {},
        { text: said('errors.passwordChange.bothRefused', { where, why: whyText, since }) },
      );
    }
    await vault.deletePendingPassword(target.deviceId);
    throw new DeviceError(
      'HTTP_ERROR',
      `${where}: ${why}, but the device kept its old password (the new one was refused, the old one still works).`,
      {},
      { text: said('errors.passwordChange.keptOld', { where, why: whyText }) },
    );
  }

  async function send(
    scope: ExclusiveScope,
    target: SessionTarget,
    current: string,
    next: string,
    since: string,
    signal: AbortSignal | undefined,
  ): Promise<PasswordChangeResult> {
    const call = signal === undefined ? {} : { signal };
    try {
      await scope.callOnce(target, (credential) =>
        client.changePassword(target.address, credential, { current, next }, call),
      );
    } catch (error) {
      if (isRefusal(error)) {
        await vault.deletePendingPassword(target.deviceId);
        throw explainRefusal(error, target.address);
      }
      if (!noAnswer(error) && !(isDeviceError(error) && error.code === 'BAD_RESPONSE')) throw error;
      // It may have been applied: never resent; the read-back decides.
      sessions.passwordChanged(target.deviceId);
      const what = isDeviceError(error) ? trimDot(error.message) : 'no answer';
      const whatText = isDeviceError(error)
        ? causeText(error.toAppError())
        : said('errors.passwordChange.noAnswer');
      const why = `the change got no clear answer (${what})`;
      const whyText = said('errors.passwordChange.noClearAnswer', { cause: whatText });
      return readBack(target, next, current, since, why, whyText, signal);
    }
    sessions.passwordChanged(target.deviceId);
    const accepted = said('errors.passwordChange.accepted');
    return readBack(target, next, current, since, 'the device accepted the change', accepted, signal);
  }

  return {
    async change(target, next, changeOptions = {}) {
      const { signal } = changeOptions;
      const where = hostPort(target.address);
      const known = await sessions.knownPassword(target);
      if (known === undefined) {
        throw new DeviceError(
          'AUTH_REQUIRED',
          `${where}: no known current password (none stored, or the device refused it): unlock it first. Nothing was sent.`,
          {},
          { text: said('errors.passwordChange.noKnownPassword', { where }) },
        );
      }
      if (known.secret === next) {
        throw new DeviceError(
          'INVALID_INPUT',
          `${where}: the new password is the one the device already has (${known.label}). Nothing was sent.`,
          {},
          { text: said('errors.passwordChange.samePassword', { where, label: known.label }) },
        );
      }
      return sessions.exclusively(target.deviceId, async (scope) => {
        const since = now().toISOString();
        // Keychain first: durable before the device hears of it (docs/design.md, Commissioning actions, 4).
        await vault.setPendingPassword(target.deviceId, next, {
          changedAt: since,
          address: formatDeviceAddress(target.address),
        });
        return send(scope, target, known.secret, next, since, signal);
      });
    },
  };
}

function explainRefusal(error: unknown, address: DeviceAddress): DeviceError | unknown {
  if (!isDeviceError(error)) return error;
  const where = hostPort(address);
  const text: AppError = toAppError(error);
  const suffix = 'the old password stays (nothing was changed).';
  const cause = causeText(text);
  if (error.code === 'UNREACHABLE') {
    return new DeviceError(error.code, `${trimDot(text.message)}: ${suffix}`, error.detail, {
      text: said('errors.passwordChange.unreachable', { cause }),
    });
  }
  if (error.code === 'WRONG_PASSWORD' || error.code === 'LOCKED_OUT') {
    // Only an unlock answers these: the session the change needs was refused, so no change was sent.
    return new DeviceError(
      error.code,
      `${where}: no session for the change (${trimDot(text.message)}); nothing was sent, ${suffix}`,
      error.detail,
      { text: said('errors.passwordChange.noSession', { where, cause }) },
    );
  }
  const deviceMessage = error.detail.deviceMessage?.trim();
  const quoted = deviceMessage !== undefined ? `: "${deviceMessage}"` : '';
  const refusedText =
    deviceMessage !== undefined
      ? said('errors.passwordChange.refusedSaid', { where, deviceMessage, cause })
      : said('errors.passwordChange.refused', { where, cause });
  return new DeviceError(
    error.code,
    `${where}: the device refused the change${quoted} (${trimDot(text.message)}); ${suffix}`,
    error.detail,
    { text: refusedText },
  );
}
