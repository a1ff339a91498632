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
 */
import type { DeviceCredential } from '../../../shared/domain/credential';
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { listenForAbort } from '../device/abort-fanout';
import { UNSENDABLE_TOKEN } from '../device/answer';
import type { CallOptions, DeviceClient } from '../device/client';
import { DeviceError, isDeviceError } from '../device/device-error';
import { hostPort } from '../device/network-errors';
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import type { PasswordGuard } from './password-guard';
import { createPasswordGuard } from './password-guard';
import type { CredentialVault, PasswordSource } from './vault';

export interface SessionTarget {
  /** Identity for credentials (see device-identity.ts). */
  deviceId: string;
  address: DeviceAddress;
  /** The site whose password applies when the device has none of its own; looked up when absent. */
  siteId?: string;
}

export type SessionState =
  | { kind: 'no-session' }
  | { kind: 'unlocked' }
  | { kind: 'needs-password'; reason: string }
  | { kind: 'locked-out'; secondsLeft: number };

export interface CredentialCallOptions {
  signal?: AbortSignal;
  /** Skip the API key: for calls that must run in a password session (creating a key). */
  tokenOnly?: boolean;
  /**
   * A stored API key is the only credential tried, even one the device refused before this session; a
   * session token only when no key is stored. For reads the vendor API takes only with an API key
   * (`GET /settings`): a token there may be refused, and a refusal of a token reads as an ended session —
   * an unlock again, then "needs its password" for a password that is right.
   */
  keyWhenStored?: boolean;
}

export interface SessionManager {
  /** Runs `call` with the best credential, handling 401 as described above. */
  withCredential<T>(
    target: SessionTarget,
    call: (credential: DeviceCredential) => Promise<T>,
    options?: CredentialCallOptions,
  ): Promise<T>;
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
  setNeedsPassword(deviceId: string, reason: string): void;
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

interface DeviceSession {
  token?: string;
  /** A password change in flight: automatic unlocks wait for its outcome. */
  changing?: Promise<unknown>;
  /** The one unlock in flight for this device, shared by every caller. */
  unlocking?: Promise<string>;
  /** The last password the user gave and the device accepted, for re-unlocks this session. */
  sessionPassword?: string;
  /** The password the device accepted at its last unlock (any source): the evidence of what it has. */
  accepted?: string;
  needsPassword?: string;
  /** The stored API key the device refused this session; the password path is used instead. */
  refusedKey?: string;
}

interface Candidate {
  password: string;
  /** `undefined`: given by the user this session; `pending`: a change this laptop did not see confirmed. */
  source: PasswordSource | { kind: 'pending'; since: string } | undefined;
  label: string;
}

const isAuthFailure = (error: unknown): boolean => isDeviceError(error) && error.code === 'AUTH_REQUIRED';

/** Rejects with CANCELLED when `signal` aborts first, so a caller sharing an unlock can still leave. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined, where: string): Promise<T> {
  if (signal === undefined) return promise;
  const cancelled = () => new DeviceError('CANCELLED', `The request to ${where} was cancelled.`);
  if (signal.aborted) return Promise.reject(cancelled());
  return new Promise<T>((resolve, reject) => {
    // One listener on a signal shared by a fleet's unlocks (abort-fanout.ts).
    const leave = listenForAbort(signal, () => reject(cancelled()));
    promise.then(resolve, reject).finally(leave);
  });
}

export function createSessionManager(options: SessionManagerOptions): SessionManager {
  const { client, vault } = options;
  const guard = options.guard ?? createPasswordGuard();
  const sessions = new Map<string, DeviceSession>();
  const session = (deviceId: string): DeviceSession => {
    const found = sessions.get(deviceId);
    if (found !== undefined) return found;
    const created: DeviceSession = {};
    sessions.set(deviceId, created);
    return created;
  };

  /** A `keyWhenStored` call whose key the device refused: no token is tried instead (see the option). */
  const keyRefused = (target: SessionTarget): DeviceError =>
    new DeviceError(
      'AUTH_REQUIRED',
      `${hostPort(target.address)}: the device refused the stored API key, which this read needs (the device's API takes only an API key for it): create a new API key for the device.`,
      { status: 401 },
    );

  const needsPassword = (target: SessionTarget, reason: string): DeviceError => {
    session(target.deviceId).needsPassword = reason;
    return new DeviceError(
      'AUTH_REQUIRED',
      `${hostPort(target.address)}: needs its password: ${reason}. Give the device password to unlock it.`,
    );
  };

  /**
   * `insideChange`: a change of this device is running; its own pending password is not a candidate.
   * `sessionEnded`: the device ended a session it had accepted — perhaps because another process (the app
   * beside a terminal) changed its password — so the keychain is read as every process sees it now.
   */
  async function findPassword(
    target: SessionTarget,
    insideChange = false,
    sessionEnded = false,
  ): Promise<Candidate> {
    const s = session(target.deviceId);
    if (s.sessionPassword !== undefined) {
      return { password: s.sessionPassword, source: undefined, label: 'password given this session' };
    }
    const fresh = { fresh: sessionEnded };
    const pending = insideChange ? undefined : await vault.pendingPasswordFor(target.deviceId, fresh);
    if (pending !== undefined && !pending.rejected && !guard.isRejected(target.deviceId, pending.secret)) {
      return {
        password: pending.secret,
        source: { kind: 'pending', since: pending.since },
        label: `new password set by this laptop at ${pending.since} (not confirmed)`,
      };
    }
    const stored = await vault.passwordFor(target.deviceId, target.siteId, fresh);
    const keyNote = s.refusedKey !== undefined ? 'the stored API key was refused and ' : '';
    const unknownAfterChange =
      pending === undefined
        ? undefined
        : `password unknown: changed by this laptop at ${pending.since}, not confirmed`;
    if (stored === undefined) {
      throw needsPassword(target, unknownAfterChange ?? `${keyNote}no password is stored for it`);
    }
    const label =
      stored.source.kind === 'device'
        ? 'stored device password'
        : `stored password of site "${stored.source.siteId}"`;
    if (stored.rejected || guard.isRejected(target.deviceId, stored.secret)) {
      throw needsPassword(target, unknownAfterChange ?? `${keyNote}the device refused the ${label} before`);
    }
    return { password: stored.secret, source: stored.source, label };
  }

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

  /** POST /unlock once and apply the lockout rules to the answer. */
  async function unlockOnce(target: SessionTarget, candidate: Candidate, call: CallOptions): Promise<string> {
    const { deviceId, address } = target;
    const s = session(deviceId);
    try {
      const token = await client.unlock(address, candidate.password, call);
      s.token = token;
      s.needsPassword = undefined;
      s.accepted = candidate.password;
      if (candidate.source === undefined) s.sessionPassword = candidate.password;
      // Best effort: the pending entry stays and is tried first again, which the device accepts.
      await confirmPending(target, candidate).catch(() => undefined);
      return token;
    } catch (error) {
      if (isDeviceError(error) && error.code === 'WRONG_PASSWORD') {
        guard.reject(deviceId, candidate.password);
        if (candidate.source === undefined) s.sessionPassword = undefined;
        if (s.accepted === candidate.password) s.accepted = undefined;
        if (error.detail.retryAfterSeconds !== undefined)
          guard.lockOut(deviceId, error.detail.retryAfterSeconds);
        if (candidate.source?.kind === 'pending') {
          await vault.markPendingRejected(deviceId).catch(() => undefined);
        } else if (candidate.source !== undefined) {
          // Best effort: the in-memory fingerprint already protects this process.
          await vault
            .markPasswordRejected(candidate.source, deviceId, candidate.password)
            .catch(() => undefined);
        }
        s.needsPassword = `the device refused the ${candidate.label}`;
        throw new DeviceError(
          'WRONG_PASSWORD',
          `${error.message.replace(/\.$/, '')} (the ${candidate.label}); it will not be sent again until another password is given.`,
          error.detail,
        );
      }
      if (isDeviceError(error) && error.code === 'LOCKED_OUT')
        guard.lockOut(deviceId, error.detail.retryAfterSeconds);
      else if (candidate.source === undefined && isDeviceError(error)) keepGivenPassword(s, candidate, error);
      throw error;
    }
  }

  /**
   * A password the user gave that the device never judged. No answer (off, hung): it is kept for the
   * next automatic unlock, as if accepted — the device has not seen it, so no lockout rule is at stake.
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
    }
  }

  /** The shared unlock: every concurrent caller for the device awaits the same promise. */
  function sharedUnlock(
    target: SessionTarget,
    start: () => Promise<string>,
    signal: AbortSignal | undefined,
  ): Promise<string> {
    const s = session(target.deviceId);
    if (s.unlocking === undefined) {
      const unlocking = start().finally(() => {
        if (s.unlocking === unlocking) s.unlocking = undefined;
      });
      s.unlocking = unlocking;
      // Waiters that leave early must not turn this into an unhandled rejection.
      unlocking.catch(() => undefined);
    }
    return untilAborted(s.unlocking, signal, hostPort(target.address));
  }

  function ensureToken(
    target: SessionTarget,
    signal: AbortSignal | undefined,
    insideChange = false,
    sessionEnded = false,
  ): Promise<string> {
    const s = session(target.deviceId);
    if (s.changing !== undefined && !insideChange) {
      // Which password is right depends on the change's outcome: ask again once it has one.
      const changing = s.changing;
      return untilAborted(changing, signal, hostPort(target.address)).then(() =>
        ensureToken(target, signal, false, sessionEnded),
      );
    }
    if (s.token !== undefined) return Promise.resolve(s.token);
    return sharedUnlock(
      target,
      async () => {
        guard.assertMayUnlock(target.deviceId, hostPort(target.address));
        if (s.needsPassword !== undefined) throw needsPassword(target, s.needsPassword);
        const call = signal === undefined ? {} : { signal };
        const candidate = await findPassword(target, insideChange, sessionEnded);
        if (candidate.source?.kind !== 'pending') return unlockOnce(target, candidate, call);
        // An unconfirmed new password: tried once; refused, the stored one is tried once (never a loop).
        try {
          return await unlockOnce(target, candidate, call);
        } catch (error) {
          if (!isDeviceError(error) || error.code !== 'WRONG_PASSWORD') throw error;
          if (guard.lockoutSecondsLeft(target.deviceId) > 0) throw error;
          s.needsPassword = undefined;
          const unknown = `password unknown: changed by this laptop at ${candidate.source.since}, not confirmed`;
          try {
            return await unlockOnce(target, await findPassword(target, false, sessionEnded), call);
          } catch (second) {
            if (isDeviceError(second) && second.code === 'WRONG_PASSWORD') s.needsPassword = unknown;
            throw second;
          }
        }
      },
      signal,
    );
  }

  const dropToken = (deviceId: string, token: string): void => {
    const s = session(deviceId);
    if (s.token === token) s.token = undefined;
  };

  async function withToken<T>(
    target: SessionTarget,
    call: (credential: DeviceCredential) => Promise<T>,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    const first = await ensureToken(target, signal);
    try {
      return await call({ kind: 'token', token: first });
    } catch (error) {
      if (!isAuthFailure(error)) throw error;
      dropToken(target.deviceId, first);
    }
    // The session ended (expiry, reboot, password change): exactly one fresh unlock, shared.
    const second = await ensureToken(target, signal, false, true);
    try {
      return await call({ kind: 'token', token: second });
    } catch (error) {
      if (!isAuthFailure(error)) throw error;
      dropToken(target.deviceId, second);
      throw needsPassword(target, 'the device refused a fresh session too');
    }
  }

  async function callOnce<T>(
    target: SessionTarget,
    call: (credential: DeviceCredential) => Promise<T>,
    callOptions: CredentialCallOptions,
    insideChange: boolean,
  ): Promise<T> {
    const s = session(target.deviceId);
    if (callOptions.tokenOnly !== true) {
      const stored = await vault.getApiKey(target.deviceId);
      if (stored !== undefined && stored.secret !== s.refusedKey) {
        try {
          return await call({ kind: 'apiKey', key: stored.secret });
        } catch (error) {
          if (isAuthFailure(error)) s.refusedKey = stored.secret;
          throw error;
        }
      }
    }
    const token = await ensureToken(target, callOptions.signal, insideChange);
    try {
      return await call({ kind: 'token', token });
    } catch (error) {
      if (isAuthFailure(error)) dropToken(target.deviceId, token);
      throw error;
    }
  }

  return {
    async withCredential(target, call, callOptions = {}) {
      const s = session(target.deviceId);
      const keyOnly = callOptions.keyWhenStored === true;
      if (callOptions.tokenOnly !== true) {
        const stored = await vault.getApiKey(target.deviceId);
        if (stored !== undefined && (keyOnly || stored.secret !== s.refusedKey)) {
          try {
            return await call({ kind: 'apiKey', key: stored.secret });
          } catch (error) {
            if (!isAuthFailure(error)) throw error;
            s.refusedKey = stored.secret;
            if (keyOnly) throw keyRefused(target);
          }
        }
      }
      return withToken(target, call, callOptions.signal);
    },

    async unlockWith(target, password, callOptions = {}) {
      const where = hostPort(target.address);
      if (password !== '' && guard.isRejected(target.deviceId, password)) {
        throw new DeviceError(
          'WRONG_PASSWORD',
          `${where}: the device already refused this password; it was not sent again. Give the right password.`,
        );
      }
      guard.assertMayUnlock(target.deviceId, where);
      const s = session(target.deviceId);
      // Let an unlock in flight finish first; its outcome does not matter to this explicit try.
      await s.unlocking?.catch(() => undefined);
      const candidate: Candidate = { password, source: undefined, label: 'password given' };
      const signal = callOptions.signal;
      // This try becomes the device's shared unlock, so automatic callers arriving now wait for it.
      const mine: Promise<string> = unlockOnce(
        target,
        candidate,
        signal === undefined ? {} : { signal },
      ).finally(() => {
        if (s.unlocking === mine) s.unlocking = undefined;
      });
      s.unlocking = mine;
      mine.catch(() => undefined);
      await untilAborted(mine, signal, where);
    },

    callOnce: (target, call, callOptions = {}) => callOnce(target, call, callOptions, false),

    async knownPassword(target) {
      const s = session(target.deviceId);
      if (s.sessionPassword !== undefined) {
        return { secret: s.sessionPassword, label: 'password given this session' };
      }
      const stored = await vault.passwordFor(target.deviceId, target.siteId);
      if (stored === undefined || stored.rejected || guard.isRejected(target.deviceId, stored.secret)) {
        return undefined;
      }
      const label =
        stored.source.kind === 'device'
          ? 'stored device password'
          : `stored password of site "${stored.source.siteId}"`;
      return { secret: stored.secret, label };
    },

    async exclusively(deviceId, task) {
      const s = session(deviceId);
      // One change at a time per device; an unlock in flight finishes first.
      while (s.changing !== undefined) await s.changing.catch(() => undefined);
      await s.unlocking?.catch(() => undefined);
      const running = task({
        callOnce: (target, call, callOptions = {}) => callOnce(target, call, callOptions, true),
      });
      const changing = running.finally(() => {
        if (s.changing === changing) s.changing = undefined;
      });
      s.changing = changing;
      changing.catch(() => undefined);
      return running;
    },

    acceptedPasswordIs(deviceId, password) {
      const accepted = sessions.get(deviceId)?.accepted;
      return accepted === undefined ? undefined : accepted === password;
    },

    passwordChanged(deviceId) {
      const s = session(deviceId);
      s.token = undefined;
      s.sessionPassword = undefined;
      s.accepted = undefined;
      s.needsPassword = undefined;
    },

    setNeedsPassword(deviceId, reason) {
      session(deviceId).needsPassword = reason;
    },

    state(deviceId) {
      const left = guard.lockoutSecondsLeft(deviceId);
      if (left > 0) return { kind: 'locked-out', secondsLeft: left };
      const s = sessions.get(deviceId);
      if (s?.needsPassword !== undefined) return { kind: 'needs-password', reason: s.needsPassword };
      return s?.token !== undefined ? { kind: 'unlocked' } : { kind: 'no-session' };
    },

    clear: () => sessions.clear(),
  };
}
