/**
 * A device's password status (shared/domain/password-status.ts), from evidence only: the device accepting a
 * password. Two kinds: the password it accepted at its last unlock this session (the session manager
 * answers whether that was the factory default; the freshest evidence), else the keychain's listing entry,
 * whose "factory default" says the device accepted `admin` and nothing since says otherwise
 * (vault-listing.ts). No stored password is no evidence: "unknown", never "factory default". Pure: metadata
 * in, words out; no secret is read here.
 */
import type { PasswordStatus } from '../../../shared/domain/password-status';
import type { DeviceCredentialInfo } from './vault-listing';

export interface AcceptedPassword {
  /** The password the device accepted at its last unlock this session is the vendor default. */
  factory: boolean;
}

export function passwordStatusOf(
  info: DeviceCredentialInfo | undefined,
  accepted?: AcceptedPassword,
): PasswordStatus {
  const pending = info?.pendingPassword;
  // A change this laptop started and did not see confirmed: which password the device has is not known
  // until the next unlock tries the new one (session-manager.ts); a refused new one changed nothing.
  if (pending !== undefined && !pending.rejected) return { status: 'unknown', pendingSince: pending.since };
  if (accepted?.factory === true) return { status: 'factory-default' };
  const stored = info?.password;
  const usable = stored !== undefined && !stored.rejected && stored.unconfirmed !== true;
  // The device accepted another password this session: the stored one says more (changed here) unless it
  // is the default, which the accepted one then is not.
  if (accepted !== undefined && (!usable || stored.factoryDefault)) return { status: 'set-elsewhere' };
  if (stored === undefined) return { status: 'unknown', why: 'no password is stored' };
  if (stored.rejected) return { status: 'unknown', why: 'the stored password was refused' };
  if (stored.unconfirmed === true) {
    return { status: 'unknown', why: 'the site password was replaced since the device accepted one' };
  }
  if (stored.factoryDefault) return { status: 'factory-default' };
  if (stored.changedAt !== undefined) return { status: 'changed-here', changedAt: stored.changedAt };
  return { status: 'set-elsewhere' };
}

/** The "factory password" flag: the working password is the vendor default. */
export const isFactoryPassword = (status: PasswordStatus): boolean => status.status === 'factory-default';
