/**
 * The session-only store: a Map in this process. Used when the keychain is locked or missing (so the
 * technician can still work, and is told nothing will be remembered), and by tests and benchmarks that
 * are not about the keychain itself.
 */
import type { SecureStore } from './secure-store';

export function createMemoryStore(): SecureStore {
  const entries = new Map<string, string>();
  return {
    kind: 'memory',
    get: async (account) => entries.get(account) ?? null,
    set: async (account, value) => {
      entries.set(account, value);
    },
    delete: async (account) => entries.delete(account),
    list: async () => [...entries].map(([account, value]) => ({ account, value })),
  };
}
