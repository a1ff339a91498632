/**
 * The one mapping from any failure to the AppError the contract knows (shared/result.ts), for every shell
 * that reports one: the IPC channels, the CLI and the core's own outcome lists. A device's error keeps its
 * code and detail, the keychain's is KEYCHAIN_UNAVAILABLE, the credential layer's keeps its code, and
 * anything else (a bug, a file that cannot be written) is INTERNAL. Messages met here never carry a secret
 * (each error class guarantees it), so they pass as they are.
 */
import type { AppError } from '../../../shared/result';
import { CredentialError } from '../credentials/credential-error';
import { isKeychainError } from '../credentials/secure-store';
import { isDeviceError } from '../device/device-error';

export function toAppError(error: unknown): AppError {
  if (isDeviceError(error)) return error.toAppError();
  if (isKeychainError(error)) return { code: 'KEYCHAIN_UNAVAILABLE', message: error.message };
  if (error instanceof CredentialError) return { code: error.code, message: error.message };
  return {
    code: 'INTERNAL',
    message: `unexpected failure: ${error instanceof Error ? error.message : String(error)}`,
  };
}
