/**
 * Reading and writing the vault's keychain accounts: one entry per account (vault-entry.ts), writes to one
 * account serialized (a read-modify-write of a site's members from 500 parallel unlocks must not lose any),
 * and "fresh" reads as every process sees the keychain now, from one listing shared for a short while.
 */
import type { AccountRef } from './accounts';
import { accountName } from './accounts';
import type { SecureStore } from './secure-store';
import type { VaultEntry } from './vault-entry';
import { decodeEntry, encodeEntry } from './vault-entry';

/** One keychain listing answers for this long: a bulk command reads hundreds of times; others may write. */
export const LISTING_TTL_MS = 2_000;

export interface VaultAccounts {
  /** Runs `task` after every earlier task on the same account. */
  exclusive<T>(account: string, task: () => Promise<T>): Promise<T>;
  read(ref: AccountRef): Promise<VaultEntry | undefined>;
  /** `read`, or with `fresh` the account as every process sees it (journals included); one listing per TTL. */
  readAs(fresh: boolean | undefined): (ref: AccountRef) => Promise<VaultEntry | undefined>;
  write(ref: AccountRef, entry: VaultEntry): Promise<void>;
}

export function createVaultAccounts(store: SecureStore): VaultAccounts {
  const queues = new Map<string, Promise<unknown>>();
  let snapshot: { at: number; values: Promise<Map<string, string>> } | undefined;

  const read = async (ref: AccountRef): Promise<VaultEntry | undefined> =>
    decodeEntry(await store.get(accountName(ref)));

  const readFresh = async (ref: AccountRef): Promise<VaultEntry | undefined> => {
    if (snapshot === undefined || Date.now() - snapshot.at > LISTING_TTL_MS) {
      const values = store.list().then((entries) => new Map(entries.map((e) => [e.account, e.value])));
      snapshot = { at: Date.now(), values };
      values.catch(() => {
        if (snapshot?.values === values) snapshot = undefined;
      });
    }
    return decodeEntry((await snapshot.values).get(accountName(ref)) ?? null);
  };

  return {
    exclusive(account, task) {
      const previous = queues.get(account) ?? Promise.resolve();
      const next = previous.then(task, task);
      const settled = next.catch(() => undefined);
      queues.set(account, settled);
      void settled.then(() => {
        if (queues.get(account) === settled) queues.delete(account);
      });
      return next;
    },
    read,
    readAs: (fresh) => (fresh === true ? readFresh : read),
    write: (ref, entry) => store.set(accountName(ref), encodeEntry(entry)),
  };
}
