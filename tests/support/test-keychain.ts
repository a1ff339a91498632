/**
 * Keychains for UI tests, where the keychain itself is not under test (the keytar suites cover it): one
 * that works (memory underneath, reported as the OS keychain), and one that is locked, so the app runs
 * session-only and must say so.
 */
import { createMemoryStore } from '../../electron/core/credentials/memory-store';
import type { Keychain } from '../../electron/core/credentials/open-keychain';
import type { SecureStore } from '../../electron/core/credentials/secure-store';

export function workingKeychain(): Keychain & { store: SecureStore } {
  const memory = createMemoryStore();
  return {
    store: { ...memory, kind: 'keychain' },
    status: { state: 'available', elapsedMs: 1 },
    service: 'minerdeck-e2e',
  };
}

export function lockedKeychain(): Keychain {
  return {
    store: createMemoryStore(),
    status: {
      state: 'locked',
      reason: 'Cannot create an item in a locked collection',
      elapsedMs: 3,
    },
    service: 'minerdeck-e2e',
  };
}
