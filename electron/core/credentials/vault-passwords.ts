/**
 * A device's passwords in the vault: its own (which overrides its site's), the new one a change is about
 * to send (`pending-password`, durable before the change goes out), and the refusals that keep a password
 * from being sent again by itself, in any process.
 */
import type { AccountRef } from './accounts';
import { accountName } from './accounts';
import type { SecureStore } from './secure-store';
import type { SiteMembership } from './site-members';
import type { PasswordSource, PendingPassword, StoredPassword } from './stored-secret';
import { secretOf } from './stored-secret';
import type { VaultAccounts } from './vault-accounts';

export interface DevicePasswords {
  passwordFor(
    deviceId: string,
    siteId: string | undefined,
    options?: { fresh?: boolean },
  ): Promise<StoredPassword | undefined>;
  setDevicePassword(
    deviceId: string,
    secret: string,
    meta?: { address?: string; changedAt?: string },
  ): Promise<void>;
  deleteDevicePassword(deviceId: string): Promise<boolean>;
  setPendingPassword(
    deviceId: string,
    secret: string,
    meta: { changedAt: string; address?: string },
  ): Promise<void>;
  pendingPasswordFor(deviceId: string, options?: { fresh?: boolean }): Promise<PendingPassword | undefined>;
  markPendingRejected(deviceId: string): Promise<void>;
  deletePendingPassword(deviceId: string): Promise<boolean>;
  markPasswordRejected(source: PasswordSource, deviceId: string, secret?: string): Promise<void>;
}

export function createDevicePasswords(deps: {
  store: SecureStore;
  accounts: VaultAccounts;
  sites: SiteMembership;
  now: () => Date;
}): DevicePasswords {
  const { store, accounts, sites, now } = deps;
  const { exclusive, read, readAs, write } = accounts;

  return {
    async passwordFor(deviceId, siteId, options = {}) {
      const read = readAs(options.fresh);
      const own = await read({ kind: 'device-password', deviceId });
      const ownSecret = secretOf(own);
      if (own !== undefined && ownSecret !== undefined) {
        return { ...ownSecret, source: { kind: 'device' }, rejected: own.rejected === true };
      }
      const site = siteId ?? (await sites.siteOf(deviceId));
      if (site === undefined) return undefined;
      const entry = await read({ kind: 'site-password', siteId: site });
      const secret = secretOf(entry);
      if (entry === undefined || secret === undefined) return undefined;
      return {
        ...secret,
        source: { kind: 'site', siteId: site },
        rejected: (entry.rejectedBy ?? []).includes(deviceId),
      };
    },

    setDevicePassword: async (deviceId, secret, meta = {}) => {
      const ref: AccountRef = { kind: 'device-password', deviceId };
      await exclusive(accountName(ref), () => write(ref, { secret, storedAt: now().toISOString(), ...meta }));
      await sites.leaveOtherSites(deviceId, secret);
    },

    deleteDevicePassword: async (deviceId) =>
      store.delete(accountName({ kind: 'device-password', deviceId })),

    setPendingPassword: async (deviceId, secret, meta) => {
      const ref: AccountRef = { kind: 'pending-password', deviceId };
      return exclusive(accountName(ref), () =>
        write(ref, { secret, storedAt: now().toISOString(), ...meta }),
      );
    },

    async pendingPasswordFor(deviceId, options = {}) {
      const entry = await readAs(options.fresh)({ kind: 'pending-password', deviceId });
      if (entry === undefined) return undefined;
      return {
        secret: entry.secret,
        since: entry.changedAt ?? entry.storedAt,
        rejected: entry.rejected === true,
        ...(entry.address !== undefined ? { address: entry.address } : {}),
      };
    },

    markPendingRejected: async (deviceId) => {
      const ref: AccountRef = { kind: 'pending-password', deviceId };
      return exclusive(accountName(ref), async () => {
        const entry = await read(ref);
        if (entry !== undefined) await write(ref, { ...entry, rejected: true });
      });
    },

    deletePendingPassword: async (deviceId) =>
      store.delete(accountName({ kind: 'pending-password', deviceId })),

    markPasswordRejected: async (source, deviceId, secret) => {
      const ref: AccountRef =
        source.kind === 'device'
          ? { kind: 'device-password', deviceId }
          : { kind: 'site-password', siteId: source.siteId };
      return exclusive(accountName(ref), async () => {
        const entry = await read(ref);
        if (entry === undefined || (secret !== undefined && entry.secret !== secret)) return;
        if (ref.kind === 'device-password') await write(ref, { ...entry, rejected: true });
        else
          await write(ref, { ...entry, rejectedBy: [...new Set([...(entry.rejectedBy ?? []), deviceId])] });
      });
    },
  };
}
