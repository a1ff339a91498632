/**
 * A device's API key in the vault. The monitor reads it on every poll, so reads go through a short memo
 * (read-cache.ts) that this process's own writes and deletes keep exact.
 */
import type { AccountRef } from './accounts';
import { accountName } from './accounts';
import { createReadCache } from './read-cache';
import type { SecureStore } from './secure-store';
import type { StoredSecret } from './stored-secret';
import { secretOf } from './stored-secret';
import type { VaultAccounts } from './vault-accounts';
import type { VaultEntry } from './vault-entry';

/**
 * Another process's change of a key is seen within this (read-cache.ts). Ten minutes, not seconds: at
 * 10,000 devices polled every 10 s a 30 s memo meant 333 keychain round trips a second. A key revoked by
 * another process costs one 401 (the refused key is remembered and the token path takes over); a key
 * provisioned by another process is used from the next read, while the session token serves meanwhile.
 */
const API_KEY_TTL_MS = 600_000;

export interface ApiKeys {
  getApiKey(deviceId: string): Promise<StoredSecret | undefined>;
  setApiKey(deviceId: string, key: string, meta: { description: string; address?: string }): Promise<void>;
  deleteApiKey(deviceId: string): Promise<boolean>;
}

export function createApiKeys(store: SecureStore, accounts: VaultAccounts, now: () => Date): ApiKeys {
  const memo = createReadCache<StoredSecret | undefined>(API_KEY_TTL_MS, () => now().getTime());
  return {
    getApiKey: (deviceId) =>
      memo.get(deviceId, async () => secretOf(await accounts.read({ kind: 'api-key', deviceId }))),

    setApiKey: async (deviceId, key, meta) => {
      const ref: AccountRef = { kind: 'api-key', deviceId };
      const entry: VaultEntry = { secret: key, storedAt: now().toISOString(), ...meta };
      return accounts.exclusive(accountName(ref), async () => {
        memo.forget(deviceId);
        await accounts.write(ref, entry);
        memo.set(deviceId, secretOf(entry));
      });
    },

    deleteApiKey: async (deviceId) => {
      const account = accountName({ kind: 'api-key', deviceId });
      // Forgotten before (a read already under way cannot memoize the key) and after (nor one that
      // started while the delete ran).
      memo.forget(deviceId);
      try {
        return await store.delete(account);
      } finally {
        memo.forget(deviceId);
      }
    },
  };
}
