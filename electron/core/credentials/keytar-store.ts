/**
 * The OS keychain through keytar (Secret Service on Linux, Keychain on macOS, Credential Manager on
 * Windows), under one service name: `minerdeck`, or `MINERDECK_KEYCHAIN_SERVICE` so each test run has
 * its own.
 *
 * Every call is bounded in time: a locked desktop keyring answers a write by opening an unlock prompt and
 * waiting for the user, and a wedged D-Bus never answers at all. A hung call becomes a KeychainError after
 * `timeoutMs` (the native call itself cannot be cancelled; it finishes or not in the background).
 * keytar is loaded on first use, not at import, so a missing native build means "keychain unavailable",
 * not a crash of the whole app.
 */
import { KeychainError } from './secure-store';
import type { SecureStore } from './secure-store';

/** The part of keytar this store uses; also the seam for loading it lazily. */
export interface KeytarApi {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>;
}

export const DEFAULT_KEYCHAIN_SERVICE = 'minerdeck';
export const DEFAULT_KEYCHAIN_TIMEOUT_MS = 3_000;

export interface KeytarStoreOptions {
  /** Default: `MINERDECK_KEYCHAIN_SERVICE` from `env`, else `minerdeck`. */
  service?: string;
  env?: NodeJS.ProcessEnv;
  /** Longest wait for one keychain call. Default 3 s. */
  timeoutMs?: number;
  /** Default: `import('keytar')`. */
  loadKeytar?: () => Promise<KeytarApi>;
}

export interface KeytarStore extends SecureStore {
  readonly service: string;
}

export function keychainServiceName(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.MINERDECK_KEYCHAIN_SERVICE?.trim();
  return fromEnv !== undefined && fromEnv !== '' ? fromEnv : DEFAULT_KEYCHAIN_SERVICE;
}

async function importKeytar(): Promise<KeytarApi> {
  const module = (await import('keytar')) as unknown as { default?: KeytarApi } & KeytarApi;
  return module.default ?? module;
}

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export function createKeytarStore(options: KeytarStoreOptions = {}): KeytarStore {
  const service = options.service ?? keychainServiceName(options.env);
  const timeoutMs = options.timeoutMs ?? DEFAULT_KEYCHAIN_TIMEOUT_MS;
  const load = options.loadKeytar ?? importKeytar;
  let keytar: Promise<KeytarApi> | undefined;

  const api = (): Promise<KeytarApi> => {
    keytar ??= load().catch((error: unknown) => {
      keytar = undefined;
      throw new KeychainError(
        `the keychain library (keytar) could not be loaded: ${reason(error)}`,
        'not-loaded',
        {
          cause: error,
        },
      );
    });
    return keytar;
  };

  /** Runs one keychain call with a deadline; every failure becomes a KeychainError naming the operation. */
  async function bounded<T>(what: string, call: (k: KeytarApi) => Promise<T>): Promise<T> {
    const k = await api();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new KeychainError(
              `the keychain did not answer within ${timeoutMs} ms while trying to ${what} (it may be locked and waiting for an unlock prompt)`,
              'timeout',
            ),
          ),
        timeoutMs,
      );
      timer.unref();
    });
    try {
      return await Promise.race([call(k), deadline]);
    } catch (error) {
      if (error instanceof KeychainError) throw error;
      throw new KeychainError(`the keychain refused to ${what}: ${reason(error)}`, 'failed', {
        cause: error,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Writes go one at a time: gnome-keyring rewrites its whole keyring file on every change, and parallel
   * writes contend for it (500 parallel sets measured 2.5× slower than the same 500 in a row).
   */
  let writes: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(task: () => Promise<T>): Promise<T> => {
    const next = writes.then(task, task);
    writes = next.catch(() => undefined);
    return next;
  };

  return {
    kind: 'keychain',
    service,
    get: (account) => bounded('read an entry', (k) => k.getPassword(service, account)),
    set: (account, value) =>
      oneAtATime(() => bounded('store an entry', (k) => k.setPassword(service, account, value))),
    delete: (account) =>
      oneAtATime(() => bounded('delete an entry', (k) => k.deletePassword(service, account))),
    // In the same lane as writes: libsecret hands a listing a NULL secret for an entry deleted under it,
    // and keytar then aborts the whole process (seen: a bulk password change deleting its pending
    // entries while another device's site lookup listed the service).
    list: () =>
      oneAtATime(async () =>
        (await bounded('list entries', (k) => k.findCredentials(service))).map((c) => ({
          account: c.account,
          value: c.password,
        })),
      ),
  };
}
