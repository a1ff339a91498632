/**
 * Start-up choice of where secrets go: the OS keychain when the probe says it works, else a memory store
 * (session-only mode). Never a file. The status travels with the store so every shell (CLI, Electron,
 * the test harness) can state plainly that nothing will be remembered, and why.
 */
import { createJournaledStore, isJournaledStore } from './journaled-store';
import { keychainAdviceWords } from './keychain-advice';
import { createKeytarStore } from './keytar-store';
import type { KeytarStoreOptions } from './keytar-store';
import { createMemoryStore } from './memory-store';
import type { KeychainStatus } from './probe';
import { DEFAULT_PROBE_TIMEOUT_MS, probeKeychain } from './probe';
import { probeKeychainInChild } from './probe-process';
import type { SecureStore } from './secure-store';

export interface Keychain {
  /** The keychain when available, else the session-only memory store. */
  store: SecureStore;
  status: KeychainStatus;
  /** The keychain service name the entries live under (`minerdeck` in production). */
  service: string;
}

export interface OpenKeychainOptions extends KeytarStoreOptions {
  /** Bound for each of the two probes. */
  probeTimeoutMs?: number;
  /** Skip the child-process probe (the store is not keytar, or the caller isolates it already). */
  inProcessOnly?: boolean;
  /**
   * File journalled writes into their own accounts by itself when writes go quiet (journaled-store.ts).
   * Long-lived processes (the app, `minerdeck monitor`) do; short CLI commands settle explicitly instead.
   * Default true.
   */
  autoFile?: boolean;
}

/** `MINERDECK_KEYCHAIN_TIMEOUT_MS`: how long to wait for the keychain (e.g. longer on a slow desktop). */
function probeTimeoutFrom(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const value = Number(env.MINERDECK_KEYCHAIN_TIMEOUT_MS);
  return Number.isInteger(value) && value >= 100 && value <= 120_000 ? value : undefined;
}

/**
 * Probes in a child process first (probe-process.ts: a hung keychain must not hang us), then — only when
 * that worked — with this process's own store, whose answer is final.
 */
export async function openKeychain(options: OpenKeychainOptions = {}): Promise<Keychain> {
  const started = performance.now();
  const keychain = createKeytarStore(options);
  // Probe entries live under a service of their own: another process listing the real service must never
  // enumerate an entry a probe is deleting at that moment (libsecret then hands keytar a NULL secret and
  // the listing process aborts).
  const probeService = `${keychain.service}.probe`;
  const timeoutMs = options.probeTimeoutMs ?? probeTimeoutFrom(options.env) ?? DEFAULT_PROBE_TIMEOUT_MS;
  const isolated =
    options.inProcessOnly === true
      ? undefined
      : await probeKeychainInChild({
          service: probeService,
          timeoutMs,
          ...(options.env !== undefined ? { env: options.env } : {}),
        });
  const probed =
    isolated !== undefined && isolated.state !== 'available'
      ? isolated
      : await probeKeychain(createKeytarStore({ ...options, service: probeService }), { timeoutMs });
  const status = { ...probed, elapsedMs: Math.round(performance.now() - started) };
  if (status.state !== 'available') return { store: createMemoryStore(), status, service: keychain.service };
  const store = createJournaledStore(keychain, { autoFile: options.autoFile ?? true });
  // Journal entries an earlier process left (it crashed, or a CLI command exited) become readable now.
  await store.recover().catch(() => undefined); // a failing listing shows again, clearly, at first use
  return { store, status, service: keychain.service };
}

/** Files journalled secrets into their own keychain accounts and waits for it (no-op for other stores). */
export async function settleKeychain(keychain: Keychain): Promise<void> {
  if (isJournaledStore(keychain.store)) await keychain.store.settle();
}

/** Commits queued writes and stops background filing; what is journalled stays safe for the next start. */
export async function closeKeychain(keychain: Keychain): Promise<void> {
  if (isJournaledStore(keychain.store)) await keychain.store.close();
}

/** What a technician can do about a keychain that is not available, per platform (keychain-advice.ts). */
export function keychainAdvice(status: KeychainStatus, platform: NodeJS.Platform = process.platform): string {
  return keychainAdviceWords(status, platform).message;
}
