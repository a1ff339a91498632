/**
 * What a `GET /status` answer says about the credential sent with it. Strict firmware refuses a wrong,
 * expired or revoked credential with 401; the vendor's own API document declares only 200 for `/status`,
 * and real firmware answers 200 with `unlocked: false` (field-notes.md). Both mean the same thing when a
 * credential was sent, and callers treat both alike: the session manager unlocks again once with the
 * stored password, else the device needs a password (a revoked API key ends there either way).
 *
 * Only for answers to a request that carried a credential: without one, `unlocked: false` is just the
 * anonymous view a field device gives (discovery reads it that way).
 */
import { message } from '../../../shared/i18n/message';
import { DeviceError } from './device-error';

/** True when the body says, in so many words, that the credential sent was not accepted. */
export function saysCredentialRefused(status: unknown): boolean {
  return (
    typeof status === 'object' &&
    status !== null &&
    !Array.isArray(status) &&
    (status as Record<string, unknown>).unlocked === false
  );
}

/** Throws the same AUTH_REQUIRED a 401 gives when a 200 `/status` says `unlocked: false`. */
export function assertCredentialAccepted(status: unknown, where: string): void {
  if (saysCredentialRefused(status)) {
    throw new DeviceError(
      'AUTH_REQUIRED',
      `${where}: the device refused the credentials (it answered unlocked: false); unlock again.`,
      { status: 200 },
      { text: message('errors.device.authRequired', { where }) },
    );
  }
}
