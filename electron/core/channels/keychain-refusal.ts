/**
 * The one check of the keychain's state a channel makes: writes whose whole point is a secret kept (an
 * API key created, a password changed) are refused while the app runs session-only, because the device
 * would be left with a secret nobody could keep.
 */
import type { Result } from '../../../shared/result';
import { err } from '../../../shared/result';
import type { CredentialServices } from '../credentials/credential-services';
import { keychainAdvice } from '../credentials/open-keychain';

/** Undefined when secrets are kept (the OS keychain works); else the refusal, saying why and what to do. */
export function sessionOnlyRefusal(
  credentials: Pick<CredentialServices, 'keychain' | 'vault'>,
  consequence: string,
): Result<never> | undefined {
  if (credentials.vault.persistent) return undefined;
  const { status } = credentials.keychain;
  return err(
    'KEYCHAIN_UNAVAILABLE',
    `The keychain is ${status.state}, so ${consequence}. ${keychainAdvice(status)}`,
  );
}
