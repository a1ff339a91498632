/**
 * The "never lock a technician out" rules (docs/design.md principle 3), per device, in memory:
 * - a password the device refused is remembered by fingerprint (an HMAC under a key made fresh for each
 *   process, so the fingerprint is useless outside it) and is never sent to that device again — not by a
 *   retry, not by a bulk run, not by the user re-submitting it — until a different one is given;
 * - after a 429 no unlock is attempted until the wait is over, and the seconds left are known;
 * - a password whose unlock got no verdict (sent, then no answer: a timeout, a cut connection) may have been
 *   refused and counted by the device, so it is "unanswered": no automatic unlock sends it again before
 *   `UNANSWERED_WAIT_SECONDS` (the wait a device that counted it would impose, field notes), then once more
 *   at most; a second unanswered try holds it until the user gives it again (their decision).
 */
import { message } from '../../../shared/i18n/message';
import { createHmac, randomBytes } from 'node:crypto';
import { DeviceError } from '../device/device-error';

/** When a device locks us out without saying for how long, wait this long before trying again. */
export const DEFAULT_LOCKOUT_SECONDS = 60;

/**
 * How long an unanswered password waits before its one automatic retry: as long as an unknown lockout
 * (field notes: how many tries and how long are unknown), so a device that did count it has let go.
 */
export const UNANSWERED_WAIT_SECONDS = DEFAULT_LOCKOUT_SECONDS;

/** Why an automatic unlock may not send a password now. */
export type HeldPassword =
  { kind: 'refused' } | { kind: 'unanswered'; secondsLeft: number } | { kind: 'unanswered-twice' };

export interface PasswordGuard {
  isRejected(deviceId: string, password: string): boolean;
  reject(deviceId: string, password: string): void;
  lockOut(deviceId: string, seconds: number | undefined): void;
  /** 0 when unlocking is allowed. */
  lockoutSecondsLeft(deviceId: string): number;
  /** Throws LOCKED_OUT, without any network call, while the device's wait runs. */
  assertMayUnlock(deviceId: string, where: string): void;
  /** An unlock with `password` was sent and no verdict came back: the device may have refused it. */
  unanswered(deviceId: string, password: string): void;
  /** The device judged `password` (accepted it), or the user gave it again: it is no longer unanswered. */
  settled(deviceId: string, password: string): void;
  /** Whether an automatic unlock may send `password` to the device now; undefined when it may. */
  held(deviceId: string, password: string): HeldPassword | undefined;
}

export function createPasswordGuard(now: () => number = Date.now): PasswordGuard {
  const hmacKey = randomBytes(32);
  const rejected = new Map<string, Set<string>>();
  const lockedUntil = new Map<string, number>();
  /** Per device, per fingerprint: when the last unanswered try was sent, and how many in a row. */
  const unansweredTries = new Map<string, Map<string, { at: number; tries: number }>>();
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
    unanswered(deviceId, password) {
      const tries = unansweredTries.get(deviceId) ?? new Map<string, { at: number; tries: number }>();
      const key = fingerprint(password);
      tries.set(key, { at: now(), tries: (tries.get(key)?.tries ?? 0) + 1 });
      unansweredTries.set(deviceId, tries);
    },
    settled(deviceId, password) {
      unansweredTries.get(deviceId)?.delete(fingerprint(password));
    },
    held(deviceId, password) {
      const key = fingerprint(password);
      if (rejected.get(deviceId)?.has(key) === true) return { kind: 'refused' };
      const entry = unansweredTries.get(deviceId)?.get(key);
      if (entry === undefined) return undefined;
      if (entry.tries >= 2) return { kind: 'unanswered-twice' };
      const left = entry.at + UNANSWERED_WAIT_SECONDS * 1000 - now();
      return left > 0 ? { kind: 'unanswered', secondsLeft: Math.ceil(left / 1000) } : undefined;
    },
  };
}
