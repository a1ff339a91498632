/**
 * Getting a session token for a device: one `POST /unlock` per try with the lockout rules applied to its
 * answer (password-guard.ts), an unconfirmed new password tried once before the stored one (never a loop),
 * and one unlock in flight per device that every caller shares. While a password change of the device runs,
 * automatic unlocks wait for its outcome: which password is right depends on it.
 *
 * An unlock, once sent, runs to the device's verdict (or the client's own timeout) whoever still waits for
 * it: a device counts a wrong password when it reads the request, so a caller leaving early (a poll's
 * deadline, a cancel) must not turn a refusal into "no answer" — the next poll would send the refused
 * password again. Callers leave on their own signal; the request carries none. An automatic unlock (the
 * monitor's 80 ms polls use a client with an 80 ms timeout) waits at least `VERDICT_WAIT_MS` for it: nobody
 * waits on it, and a verdict lost to a loaded laptop would hold the password for a minute. A verdict that
 * still never comes makes the password "unanswered" (password-guard.ts, unlock-verdict.ts).
 */
import { message } from '../../../shared/i18n/message';
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import { UNSENDABLE_TOKEN } from '../device/answer';
import type { CallOptions, DeviceClient } from '../device/client';
import { cancelledRequest, DeviceError, isDeviceError } from '../device/device-error';
import { hostPort } from '../device/network-errors';
import { DEFAULT_TOTAL_TIMEOUT_MS } from '../device/transport';
import { causeText } from '../errors/cause-text';
import type { DeviceSession, DeviceSessions } from './device-sessions';
import { needsPasswordError, shareUnlock, untilAborted } from './device-sessions';
import { unknownAfterChange } from './password-candidates';
import type { Candidate, PasswordCandidates } from './password-candidates';
import type { PasswordGuard } from './password-guard';
import type { SessionTarget } from './session-target';
import { unlockVerdictLost } from './unlock-verdict';
import type { CredentialVault } from './vault';

/**
 * The least time an automatic unlock waits for the device's verdict (the client's default total timeout);
 * a user's unlock keeps the client's own timeout: the user is waiting for it.
 */
export const VERDICT_WAIT_MS = DEFAULT_TOTAL_TIMEOUT_MS;

/** What an unlock request may be given: timeouts, never a caller's signal. */
export type UnlockCall = Pick<CallOptions, 'minTotalTimeoutMs'>;

/** An automatic unlock's request (see VERDICT_WAIT_MS). */
const AUTOMATIC: UnlockCall = { minTotalTimeoutMs: VERDICT_WAIT_MS };

export interface Unlocker {
  /**
   * POST /unlock once with `candidate` and apply the lockout rules to the answer. Runs to the verdict:
   * callers that may leave early wrap it in `untilAborted`; `call` holds timeouts only, never a signal.
   */
  unlockOnce(target: SessionTarget, candidate: Candidate, call?: UnlockCall): Promise<string>;
  /**
   * The device's token: the one held, else the device's shared unlock with the next candidate password.
   * `insideChange` and `sessionEnded` as for `PasswordCandidates.next`.
   */
  ensureToken(
    target: SessionTarget,
    signal: AbortSignal | undefined,
    insideChange?: boolean,
    sessionEnded?: boolean,
  ): Promise<string>;
}

export interface UnlockerDeps {
  client: DeviceClient;
  vault: CredentialVault;
  guard: PasswordGuard;
  sessions: DeviceSessions;
  candidates: PasswordCandidates;
}

/**
 * A password the user gave that the device never judged. No connection, or no answer: it is kept for the
 * next automatic unlock, as if accepted — unless the unlock went out unanswered, when the guard holds it
 * (password-guard.ts: not before its wait, once at most) since the device may have counted it.
 * An answer that is not a verdict (garbage, a 500): the password is not sent to that device again by
 * itself, and the device says why it still needs one. A session token HTTP cannot carry came with a
 * 200: the device accepted the password, so it is kept and the next poll unlocks again (a device may
 * hand out a usable token next time); the device shows the fault meanwhile, not a need for a password.
 */
function keepGivenPassword(s: DeviceSession, candidate: Candidate, error: DeviceError): void {
  const accepted = error.detail.cause === UNSENDABLE_TOKEN;
  // Kept unjudged, it says nothing of the device's password: only a yes is evidence ("Factory pw").
  if (accepted) s.accepted = candidate.password;
  if (error.code === 'UNREACHABLE' || error.code === 'TIMEOUT' || accepted) {
    s.sessionPassword = candidate.password;
  } else if (error.code !== 'CANCELLED') {
    s.needsPassword = `the unlock with the password given failed (${error.message.replace(/\.$/, '')})`;
    s.needsPasswordText = message('errors.credentials.givenFailed', { cause: causeText(error.toAppError()) });
  }
}

export function createUnlocker(deps: UnlockerDeps): Unlocker {
  const { client, vault, guard, sessions, candidates } = deps;

  /**
   * The device accepted the pending password: it becomes the device's own password, marked as changed
   * here, and the pending entry goes (in that order: a crash between leaves the same password twice).
   */
  async function confirmPending(target: SessionTarget, candidate: Candidate): Promise<void> {
    if (candidate.source?.kind !== 'pending') return;
    await vault.setDevicePassword(target.deviceId, candidate.password, {
      address: formatDeviceAddress(target.address),
      changedAt: candidate.source.since,
    });
    await vault.deletePendingPassword(target.deviceId);
  }

  /** The device refused `candidate`: never sent again by itself, here or (best effort) in any process. */
  async function refused(
    s: DeviceSession,
    target: SessionTarget,
    candidate: Candidate,
    error: DeviceError,
  ): Promise<never> {
    const { deviceId } = target;
    guard.reject(deviceId, candidate.password);
    if (candidate.source === undefined) s.sessionPassword = undefined;
    if (s.accepted === candidate.password) s.accepted = undefined;
    if (error.detail.retryAfterSeconds !== undefined) guard.lockOut(deviceId, error.detail.retryAfterSeconds);
    if (candidate.source?.kind === 'pending') {
      await vault.markPendingRejected(deviceId).catch(() => undefined);
    } else if (candidate.source !== undefined) {
      // Best effort: the in-memory fingerprint already protects this process.
      await vault.markPasswordRejected(candidate.source, deviceId, candidate.password).catch(() => undefined);
    }
    s.needsPassword = `the device refused the ${candidate.label}`;
    s.needsPasswordText = message('errors.credentials.refusedLabel', { label: candidate.labelText });
    throw new DeviceError(
      'WRONG_PASSWORD',
      `${error.message.replace(/\.$/, '')} (the ${candidate.label}); it will not be sent again until another password is given.`,
      error.detail,
      { text: message('errors.device.wrongPasswordNotResent', { where: hostPort(target.address) }) },
    );
  }

  async function unlockOnce(
    target: SessionTarget,
    candidate: Candidate,
    call: UnlockCall = {},
  ): Promise<string> {
    const s = sessions.of(target.deviceId);
    try {
      // No signal, no caller's deadline: the client's own timeouts bound it (see the file's comment).
      const token = await client.unlock(target.address, candidate.password, call);
      guard.settled(target.deviceId, candidate.password);
      s.token = token;
      s.needsPassword = undefined;
      s.needsPasswordText = undefined;
      s.accepted = candidate.password;
      if (candidate.source === undefined) s.sessionPassword = candidate.password;
      // Best effort: the pending entry stays and is tried first again, which the device accepts.
      await confirmPending(target, candidate).catch(() => undefined);
      return token;
    } catch (error) {
      if (isDeviceError(error) && error.code === 'WRONG_PASSWORD')
        return refused(s, target, candidate, error);
      if (isDeviceError(error) && unlockVerdictLost(error))
        guard.unanswered(target.deviceId, candidate.password);
      if (isDeviceError(error) && error.code === 'LOCKED_OUT')
        guard.lockOut(target.deviceId, error.detail.retryAfterSeconds);
      else if (candidate.source === undefined && isDeviceError(error)) keepGivenPassword(s, candidate, error);
      throw error;
    }
  }

  /** An unconfirmed new password: tried once; refused, the stored one is tried once (never a loop). */
  async function unlockPending(
    s: DeviceSession,
    target: SessionTarget,
    candidate: Candidate & { source: { kind: 'pending'; since: string } },
    sessionEnded: boolean,
  ): Promise<string> {
    try {
      return await unlockOnce(target, candidate, AUTOMATIC);
    } catch (error) {
      if (!isDeviceError(error) || error.code !== 'WRONG_PASSWORD') throw error;
      if (guard.lockoutSecondsLeft(target.deviceId) > 0) throw error;
      s.needsPassword = undefined;
      s.needsPasswordText = undefined;
      const unknown = unknownAfterChange(candidate.source.since);
      try {
        return await unlockOnce(target, await candidates.next(target, false, sessionEnded), AUTOMATIC);
      } catch (second) {
        if (isDeviceError(second) && second.code === 'WRONG_PASSWORD') {
          s.needsPassword = unknown.reason;
          s.needsPasswordText = unknown.reasonText;
        }
        throw second;
      }
    }
  }

  function ensureToken(
    target: SessionTarget,
    signal: AbortSignal | undefined,
    insideChange = false,
    sessionEnded = false,
  ): Promise<string> {
    const s = sessions.of(target.deviceId);
    const where = hostPort(target.address);
    if (s.changing !== undefined && !insideChange) {
      // Which password is right depends on the change's outcome: ask again once it has one.
      return untilAborted(s.changing, signal, where).then(() =>
        ensureToken(target, signal, false, sessionEnded),
      );
    }
    if (s.token !== undefined) return Promise.resolve(s.token);
    const start = async (): Promise<string> => {
      guard.assertMayUnlock(target.deviceId, where);
      if (s.needsPassword !== undefined)
        throw needsPasswordError(target, s.needsPassword, s.needsPasswordText ?? s.needsPassword);
      const candidate = await candidates.next(target, insideChange, sessionEnded);
      // The caller left before anything was sent: send nothing (a waiter that stays starts its own).
      if (signal?.aborted === true) throw cancelledRequest(where);
      const { source } = candidate;
      return source?.kind === 'pending'
        ? unlockPending(s, target, { ...candidate, source }, sessionEnded)
        : unlockOnce(target, candidate, AUTOMATIC);
    };
    return shareUnlock(s, start, signal, where);
  }

  return { unlockOnce, ensureToken };
}
