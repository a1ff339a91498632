/**
 * The words a channel answers the window with: a device's message without the address the row already
 * shows, starting with a capital; and a failure as such a value, never thrown (the transport would keep
 * only a thrown error's message).
 */
import type { AppError, Result } from '../../../shared/result';
import { message } from '../../../shared/i18n/message';
import { appError, errWithText, withText } from '../../../shared/result';
import { toAppError } from '../errors/to-app-error';

/** "127.0.1.1:8080: the device refused the password." → "The device refused the password." */
export function plainMessage(message: string): string {
  const text = message
    .replace(/^\[?[\w.:-]+\]?:\d+:\s*/, '')
    .replace(/^(https?:\/\/)?[\w.-]+(:\d+)?:\s+/, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A core error as the window gets it: the sentence plain (above), the code, and the same sentence in the
 * reader's language (`text`) when the core gave one.
 */
export function plainError(e: AppError): AppError {
  const plain = appError(e.code, plainMessage(e.message));
  return e.text === undefined ? plain : withText(plain, e.text);
}

/** `run`'s answer, or what it threw as an error value in plain words. */
export async function guarded<T>(run: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await run();
  } catch (error) {
    return { ok: false, error: plainError(toAppError(error)) };
  }
}

/** The device a channel was asked about left the fleet meanwhile (removed, or its site closed). */
export const notInFleet = (): Result<never> =>
  errWithText('NOT_FOUND', 'This device is no longer in the fleet.', message('errors.fleet.deviceGone'));
