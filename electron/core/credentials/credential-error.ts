/**
 * Failures of the credential layer that are neither the device's nor the keychain's: nothing stored for a
 * device, a site name that cannot be an account name. `toAppError` turns any failure met in this folder
 * (DeviceError, KeychainError, CredentialError, a bug) into the one value the CLI and IPC report.
 */
import type { AppError, AppErrorCode } from '../../../shared/result';
import { isDeviceError } from '../device/device-error';
import { isKeychainError } from './secure-store';

export class CredentialError extends Error {
  constructor(
    readonly code: Extract<AppErrorCode, 'NOT_FOUND' | 'INVALID_INPUT' | 'INTERNAL'>,
    message: string,
  ) {
    super(message);
    this.name = 'CredentialError';
  }
}

/** Any thrown value → an AppError. Messages in this layer never carry a secret, so they pass as they are. */
export function toAppError(error: unknown): AppError {
  if (isDeviceError(error)) return error.toAppError();
  if (isKeychainError(error)) return { code: 'KEYCHAIN_UNAVAILABLE', message: error.message };
  if (error instanceof CredentialError) return { code: error.code, message: error.message };
  return {
    code: 'INTERNAL',
    message: `unexpected failure: ${error instanceof Error ? error.message : String(error)}`,
  };
}
