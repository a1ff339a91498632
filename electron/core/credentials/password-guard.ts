/**
 * The "never lock a technician out" rules (docs/design.md principle 3), per device, in memory:
 * - a password the device refused is remembered by fingerprint (an HMAC under a key made fresh for each
 *   process, so the fingerprint is useless outside it) and is never sent to that device again — not by a
 *   retry, not by a bulk run, not by the user re-submitting it — until a different one is given;
 * - after a 429 no unlock is attempted until the wait is over, and the seconds left are known.
 */
import { message } from '../../../shared/i18n/message';
import { createHmac, randomBytes } from 'node:crypto';
import { DeviceError } from '../device/device-error';

/** When a device locks us out without saying for how long, wait this long before trying again. */
export const DEFAULT_LOCKOUT_SECONDS = 60;

export interface PasswordGuard {
  isRejected(deviceId: string, password: string): boolean;
  reject(deviceId: string, password: string): void;
  lockOut(deviceId: string, seconds: number | undefined): void;
  /** 0 when unlocking is allowed. */
  lockoutSecondsLeft(deviceId: string): number;
  /** Throws LOCKED_OUT, without any network call, while the device's wait runs. */
  assertMayUnlock(deviceId: string, where: string): void;
}

export function createPasswordGuard(now: () => number = Date.now): PasswordGuard {
  const hmacKey = randomBytes(32);
  const rejected = new Map<string, Set<string>>();
  const lockedUntil = new Map<string, number>();
  const fingerprint = (password: string): string =>
    createHmac('sha256', hmacKey).update(password, 'utf8').digest('base64');

  const secondsLeft = (deviceId: string): number => {
    const until = lockedUntil.get(deviceId);
    if (until === undefined) return 0;
    const left = until - now();
    if (left <= 0) {
      lockedUntil.delete(deviceId);
      return 0;
    }
    return Math.ceil(left / 1000);
  };

  return {
    isRejected: (deviceId, password) => rejected.get(deviceId)?.has(fingerprint(password)) === true,
    reject(deviceId, password) {
      const set = rejected.get(deviceId) ?? new Set<string>();
      set.add(fingerprint(password));
      rejected.set(deviceId, set);
    },
    lockOut(deviceId, seconds) {
      const wait = seconds !== undefined && seconds > 0 ? seconds : DEFAULT_LOCKOUT_SECONDS;
      lockedUntil.set(deviceId, Math.max(lockedUntil.get(deviceId) ?? 0, now() + wait * 1000));
    },
    lockoutSecondsLeft: secondsLeft,
    assertMayUnlock(deviceId, where) {
      const left = secondsLeft(deviceId);
      if (left > 0) {
        throw new DeviceError(
          'LOCKED_OUT',
          `${where}: locked out: wait ${left} s before trying again (nothing was sent).`,
          { retryAfterSeconds: left },
          { text: message('errors.device.lockedOutNothingSent', { where, seconds: left }) },
        );
      }
    },
  };
}
