/**
 * Which credential one device call carries: the stored API key (unless the device refused it this
 * session), else a session token. A read whose token the device refuses gets exactly one fresh unlock,
 * shared; a second refusal leaves the device `needs-password` (`withCredential`). A write is sent at most
 * once: a refusal only drops that credential for later calls (`callOnce`).
 */
import { message } from '../../../shared/i18n/message';
import type { DeviceCredential } from '../../../shared/domain/credential';
import { DeviceError, isDeviceError } from '../device/device-error';
import { hostPort } from '../device/network-errors';
import type { DeviceSessions } from './device-sessions';
import { needsPassword } from './device-sessions';
import type { Unlocker } from './session-unlock';
import type { CredentialCallOptions, SessionTarget } from './session-target';
import type { CredentialVault } from './vault';

type Call<T> = (credential: DeviceCredential) => Promise<T>;

export interface CredentialCalls {
  withCredential<T>(target: SessionTarget, call: Call<T>, options: CredentialCallOptions): Promise<T>;
  /** `insideChange`: the device's own password change runs this call, so no unlock waits for it. */
  callOnce<T>(
    target: SessionTarget,
    call: Call<T>,
    options: CredentialCallOptions,
    insideChange: boolean,
  ): Promise<T>;
}

const isAuthFailure = (error: unknown): boolean => isDeviceError(error) && error.code === 'AUTH_REQUIRED';

/** A `keyWhenStored` call whose key the device refused: no token is tried instead (see the option). */
const keyRefused = (target: SessionTarget): DeviceError =>
  new DeviceError(
    'AUTH_REQUIRED',
    `${hostPort(target.address)}: the device refused the stored API key, which this read needs (the device's API takes only an API key for it): create a new API key for the device.`,
    { status: 401 },
    { text: message('errors.device.apiKeyRefused', { where: hostPort(target.address) }) },
  );

export function createCredentialCalls(deps: {
  vault: CredentialVault;
  sessions: DeviceSessions;
  unlocker: Unlocker;
}): CredentialCalls {
  const { vault, sessions, unlocker } = deps;

  const dropToken = (deviceId: string, token: string): void => {
    const s = sessions.of(deviceId);
    if (s.token === token) s.token = undefined;
  };

  async function withToken<T>(
    target: SessionTarget,
    call: Call<T>,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    const first = await unlocker.ensureToken(target, signal);
    try {
      return await call({ kind: 'token', token: first });
    } catch (error) {
      if (!isAuthFailure(error)) throw error;
      dropToken(target.deviceId, first);
    }
    // The session ended (expiry, reboot, password change): exactly one fresh unlock, shared.
    const second = await unlocker.ensureToken(target, signal, false, true);
    try {
      return await call({ kind: 'token', token: second });
    } catch (error) {
      if (!isAuthFailure(error)) throw error;
      dropToken(target.deviceId, second);
      const reasonText = message('errors.credentials.freshSessionRefused');
      throw needsPassword(sessions, target, 'the device refused a fresh session too', reasonText);
    }
  }

  return {
    async withCredential(target, call, options) {
      const s = sessions.of(target.deviceId);
      const keyOnly = options.keyWhenStored === true;
      if (options.tokenOnly !== true) {
        const stored = await vault.getApiKey(target.deviceId);
        if (stored !== undefined && (keyOnly || stored.secret !== s.refusedKey)) {
          try {
            return await call({ kind: 'apiKey', key: stored.secret });
          } catch (error) {
            if (!isAuthFailure(error)) throw error;
            s.refusedKey = stored.secret;
            if (keyOnly) throw keyRefused(target);
          }
        }
      }
      return withToken(target, call, options.signal);
    },

    async callOnce(target, call, options, insideChange) {
      const s = sessions.of(target.deviceId);
      if (options.tokenOnly !== true) {
        const stored = await vault.getApiKey(target.deviceId);
        if (stored !== undefined && stored.secret !== s.refusedKey) {
          try {
            return await call({ kind: 'apiKey', key: stored.secret });
          } catch (error) {
            if (isAuthFailure(error)) s.refusedKey = stored.secret;
            throw error;
          }
        }
      }
      const token = await unlocker.ensureToken(target, options.signal, insideChange);
      try {
        return await call({ kind: 'token', token });
      } catch (error) {
        if (isAuthFailure(error)) dropToken(target.deviceId, token);
        throw error;
      }
    },
  };
}
