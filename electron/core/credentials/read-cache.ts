/**
 * A short-lived memo of keychain reads. The monitor asks for a device's API key on every poll (2,000
 * devices every 5 s); each read is a D-Bus round trip to the Secret Service. This process's own writes
 * update the memo at once; another process's change (a `minerdeck key revoke` beside the app) is seen
 * within `ttlMs`, and meanwhile a revoked key only earns one 401 before the password path takes over.
 */
export interface ReadCache<V> {
  /** The memo when fresh, else `load()`'s answer, remembered (misses too). */
  get(key: string, load: () => Promise<V>): Promise<V>;
  set(key: string, value: V): void;
  forget(key: string): void;
}

export function createReadCache<V>(ttlMs: number, now: () => number = Date.now): ReadCache<V> {
  const entries = new Map<string, { value: V; at: number }>();
  /** Bumped by every write, so a slow read that started before it cannot put an old value back. */
  const versions = new Map<string, number>();
  const bump = (key: string) => versions.set(key, (versions.get(key) ?? 0) + 1);
  return {
    async get(key, load) {
      const hit = entries.get(key);
      if (hit !== undefined && now() - hit.at < ttlMs) return hit.value;
      const version = versions.get(key);
      const value = await load();
      if (versions.get(key) === version) entries.set(key, { value, at: now() });
      return value;
    },
    set(key, value) {
      bump(key);
      entries.set(key, { value, at: now() });
    },
    forget(key) {
      bump(key);
      entries.delete(key);
    },
  };
}
