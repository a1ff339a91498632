/**
 * Which password an automatic unlock of a device tries, and in which order: the one the user gave this
 * session; else a new password this laptop set but never saw confirmed (the keychain's pending entry); else
 * the stored one — the device's own, else its site's — unless the device refused it before. A device with
 * none of these needs its password, and says why. A password whose last unlock got no verdict is held
 * (password-guard.ts): not before its wait has run, and after a second unanswered try not at all.
 */
import { message } from '../../../shared/i18n/message';
import type { MessageRef } from '../../../shared/i18n/message';
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
  /** `label` as a catalog key and values, for the window (issue 35). */
  labelText: MessageRef;
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
const storedLabelText = (source: PasswordSource): MessageRef =>
  source.kind === 'device'
    ? message('errors.credentials.labelStoredDevice')
    : message('errors.credentials.labelStoredSite', { site: source.siteId });
/** A password the device needs after a change this laptop made and never saw confirmed. */
export const unknownAfterChange = (since: string): { reason: string; reasonText: MessageRef } => ({
  reason: `password unknown: changed by this laptop at ${since}, not confirmed`,
  reasonText: message('errors.credentials.unknownAfterChange', { since }),
});

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
  labelText: MessageRef,
): void {
  const held = guard.held(target.deviceId, password);
  if (held?.kind === 'unanswered') {
    const where = hostPort(target.address);
    const seconds = held.secondsLeft;
    throw new DeviceError(
      'AUTH_REQUIRED',
      `${where}: the unlock with the ${label} got no answer and the device may have counted it as a wrong password; it is tried once more by itself in ${seconds} s, or give the device password now.`,
      {},
      { text: message('errors.credentials.unanswered', { where, label: labelText, seconds }) },
    );
  }
  if (held?.kind === 'unanswered-twice') {
    const reason = `two unlocks with the ${label} got no answer; it is not sent again by itself`;
    const reasonText = message('errors.credentials.unansweredTwice', { label: labelText });
    throw needsPassword(sessions, target, reason, reasonText);
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
        const labelText = message('errors.credentials.labelGivenSession');
        assertAnswered(guard, sessions, target, s.sessionPassword, label, labelText);
        return { password: s.sessionPassword, source: undefined, label, labelText };
      }
      const fresh = { fresh: sessionEnded };
      const pending = insideChange ? undefined : await vault.pendingPasswordFor(target.deviceId, fresh);
      if (pending !== undefined && !pending.rejected && !guard.isRejected(target.deviceId, pending.secret)) {
        const { since } = pending;
        const label = `new password set by this laptop at ${since} (not confirmed)`;
        const labelText = message('errors.credentials.labelPending', { since });
        assertAnswered(guard, sessions, target, pending.secret, label, labelText);
        return { password: pending.secret, source: { kind: 'pending', since }, label, labelText };
      }
      const stored = await vault.passwordFor(target.deviceId, target.siteId, fresh);
      const keyRefused = s.refusedKey !== undefined;
      const keyNote = keyRefused ? 'the stored API key was refused and ' : '';
      const afterChange = pending === undefined ? undefined : unknownAfterChange(pending.since);
      if (stored === undefined) {
        const noneText = message(
          keyRefused ? 'errors.credentials.keyRefusedNoneStored' : 'errors.credentials.noneStored',
        );
        const reason = afterChange?.reason ?? `${keyNote}no password is stored for it`;
        throw needsPassword(sessions, target, reason, afterChange?.reasonText ?? noneText);
      }
      const label = storedLabel(stored.source);
      const labelText = storedLabelText(stored.source);
      if (stored.rejected || guard.isRejected(target.deviceId, stored.secret)) {
        const refusedText = message(
          keyRefused ? 'errors.credentials.keyRefusedRefusedBefore' : 'errors.credentials.refusedBefore',
          { label: labelText },
        );
        const reason = afterChange?.reason ?? `${keyNote}the device refused the ${label} before`;
        throw needsPassword(sessions, target, reason, afterChange?.reasonText ?? refusedText);
      }
      assertAnswered(guard, sessions, target, stored.secret, label, labelText);
      return { password: stored.secret, source: stored.source, label, labelText };
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
