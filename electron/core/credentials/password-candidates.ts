/**
 * Which password an automatic unlock of a device tries, and in which order: the one the user gave this
 * session; else a new password this laptop set but never saw confirmed (the keychain's pending entry); else
 * the stored one — the device's own, else its site's — unless the device refused it before. A device with
 * none of these needs its password, and says why. A password whose last unlock got no verdict is held
 * (password-guard.ts): not before its wait has run, and after a second unanswered try not at all.
 */
import { DeviceError } from '../device/device-error';
import { hostPort } from '../device/network-errors';
import type { DeviceSessions } from './device-sessions';
import { needsPassword } from './device-sessions';
import type { PasswordGuard } from './password-guard';
import type { SessionTarget } from './session-target';
import type { PasswordSource } from './stored-secret';
import type { CredentialVault } from './vault';

export interface Candidate {
  password: string;
  /** `undefined`: given by the user this session; `pending`: a change this laptop did not see confirmed. */
  source: PasswordSource | { kind: 'pending'; since: string } | undefined;
  label: string;
}

export interface PasswordCandidates {
  /**
   * The password to try next. `insideChange`: a change of this device is running; its own pending password
   * is not a candidate. `sessionEnded`: the device ended a session it had accepted — perhaps because
   * another process (the app beside a terminal) changed its password — so the keychain is read as every
   * process sees it now. Throws AUTH_REQUIRED ("needs its password") when there is none to try.
   */
  next(target: SessionTarget, insideChange?: boolean, sessionEnded?: boolean): Promise<Candidate>;
  /** The password a change would send as `current`: given this session, else stored and not refused. */
  known(target: SessionTarget): Promise<{ secret: string; label: string } | undefined>;
}

const storedLabel = (source: PasswordSource): string =>
  source.kind === 'device' ? 'stored device password' : `stored password of site "${source.siteId}"`;

/**
 * Throws when an automatic unlock may not send `password` because an unlock with it got no answer: while
 * its wait runs the device is not marked as needing a password (the one retry comes by itself after it);
 * after a second unanswered try it needs the user's word.
 */
function assertAnswered(
  guard: PasswordGuard,
  sessions: DeviceSessions,
  target: SessionTarget,
  password: string,
  label: string,
): void {
  const held = guard.held(target.deviceId, password);
  if (held?.kind === 'unanswered') {
    throw new DeviceError(
      'AUTH_REQUIRED',
      `${hostPort(target.address)}: the unlock with the ${label} got no answer and the device may have counted it as a wrong password; it is tried once more by itself in ${held.secondsLeft} s, or give the device password now.`,
    );
  }
  if (held?.kind === 'unanswered-twice') {
    const reason = `two unlocks with the ${label} got no answer; it is not sent again by itself`;
    throw needsPassword(sessions, target, reason);
  }
}

export function createPasswordCandidates(deps: {
  vault: CredentialVault;
  guard: PasswordGuard;
  sessions: DeviceSessions;
}): PasswordCandidates {
  const { vault, guard, sessions } = deps;
  return {
    async next(target, insideChange = false, sessionEnded = false) {
      const s = sessions.of(target.deviceId);
      if (s.sessionPassword !== undefined) {
        const label = 'password given this session';
        assertAnswered(guard, sessions, target, s.sessionPassword, label);
        return { password: s.sessionPassword, source: undefined, label };
      }
      const fresh = { fresh: sessionEnded };
      const pending = insideChange ? undefined : await vault.pendingPasswordFor(target.deviceId, fresh);
      if (pending !== undefined && !pending.rejected && !guard.isRejected(target.deviceId, pending.secret)) {
        const label = `new password set by this laptop at ${pending.since} (not confirmed)`;
        assertAnswered(guard, sessions, target, pending.secret, label);
        return { password: pending.secret, source: { kind: 'pending', since: pending.since }, label };
      }
      const stored = await vault.passwordFor(target.deviceId, target.siteId, fresh);
      const keyNote = s.refusedKey !== undefined ? 'the stored API key was refused and ' : '';
      const unknownAfterChange =
        pending === undefined
          ? undefined
          : `password unknown: changed by this laptop at ${pending.since}, not confirmed`;
      if (stored === undefined) {
        const reason = unknownAfterChange ?? `${keyNote}no password is stored for it`;
        throw needsPassword(sessions, target, reason);
      }
      const label = storedLabel(stored.source);
      if (stored.rejected || guard.isRejected(target.deviceId, stored.secret)) {
        const reason = unknownAfterChange ?? `${keyNote}the device refused the ${label} before`;
        throw needsPassword(sessions, target, reason);
      }
      assertAnswered(guard, sessions, target, stored.secret, label);
      return { password: stored.secret, source: stored.source, label };
    },

    async known(target) {
      const s = sessions.of(target.deviceId);
      if (s.sessionPassword !== undefined) {
        return { secret: s.sessionPassword, label: 'password given this session' };
      }
      const stored = await vault.passwordFor(target.deviceId, target.siteId);
      if (stored === undefined || stored.rejected || guard.isRejected(target.deviceId, stored.secret)) {
        return undefined;
      }
      return { secret: stored.secret, label: storedLabel(stored.source) };
    },
  };
}
