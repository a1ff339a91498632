/**
 * Keychain helpers for tests: a service name of their own per suite (docs/design.md, Testing: nothing leaks
 * between tests, nothing touches the production `minerdeck` service), cleaning it up, and running the
 * CLI inside a private — optionally locked — gnome-keyring.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { createKeytarStore } from '../../electron/core/credentials/keytar-store';
import type { CliRun } from './run-cli';
import { REPO_ROOT, runCli } from './run-cli';

export const PRIVATE_KEYRING_SCRIPT = resolve(REPO_ROOT, 'scripts/with-keyring.sh');

/** `minerdeck-test-<label>-<random>`: unique per suite and run. */
export const testServiceName = (label: string): string =>
  `minerdeck-test-${label}-${process.pid}-${randomBytes(4).toString('hex')}`;

/** Deletes every entry of `service` in the real keychain; returns how many there were. */
export async function clearService(service: string): Promise<number> {
  const store = createKeytarStore({ service, timeoutMs: 10_000 });
  const entries = await store.list();
  for (const { account } of entries) await store.delete(account);
  return entries.length;
}

/**
 * Runs the CLI on a private D-Bus session with a fresh gnome-keyring of its own (locked on request),
 * leaving the suite's keyring alone.
 */
export function runCliInPrivateKeyring(
  args: readonly string[],
  options: { locked: boolean; stdin?: string; env?: Record<string, string | undefined> },
): Promise<CliRun> {
  return runCli(args, {
    ...(options.stdin !== undefined ? { stdin: options.stdin } : {}),
    env: { MINERDECK_KEYRING_STAGE: undefined, ...options.env },
    prefix: [PRIVATE_KEYRING_SCRIPT, ...(options.locked ? ['--locked'] : [])],
    timeoutMs: 30_000,
  });
}
