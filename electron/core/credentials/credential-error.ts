/**
 * Failures of the credential layer that are neither the device's nor the keychain's: nothing stored for a
 * device, a site name that cannot be an account name. errors/to-app-error.ts turns them, like any other
 * failure, into the one value the CLI and IPC report.
 */
import type { MessageRef } from '../../../shared/i18n/message';
import type { AppErrorCode } from '../../../shared/result';

export class CredentialError extends Error {
  constructor(
    readonly code: Extract<AppErrorCode, 'NOT_FOUND' | 'INVALID_INPUT' | 'INTERNAL'>,
    message: string,
    /** The same sentence for the window's language (issue 35). */
    readonly text?: MessageRef,
  ) {
    super(message);
    this.name = 'CredentialError';
  }
}
