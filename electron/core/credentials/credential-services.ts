/**
 * The credentials capability, wired once by whichever shell runs it (CLI, Electron main, test harness):
 * the vault over the store `openKeychain` chose, the session manager, provisioning, the identity
 * resolver, and the bulk operations a technician runs on a batch of new devices — unlock with one
 * password, provision keys — each reporting one outcome per device and progress through the event hub.
 */
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import type { DeviceClient } from '../device/client';
import type { EventHub } from '../events/event-hub';
import type { BulkOutcome, BulkProgress } from './bulk';
import { runBulk } from './bulk';
import { toAppError } from '../errors/to-app-error';
import type { DeviceIdentityResolver } from './device-identity';
import { addressDeviceId } from './device-identity';
import { createIdentityResolver } from './identity-resolver';
import type { Keychain } from './open-keychain';
import { closeKeychain } from './open-keychain';
import type { ProvisionResult, Provisioner } from './provisioning';
import { createProvisioner } from './provisioning';
import { KeychainError } from './secure-store';
import type { SessionManager } from './session-manager';
import type { SessionTarget } from './session-target';
import { createSessionManager } from './session-manager';
import type { CredentialVault } from './vault';
import { createVault } from './vault';
import { errorCopy } from '../errors/cause-text';

export interface BulkTarget {
  address: DeviceAddress;
  /** Known by the caller (the inventory); resolved from the device when absent. */
  deviceId?: string;
  siteId?: string;
}

export interface UnlockValue {
  deviceId: string;
  /** Set with `remember`: where the password now rests. */
  remembered?: 'keychain' | 'session-only';
}

export type UnlockOutcome = BulkOutcome<BulkTarget, UnlockValue>;
export type ProvisionOutcome = BulkOutcome<BulkTarget, ProvisionResult>;

interface BulkRunOptions<V> {
  signal?: AbortSignal;
  concurrency?: number;
  onOutcome?: (outcome: BulkOutcome<BulkTarget, V>, progress: BulkProgress) => void;
}

export interface UnlockManyOptions extends BulkRunOptions<UnlockValue> {
  /** Store the password for the devices that accepted it. */
  remember?: boolean;
  /** With `remember`: store it once as this site's password instead of once per device. */
  siteId?: string;
}

export interface ProvisionManyOptions extends BulkRunOptions<ProvisionResult> {
  /** A password the user just gave, tried before any stored one. */
  password?: string;
}

export interface CredentialServices {
  keychain: Keychain;
  vault: CredentialVault;
  sessions: SessionManager;
  provisioner: Provisioner;
  identity: DeviceIdentityResolver;
  unlockMany(
    targets: readonly BulkTarget[],
    password: string,
    options?: UnlockManyOptions,
  ): Promise<UnlockOutcome[]>;
  provisionMany(targets: readonly BulkTarget[], options?: ProvisionManyOptions): Promise<ProvisionOutcome[]>;
  /** Forgets tokens and session passwords; commits queued keychain writes and stops background filing. */
  dispose(): Promise<void>;
}

export interface CredentialServicesOptions {
  client: DeviceClient;
  keychain: Keychain;
  /** The laptop's host name, for API-key descriptions. */
  hostname: string;
  events?: EventHub;
  /** Replaces the MAC/address resolver (the inventory will). */
  identity?: DeviceIdentityResolver;
  now?: () => Date;
}

export function createCredentialServices(options: CredentialServicesOptions): CredentialServices {
  const { client, keychain, events } = options;
  const vault = createVault(keychain.store, options.now);
  const sessions = createSessionManager({ client, vault });
  const provisioner = createProvisioner({
    client,
    vault,
    sessions,
    hostname: options.hostname,
    ...(options.now !== undefined ? { now: options.now } : {}),
  });
  const identity = options.identity ?? createIdentityResolver({ client, vault });

  /** Forwards each outcome to the caller and, as metadata only, to the event hub. */
  function reporter<V>(operation: 'unlock' | 'provision', onOutcome: BulkRunOptions<V>['onOutcome']) {
    return (outcome: BulkOutcome<BulkTarget, V>, progress: BulkProgress): void => {
      onOutcome?.(outcome, progress);
      if (events === undefined) return;
      const value = outcome.ok ? (outcome.value as { deviceId?: string }) : undefined;
      const retry = outcome.ok ? undefined : outcome.error.detail?.retryAfterSeconds;
      events.emit({
        type: 'credentials:device',
        payload: {
          operation,
          address: formatDeviceAddress(outcome.item.address),
          ...(value?.deviceId !== undefined ? { deviceId: value.deviceId } : {}),
          ok: outcome.ok,
          ...(outcome.ok
            ? {}
            : {
                error: {
                  ...errorCopy(outcome.error),
                  ...(typeof retry === 'number' ? { retryAfterSeconds: retry } : {}),
                },
              }),
        },
      });
      events.emit({ type: 'credentials:progress', payload: { operation, ...progress } });
    };
  }

  const bulkOptions = <V>(operation: 'unlock' | 'provision', o: BulkRunOptions<V>) => ({
    onOutcome: reporter(operation, o.onOutcome),
    ...(o.signal !== undefined ? { signal: o.signal } : {}),
    ...(o.concurrency !== undefined ? { concurrency: o.concurrency } : {}),
  });

  async function unlockMany(targets: readonly BulkTarget[], password: string, o: UnlockManyOptions = {}) {
    const remember = o.remember === true;
    let siteStored: Promise<void> | undefined;
    const storeFor = async (target: SessionTarget): Promise<void> => {
      const address = formatDeviceAddress(target.address);
      if (o.siteId === undefined) return vault.setDevicePassword(target.deviceId, password, { address });
      // The site password is written once, on the first device that accepts it.
      siteStored ??= vault.setSitePassword(o.siteId, password);
      await siteStored;
      await vault.addSiteMember(o.siteId, { deviceId: target.deviceId, address });
      // The site password works for this device now: an older per-device override would only shadow it.
      await vault.deleteDevicePassword(target.deviceId);
    };
    return runBulk<BulkTarget, UnlockValue>(
      targets,
      async (item, signal) => {
        const call = signal === undefined ? {} : { signal };
        const deviceId =
          item.deviceId ??
          (remember ? await identity.resolve(item.address, call) : addressDeviceId(item.address));
        const target: SessionTarget = {
          deviceId,
          address: item.address,
          ...(item.siteId !== undefined ? { siteId: item.siteId } : {}),
        };
        await sessions.unlockWith(target, password, call);
        if (!remember) return { deviceId };
        try {
          await storeFor(target);
        } catch (error) {
          throw new KeychainError(
            `${formatDeviceAddress(item.address)}: the password was accepted but could not be stored: ${toAppError(error).message}`,
          );
        }
        return { deviceId, remembered: vault.persistent ? 'keychain' : 'session-only' };
      },
      bulkOptions('unlock', o),
    );
  }

  function provisionMany(targets: readonly BulkTarget[], o: ProvisionManyOptions = {}) {
    return runBulk<BulkTarget, ProvisionResult>(
      targets,
      async (item, signal) => {
        const call = signal === undefined ? {} : { signal };
        const deviceId = item.deviceId ?? (await identity.resolve(item.address, call));
        const target: SessionTarget = {
          deviceId,
          address: item.address,
          ...(item.siteId !== undefined ? { siteId: item.siteId } : {}),
        };
        if (o.password !== undefined) await sessions.unlockWith(target, o.password, call);
        return provisioner.provision(target, call);
      },
      bulkOptions('provision', o),
    );
  }

  return {
    keychain,
    vault,
    sessions,
    provisioner,
    identity,
    unlockMany,
    provisionMany,
    dispose: async () => {
      sessions.clear();
      await closeKeychain(keychain);
    },
  };
}
