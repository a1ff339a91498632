/**
 * The one rule for reads the vendor document lists as anonymous (`/info`, `/summary`, `/perf-summary`,
 * `/model`, `/chains`, `/chains/factory-info`, `/notes`…) on a device this app may hold a credential for.
 *
 * Sent anonymously first: on the firmware the vendor documents they need none, and sending one would
 * cost an unlock (a `POST /unlock`, a password try, a session on the device) for a read that is free. A
 * device that refuses such a read (401, or 403) guards its reads: the read is made once more, at once,
 * with the credential the session manager chooses (API key, else a token, unlocking with the stored
 * password as for any call), and the device is remembered as guarding reads, so from then on its reads
 * carry the credential from the start and never pay a refused request again (per device, this process).
 *
 * A refused anonymous read is not a wrong password: it never reaches the password guard, never counts
 * toward a lockout, and never reads as an ended session (no token is dropped). Only the retry with a
 * credential is a credential call, judged as every other one (credential-calls.ts). A device that guards
 * its reads and has no credential stored answers AUTH_REQUIRED ("needs its password"), without asking it.
 */
import type { DeviceCredential } from '../../../shared/domain/credential';
import { isDeviceError } from '../device/device-error';
import type { CredentialCalls } from './credential-calls';
import type { DeviceSessions } from './device-sessions';
import type { CredentialCallOptions, SessionTarget } from './session-target';

/** A read: `undefined` sends it anonymously. */
export type GuardedRead<T> = (credential: DeviceCredential | undefined) => Promise<T>;

/** True when the device refused a read sent without a credential: it guards its reads. */
export function refusedAnonymousRead(error: unknown): boolean {
  if (!isDeviceError(error)) return false;
  return error.code === 'AUTH_REQUIRED' || (error.code === 'HTTP_ERROR' && error.detail.status === 403);
}

export function createGuardedReads(deps: { sessions: DeviceSessions; calls: CredentialCalls }) {
  const { sessions, calls } = deps;
  const withCredential = <T>(target: SessionTarget, read: GuardedRead<T>, options: CredentialCallOptions) =>
    calls.withCredential(target, read, options);

  return {
    /** Whether this process has seen the device refuse an anonymous read. */
    guardsReads: (deviceId: string): boolean => sessions.peek(deviceId)?.guardsReads === true,

    async read<T>(target: SessionTarget, read: GuardedRead<T>, options: CredentialCallOptions): Promise<T> {
      // peek, not of: a device that never guarded costs no session entry here (the monitor's hot path).
      if (sessions.peek(target.deviceId)?.guardsReads === true) {
        return withCredential(target, read, options);
      }
      try {
        return await read(undefined);
      } catch (error) {
        if (!refusedAnonymousRead(error)) throw error;
      }
      sessions.of(target.deviceId).guardsReads = true;
      return withCredential(target, read, options);
    },
  };
}
