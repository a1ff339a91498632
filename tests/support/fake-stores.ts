/**
 * SecureStore doubles, all in one place: a keychain that never answers (a locked desktop keyring waiting
 * on a prompt), one that refuses with the system's message, one that accepts writes and reads back
 * nothing (what a locked Secret Service does through keytar), and a counting wrapper around a real store.
 */
import { KeychainError } from '../../electron/core/credentials/secure-store';
import type { SecureStore } from '../../electron/core/credentials/secure-store';
import { createMemoryStore } from '../../electron/core/credentials/memory-store';
import type { KeytarApi } from '../../electron/core/credentials/keytar-store';

/** Every call pends until `release()` (tests must release so nothing outlives them). */
export function hangingStore(): SecureStore & { release(): void } {
  const waiting: (() => void)[] = [];
  const pend = <T>(value: T): Promise<T> =>
    new Promise<T>((resolve) => {
      waiting.push(() => resolve(value));
    });
  return {
    kind: 'keychain',
    get: () => pend(null),
    set: () => pend(undefined),
    delete: () => pend(false),
    list: () => pend([]),
    release: () => {
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}

/** Fails every call with `message`, the way keytar reports a Secret Service error. */
export function refusingStore(message: string): SecureStore {
  const fail = (): Promise<never> => Promise.reject(new KeychainError(message));
  return { kind: 'keychain', get: fail, set: fail, delete: fail, list: fail };
}

/** Accepts writes, reads back `null`: keytar's getPassword on a locked keyring. */
export function silentlyLockedStore(): SecureStore {
  return {
    kind: 'keychain',
    get: async () => null,
    set: async () => undefined,
    delete: async () => false,
    list: async () => [],
  };
}

export interface CountingStore extends SecureStore {
  counts: { get: number; set: number; delete: number; list: number };
  /** Accounts of the writes that succeeded, in order. */
  written: string[];
  /** Accounts whose `set` fails (e.g. a keychain that breaks between verify and store). */
  failSetFor: (account: string) => boolean;
}

/** A real store (memory by default) that counts calls and can be told to fail some writes. */
export function countingStore(inner: SecureStore = createMemoryStore()): CountingStore {
  const store: CountingStore = {
    kind: inner.kind,
    counts: { get: 0, set: 0, delete: 0, list: 0 },
    written: [],
    failSetFor: () => false,
    get: (account) => {
      store.counts.get += 1;
      return inner.get(account);
    },
    set: (account, value) => {
      store.counts.set += 1;
      if (store.failSetFor(account))
        return Promise.reject(new KeychainError('the keychain refused to store an entry: test failure'));
      store.written.push(account);
      return inner.set(account, value);
    },
    delete: (account) => {
      store.counts.delete += 1;
      return inner.delete(account);
    },
    list: () => {
      store.counts.list += 1;
      return inner.list();
    },
  };
  return store;
}

/** A keytar that cannot be loaded (no native build for this platform). */
export const missingKeytar = (): Promise<KeytarApi> =>
  Promise.reject(new Error("Cannot find module '../build/Release/keytar.node'"));

/** A keytar whose every call waits forever (a Secret Service that accepted the connection and went quiet). */
export function silentKeytar(): KeytarApi {
  const never = <T>(): Promise<T> => new Promise<T>(() => undefined);
  return { getPassword: never, setPassword: never, deletePassword: never, findCredentials: never };
}
