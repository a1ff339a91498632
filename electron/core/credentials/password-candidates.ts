/**
 * Which password an automatic unlock of a device tries, and in which order: the one the user gave this
 * session; else a new password this laptop set but never saw confirmed (the keychain's pending entry); else
 * the stored one — the device's own, else its site's — unless the device refused it before. A device with
 * none of these needs its password, and says why.
 */
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
        const reason = unknownAfterChange ?? `${keyNote}no password is stored for it`;
        throw needsPassword(sessions, target, reason);
      }
      const label = storedLabel(stored.source);
      if (stored.rejected || guard.isRejected(target.deviceId, stored.secret)) {
        const reason = unknownAfterChange ?? `${keyNote}the device refused the ${label} before`;
        throw needsPassword(sessions, target, reason);
      }
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
