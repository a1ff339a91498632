/**
 * Not every shell builds every capability (the app-shell e2e test runs with identity only); a channel
 * whose service is missing answers INTERNAL with a sentence instead of throwing.
 */
import type { Result } from '../../../shared/result';
import { err } from '../../../shared/result';

export function withService<S, T>(
  service: S | undefined,
  name: string,
  run: (service: S) => Promise<Result<T>>,
): Promise<Result<T>> {
  if (service === undefined) {
    return Promise.resolve(err('INTERNAL', `${name} is not available in this Minerdeck session.`));
  }
  return run(service);
}

/** "127.0.1.1:8080: the device refused the password." → "The device refused the password." */
export function plainMessage(message: string): string {
  const text = message
    .replace(/^\[?[\w.:-]+\]?:\d+:\s*/, '')
    .replace(/^(https?:\/\/)?[\w.-]+(:\d+)?:\s+/, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
