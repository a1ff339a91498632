/**
 * The one mapping from any failure to the AppError the contract knows (shared/result.ts), for every shell
 * that reports one: the IPC channels, the CLI and the core's own outcome lists. A device's error keeps its
 * code and detail, the keychain's is KEYCHAIN_UNAVAILABLE, the credential layer's keeps its code, and
 * anything else (a bug, a file that cannot be written) is INTERNAL. Messages met here never carry a secret
 * (each error class guarantees it), so they pass as they are.
 */
import { message } from '../../../shared/i18n/message';
import type { AppError } from '../../../shared/result';
import { withText } from '../../../shared/result';
import { CredentialError } from '../credentials/credential-error';
import { isKeychainError } from '../credentials/secure-store';
import { isDeviceError } from '../device/device-error';

export function toAppError(error: unknown): AppError {
  if (isDeviceError(error)) return error.toAppError();
  if (isKeychainError(error)) return { code: 'KEYCHAIN_UNAVAILABLE', message: error.message };
  if (error instanceof CredentialError) {
    const said = { code: error.code, message: error.message };
    return error.text === undefined ? said : withText(said, error.text);
  }
  const reason = error instanceof Error ? error.message : String(error);
  return withText(
    { code: 'INTERNAL', message: `unexpected failure: ${reason}` },
    message('errors.internal.unexpected', { reason }),
  );
}
