/**
 * API-key provisioning and revocation for one device (docs/design.md, Credentials; field-notes.md, API keys).
 *
 * Create: a fresh key, `POST /apikeys {key, description}` in a password session, read the answer (three
 * shapes), then verify with `GET /status` carrying only `x-api-key` — and store the key only once the
 * device has honoured it. Any failure leaves the device on its password path with the reason said.
 * Revoke: `POST /apikeys/delete {key}` where the device has it, and forget the key locally either way.
 */
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import { message as said } from '../../../shared/i18n/message';
import type { MessageRef } from '../../../shared/i18n/message';
import type { AppError } from '../../../shared/result';
import type { DeviceClient } from '../device/client';
import { DeviceError, isDeviceError } from '../device/device-error';
import { hostPort } from '../device/network-errors';
import type { CreateAnswer } from './api-key';
import { generateApiKey, interpretCreateAnswer, keyDescription } from './api-key';
import { CredentialError } from './credential-error';
import { causeText } from '../errors/cause-text';
import { toAppError } from '../errors/to-app-error';
import { isKeychainError, KeychainError } from './secure-store';
import type { SessionManager } from './session-manager';
import type { SessionTarget } from './session-target';
import type { CredentialVault } from './vault';

export interface ProvisionResult {
  deviceId: string;
  /** How the device confirmed; `already-stored` when a stored key still works and nothing was created. */
  answer: CreateAnswer | 'already-stored';
  description: string;
  /** Where the key now rests: the OS keychain, or memory for this session only. */
  storedIn: 'keychain' | 'session-only';
}

export interface RevokeResult {
  deviceId: string;
  /** `deleted`: the device confirmed; `not-supported`: it has no delete endpoint; `failed`: see `error`. */
  onDevice: 'deleted' | 'not-supported' | 'failed';
  error?: AppError;
  /** The key's description, so it can be found in the device's own list when it is still there. */
  description?: string;
  /** The key is gone from the keychain (always, unless the keychain itself failed). */
  forgotten: true;
}

export interface Provisioner {
  provision(target: SessionTarget, options?: { signal?: AbortSignal }): Promise<ProvisionResult>;
  revoke(target: SessionTarget, options?: { signal?: AbortSignal }): Promise<RevokeResult>;
}

export interface ProvisionerOptions {
  client: DeviceClient;
  vault: CredentialVault;
  sessions: SessionManager;
  /** The laptop's host name, for key descriptions. */
  hostname: string;
  now?: () => Date;
}

/** Does the device honour this key? Only `x-api-key` is sent; a body saying `unlocked: false` is a no. */
async function verifyKey(
  client: DeviceClient,
  address: DeviceAddress,
  key: string,
  signal: AbortSignal | undefined,
): Promise<void> {
  const body = await client.getStatus(
    address,
    { kind: 'apiKey', key },
    signal === undefined ? {} : { signal },
  );
  const unlocked =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>).unlocked
      : undefined;
  if (unlocked !== undefined && unlocked !== true) {
    throw new DeviceError(
      'BAD_RESPONSE',
      `${hostPort(address)}: the device answered with the key but says unlocked: false.`,
      {},
      { text: said('errors.apiKey.saysLocked', { where: hostPort(address) }) },
    );
  }
}

const isNoSuchEndpoint = (error: unknown): boolean =>
  isDeviceError(error) && error.code === 'HTTP_ERROR' && [404, 405, 501].includes(error.detail.status ?? 0);

export function createProvisioner(options: ProvisionerOptions): Provisioner {
  const { client, vault, sessions, hostname } = options;
  const now = options.now ?? (() => new Date());
  const storedIn = vault.persistent ? 'keychain' : 'session-only';

  /** Re-throws `error` with what it means for the device's credentials appended, code kept. */
  const explain = (error: unknown, where: string, meaning: string, meaningText: MessageRef): Error => {
    const cause = toAppError(error);
    if (cause.code === 'CANCELLED') return error instanceof Error ? error : new Error(cause.message);
    const message = `${cause.message.replace(/\.$/, '')}; ${meaning}`;
    const text = said('errors.apiKey.explained', { cause: causeText(cause), meaning: meaningText });
    if (isDeviceError(error)) return new DeviceError(error.code, message, error.detail, { text });
    if (isKeychainError(error)) return new KeychainError(message, error.kind);
    return new CredentialError(
      'INTERNAL',
      `${where}: ${message}`,
      said('errors.apiKey.explainedAt', { where, cause: causeText(cause), meaning: meaningText }),
    );
  };

  async function provision(
    target: SessionTarget,
    call: { signal?: AbortSignal } = {},
  ): Promise<ProvisionResult> {
    const { deviceId, address } = target;
    const where = hostPort(address);
    const signal = call.signal;
    const existing = await vault.getApiKey(deviceId);
    if (existing !== undefined) {
      const stillGood = await verifyKey(client, address, existing.secret, signal).then(
        () => true,
        (error: unknown) => {
          if (isDeviceError(error) && (error.code === 'AUTH_REQUIRED' || error.code === 'BAD_RESPONSE'))
            return false;
          throw error;
        },
      );
      if (stillGood) {
        return { deviceId, answer: 'already-stored', description: existing.description ?? '', storedIn };
      }
    }

    const proposed = generateApiKey();
    const description = keyDescription(hostname, now());
    let created: { key: string; answer: CreateAnswer };
    try {
      const body = await sessions.withCredential(
        target,
        (credential) =>
          client.createApiKey(
            address,
            credential,
            { key: proposed, description },
            signal === undefined ? {} : { signal },
          ),
        { tokenOnly: true, ...(signal === undefined ? {} : { signal }) },
      );
      created = interpretCreateAnswer(body, proposed, where);
    } catch (error) {
      throw explain(
        error,
        where,
        'no API key was created; the device keeps using its password.',
        said('errors.apiKey.notCreated'),
      );
    }

    try {
      await verifyKey(client, address, created.key, signal);
    } catch (error) {
      throw explain(
        error,
        where,
        `the new API key ("${description}") could not be verified, so it was not stored; the device keeps using its password.`,
        said('errors.apiKey.notVerified', { description }),
      );
    }

    try {
      await vault.setApiKey(deviceId, created.key, { description, address: formatDeviceAddress(address) });
    } catch (error) {
      // A key nobody holds is a loose credential: take it off the device again while we still can.
      const deleted = await sessions
        .withCredential(target, (credential) => client.deleteApiKey(address, credential, created.key), {
          tokenOnly: true,
        })
        .then(
          () => true,
          () => false,
        );
      const removed = deleted
        ? 'it was deleted from the device again'
        : `it is still on the device as "${description}"`;
      throw explain(
        error,
        where,
        `the verified API key could not be stored, and ${removed}.`,
        said('errors.apiKey.notStored', { deleted: deleted ? 'yes' : 'no', description }),
      );
    }
    return { deviceId, answer: created.answer, description, storedIn };
  }

  async function revoke(target: SessionTarget, call: { signal?: AbortSignal } = {}): Promise<RevokeResult> {
    const { deviceId, address } = target;
    const stored = await vault.getApiKey(deviceId);
    if (stored === undefined) {
      throw new CredentialError(
        'NOT_FOUND',
        `${hostPort(address)}: no API key is stored for this device.`,
        said('errors.apiKey.noneStored', { where: hostPort(address) }),
      );
    }
    let onDevice: RevokeResult['onDevice'] = 'deleted';
    let error: AppError | undefined;
    try {
      await sessions.withCredential(
        target,
        (credential) =>
          client.deleteApiKey(
            address,
            credential,
            stored.secret,
            call.signal === undefined ? {} : { signal: call.signal },
          ),
        call.signal === undefined ? {} : { signal: call.signal },
      );
    } catch (failure) {
      onDevice = isNoSuchEndpoint(failure) ? 'not-supported' : 'failed';
      error = toAppError(failure);
    }
    await vault.deleteApiKey(deviceId);
    return {
      deviceId,
      onDevice,
      ...(error !== undefined ? { error } : {}),
      ...(stored.description !== undefined ? { description: stored.description } : {}),
      forgotten: true,
    };
  }

  return { provision, revoke };
}
