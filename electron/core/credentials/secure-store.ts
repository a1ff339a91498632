/**
 * Where secrets rest. Two implementations: the OS keychain through keytar (keytar-store.ts) and a memory
 * store for session-only mode (memory-store.ts). There is deliberately no file-backed store: when the
 * keychain does not work, secrets live in memory and are gone when the process ends (docs/design.md,
 * Credentials) — a plaintext file would outlive the laptop's hand-over.
 *
 * The store speaks in opaque `account → value` strings; the vault (vault.ts) gives them meaning.
 */

/** One stored item as the store returns it in `list()`. The vault strips `value` before anyone sees it. */
export interface StoredEntry {
  account: string;
  value: string;
}

export type SecureStoreKind = 'keychain' | 'memory';

export interface SecureStore {
  /** `keychain` survives the process; `memory` does not (session-only mode). */
  readonly kind: SecureStoreKind;
  /** The value, or `null` when nothing is stored under `account`. */
  get(account: string): Promise<string | null>;
  /** Creates or replaces. */
  set(account: string, value: string): Promise<void>;
  /** `true` when something was deleted. */
  delete(account: string): Promise<boolean>;
  /** Every entry of this store's service, values included: only the vault calls it. */
  list(): Promise<StoredEntry[]>;
}

/**
 * A keychain operation failed or did not answer. The message says what the system said (e.g. "Cannot
 * create an item in a locked collection") and never contains a stored value.
 */
export class KeychainError extends Error {
  readonly code = 'KEYCHAIN_UNAVAILABLE' as const;

  /**
   * `timeout`: no answer in time (often a locked keyring waiting on an unlock prompt); `not-loaded`: the
   * native library is missing; `failed`: the system answered with an error.
   */
  constructor(
    message: string,
    readonly kind: 'timeout' | 'not-loaded' | 'failed' = 'failed',
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'KeychainError';
  }
}

export const isKeychainError = (value: unknown): value is KeychainError => value instanceof KeychainError;
