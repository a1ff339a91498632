/**
 * A device's password status (shared/domain/password-status.ts) from the keychain's listing entry, and a
 * password the user gave this session (the session manager uses it before any stored one, so it is the
 * working password when there is one: `admin` given is the factory default whatever is stored; another
 * one makes a stored default out of date). Pure: metadata in, words out; no secret is read here — the
 * listing says whether the stored password is the factory default, the session manager whether the given
 * one is.
 */
import type { PasswordStatus } from '../../../shared/domain/password-status';
import type { DeviceCredentialInfo } from './vault-listing';

export interface GivenPassword {
  /** The password given this session is the vendor default. */
  factory: boolean;
}

export function passwordStatusOf(
  info: DeviceCredentialInfo | undefined,
  given?: GivenPassword,
): PasswordStatus {
  const pending = info?.pendingPassword;
  // A change this laptop started and did not see confirmed: which password the device has is not known
  // until the next unlock tries the new one (session-manager.ts); a refused new one changed nothing.
  if (pending !== undefined && !pending.rejected) return { status: 'unknown', pendingSince: pending.since };
  if (given?.factory === true) return { status: 'factory-default' };
  const stored = info?.password;
  const usable = stored !== undefined && !stored.rejected;
  // A password given this session that is not the default works (the session manager keeps only those):
  // the stored one says more (changed here) unless it is the default, which the given one then is not.
  if (given !== undefined && (!usable || stored.factoryDefault)) return { status: 'set-elsewhere' };
  if (stored === undefined) return { status: 'unknown', why: 'no password is stored' };
  if (stored.rejected) return { status: 'unknown', why: 'the stored password was refused' };
  if (stored.factoryDefault) return { status: 'factory-default' };
  if (stored.changedAt !== undefined) return { status: 'changed-here', changedAt: stored.changedAt };
  return { status: 'set-elsewhere' };
}

/** The "factory password" flag: the working password is the vendor default. */
export const isFactoryPassword = (status: PasswordStatus): boolean => status.status === 'factory-default';
