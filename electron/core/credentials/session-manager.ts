/**
 * Which credential each device call uses, and unlocking again by itself when that is safe.
 *
 * Per call: the stored API key, else a live token, else an unlock with the stored password (the device's
 * own, else its site's). Tokens live in memory only. A 401 gets exactly one fresh unlock; a second 401
 * leaves the device `needs-password`. A refused password stops everything for that device until the user
 * gives another one (password-guard.ts); a lockout blocks unlocks until it runs out.
 *
 * Concurrent calls to one device share one unlock: the whole "find a password, POST /unlock" step is one
 * promise per device, so 100 parallel reads of a locked device cost one `POST /unlock`.
 *
 * Password changes (commission/password-change.ts) run `exclusively`: automatic unlocks of that device
 * wait until the change has an outcome, so the monitor never sends the old password to a device that has
 * just accepted a new one. A new password that a crash or a lost answer left unconfirmed (the keychain's
 * pending entry) is tried once, before the stored one, and whichever the device accepts is kept.
 *
 * Made of: what is remembered per device (device-sessions.ts), which password to try (password-candidates.ts),
 * the unlock (session-unlock.ts), which credential a call carries (credential-calls.ts) and when a read
 * the vendor lists as anonymous carries one (guarded-reads.ts).
 */
import { message } from '../../../shared/i18n/message';
import type { MessageRef } from '../../../shared/i18n/message';
import type { DeviceCredential } from '../../../shared/domain/credential';
import type { DeviceClient } from '../device/client';
import { DeviceError } from '../device/device-error';
import { hostPort } from '../device/network-errors';
import { createCredentialCalls } from './credential-calls';
import { createDeviceSessions, untilAborted } from './device-sessions';
import { createGuardedReads } from './guarded-reads';
import type { Candidate } from './password-candidates';
import { createPasswordCandidates } from './password-candidates';
import type { PasswordGuard } from './password-guard';
import { createPasswordGuard } from './password-guard';
import { createUnlocker } from './session-unlock';
import type { CredentialCallOptions, SessionTarget } from './session-target';
import type { CredentialVault } from './vault';

export type SessionState =
  | { kind: 'no-session' }
  | { kind: 'unlocked' }
  | { kind: 'needs-password'; reason: string }
  | { kind: 'locked-out'; secondsLeft: number };

export interface SessionManager {
  /** Runs `call` with the best credential, handling 401 as described above. */
  withCredential<T>(
    target: SessionTarget,
    call: (credential: DeviceCredential) => Promise<T>,
    options?: CredentialCallOptions,
  ): Promise<T>;
  /**
   * A read the vendor lists as anonymous (`/info`, `/summary`, `/chains`…), with the one rule for firmware
   * that guards it (guarded-reads.ts): anonymous first, and on a refusal once more at once with the best
   * credential; a device seen refusing gets the credential from the start. `read(undefined)` is the
   * anonymous try. Never counts a refused anonymous read as a wrong password.
   */
  read<T>(
    target: SessionTarget,
    read: (credential: DeviceCredential | undefined) => Promise<T>,
    options?: CredentialCallOptions,
  ): Promise<T>;
  /** Whether the device has refused an anonymous read this session (its reads carry a credential). */
  guardsReads(deviceId: string): boolean;
  /** Unlocks with a password the user just gave; it is kept in memory for this session's re-unlocks. */
  unlockWith(target: SessionTarget, password: string, options?: { signal?: AbortSignal }): Promise<void>;
  state(deviceId: string): SessionState;
  /**
   * Runs `call` once with the best credential (the API key, else a session token) and never again: a 401
   * drops that credential for later calls and is thrown. For writes, which are sent at most once.
   */
  callOnce<T>(
    target: SessionTarget,
    call: (credential: DeviceCredential) => Promise<T>,
    options?: CredentialCallOptions,
  ): Promise<T>;
  /**
   * Runs `task` while automatic unlocks of the device wait for it (a password change in flight); the
   * scope's `callOnce` is the only credential call that does not wait.
   */
  exclusively<T>(deviceId: string, task: (scope: ExclusiveScope) => Promise<T>): Promise<T>;
  /** The password a change would send as `current`: given this session, else stored and not refused. */
  knownPassword(target: SessionTarget): Promise<{ secret: string; label: string } | undefined>;
  /**
   * Whether the password the device accepted at its last unlock this session (given by the user, or
   * stored) is `password`; undefined when it accepted none since this session began or its password last
   * changed. Evidence only: a password the device refused, or never answered, is none. A comparison, so
   * the secret stays here.
   */
  acceptedPasswordIs(deviceId: string, password: string): boolean | undefined;
  /** The device accepted a new password: its tokens and the password given this session are void. */
  passwordChanged(deviceId: string): void;
  /** Says why the device needs a password (e.g. its password is unknown after an unconfirmed change). */
  setNeedsPassword(deviceId: string, reason: string, reasonText?: MessageRef): void;
  /** Forgets every token and session password (quit, or the user locks the app). */
  clear(): void;
}

export interface ExclusiveScope {
  callOnce<T>(
    target: SessionTarget,
    call: (credential: DeviceCredential) => Promise<T>,
    options?: CredentialCallOptions,
  ): Promise<T>;
}

export interface SessionManagerOptions {
  client: DeviceClient;
  vault: CredentialVault;
  guard?: PasswordGuard;
}

export function createSessionManager(options: SessionManagerOptions): SessionManager {
  const { client, vault } = options;
  const guard = options.guard ?? createPasswordGuard();
  const sessions = createDeviceSessions();
  const candidates = createPasswordCandidates({ vault, guard, sessions });
  const unlocker = createUnlocker({ client, vault, guard, sessions, candidates });
  const calls = createCredentialCalls({ vault, sessions, unlocker });
  const reads = createGuardedReads({ sessions, calls });

  /** A password the device refused is not sent again, even when the user gives it again. */
  const refuseRefused = (target: SessionTarget, password: string): void => {
    if (password === '' || !guard.isRejected(target.deviceId, password)) return;
    const where = hostPort(target.address);
    throw new DeviceError(
      'WRONG_PASSWORD',
      `${where}: the device already refused this password; it was not sent again. Give the right password.`,
      {},
      { text: message('errors.device.passwordAlreadyRefused', { where }) },
    );
  };

  return {
    withCredential: (target, call, callOptions = {}) => calls.withCredential(target, call, callOptions),

    read: (target, read, callOptions = {}) => reads.read(target, read, callOptions),

    guardsReads: (deviceId) => reads.guardsReads(deviceId),

    async unlockWith(target, password, callOptions = {}) {
      const where = hostPort(target.address);
      const s = sessions.of(target.deviceId);
      const signal = callOptions.signal;
      refuseRefused(target, password);
      guard.assertMayUnlock(target.deviceId, where);
      // Let an unlock in flight finish first: its verdict may be on this very password (a re-unlock with
      // the password given this session), or a lockout — both are checked again once it is in.
      while (s.unlocking !== undefined)
        await untilAborted(
          s.unlocking.catch(() => ''),
          signal,
          where,
        );
      refuseRefused(target, password);
      guard.assertMayUnlock(target.deviceId, where);
      // Given again by the user after an unlock with it got no answer: their decision, not a retry.
      guard.settled(target.deviceId, password);
      const labelText = message('errors.credentials.labelGiven');
      const candidate: Candidate = { password, source: undefined, label: 'password given', labelText };
      // This try becomes the device's shared unlock, so automatic callers arriving now wait for it. It
      // runs to the device's verdict even if this caller leaves (session-unlock.ts).
      const mine: Promise<string> = unlocker.unlockOnce(target, candidate).finally(() => {
        if (s.unlocking === mine) s.unlocking = undefined;
      });
      s.unlocking = mine;
      mine.catch(() => undefined);
      await untilAborted(mine, signal, where);
    },

    callOnce: (target, call, callOptions = {}) => calls.callOnce(target, call, callOptions, false),

    knownPassword: (target) => candidates.known(target),

    async exclusively(deviceId, task) {
      const s = sessions.of(deviceId);
      // One change at a time per device; an unlock in flight finishes first.
      while (s.changing !== undefined) await s.changing.catch(() => undefined);
      await s.unlocking?.catch(() => undefined);
      const running = task({
        callOnce: (target, call, callOptions = {}) => calls.callOnce(target, call, callOptions, true),
      });
      const changing = running.finally(() => {
        if (s.changing === changing) s.changing = undefined;
      });
      s.changing = changing;
      changing.catch(() => undefined);
      return running;
    },

    acceptedPasswordIs(deviceId, password) {
      const accepted = sessions.peek(deviceId)?.accepted;
      return accepted === undefined ? undefined : accepted === password;
    },

    passwordChanged(deviceId) {
      const s = sessions.of(deviceId);
      s.token = undefined;
      s.sessionPassword = undefined;
      s.accepted = undefined;
      s.needsPassword = undefined;
      s.needsPasswordText = undefined;
    },

    setNeedsPassword(deviceId, reason, reasonText) {
      const s = sessions.of(deviceId);
      s.needsPassword = reason;
      s.needsPasswordText = reasonText;
    },

    state(deviceId) {
      const left = guard.lockoutSecondsLeft(deviceId);
      if (left > 0) return { kind: 'locked-out', secondsLeft: left };
      const s = sessions.peek(deviceId);
      if (s?.needsPassword !== undefined) return { kind: 'needs-password', reason: s.needsPassword };
      return s?.token !== undefined ? { kind: 'unlocked' } : { kind: 'no-session' };
    },

    clear: () => sessions.clear(),
  };
}
