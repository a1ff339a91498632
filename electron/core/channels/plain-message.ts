/**
 * The words a channel answers the window with: a device's message without the address the row already
 * shows, starting with a capital; and a failure as such a value, never thrown (the transport would keep
 * only a thrown error's message).
 */
import type { Result } from '../../../shared/result';
import { err } from '../../../shared/result';
import { toAppError } from '../errors/to-app-error';

/** "127.0.1.1:8080: the device refused the password." → "The device refused the password." */
export function plainMessage(message: string): string {
  const text = message
    .replace(/^\[?[\w.:-]+\]?:\d+:\s*/, '')
    .replace(/^(https?:\/\/)?[\w.-]+(:\d+)?:\s+/, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `run`'s answer, or what it threw as an error value in plain words. */
export async function guarded<T>(run: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await run();
  } catch (error) {
    const e = toAppError(error);
    return err(e.code, plainMessage(e.message));
  }
}
