/**
 * Does the keychain really work? Asked once at start-up by writing a throw-away entry, reading it back and
 * deleting it. Reads alone cannot tell: a locked Secret Service keyring makes keytar's `getPassword`
 * answer `null` as if nothing were stored, so a locked keychain would look empty rather than broken.
 *
 * The answer is bounded in time (the store bounds each call, the probe bounds the whole) and carries the
 * system's own reason, so the CLI and the UI can say exactly why secrets will not be remembered.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { message } from '../../../shared/i18n/message';
import type { MessageRef } from '../../../shared/i18n/message';
import type { SecureStore } from './secure-store';
import { isKeychainError } from './secure-store';

export type KeychainState = 'available' | 'locked' | 'unavailable';

export interface KeychainStatus {
  state: KeychainState;
  /** Why it is not available, in the system's words where it gave any. Absent when available. */
  reason?: string;
  /** `reason` as a message for the window's language (issue 35), when Minerdeck made its words. */
  reasonText?: MessageRef;
  /** How long the probe took, for diagnostics. */
  elapsedMs: number;
}

/** Accounts the probe writes; the vault ignores them, so a probe killed half-way leaves nothing visible. */
export const PROBE_ACCOUNT_PREFIX = 'probe/';

/** Long enough for a desktop keyring's first D-Bus activation, short enough to wait for at start-up. */
export const DEFAULT_PROBE_TIMEOUT_MS = 5_000;

/** Secret Service ("…in a locked collection", "prompt dismissed") and macOS ("User interaction is not allowed"). */
const LOCKED_WORDS = /\block(ed)?\b|\bprompt\b|\bdismissed\b|interaction is not allowed/i;

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The system's words for a failed keychain call → locked or unavailable. */
export function stateOfFailure(reason: string): Omit<KeychainStatus, 'elapsedMs'> {
  return { state: LOCKED_WORDS.test(reason) ? 'locked' : 'unavailable', reason };
}

/** Said when a read-back comes back empty: what a locked Secret Service does instead of failing. */
export const SILENT_READ_REASON =
  'the keychain accepted a test entry but reading it back returned nothing: the keyring is locked';

/** A read-back that came back empty: locked, said so. */
export const SILENT_READ: Omit<KeychainStatus, 'elapsedMs'> = {
  state: 'locked',
  reason: SILENT_READ_REASON,
  reasonText: message('settings.keychain.reason.silentRead'),
};

/** No answer within `ms`: usually an unlock prompt nobody answers. */
export const timedOut = (ms: number): Omit<KeychainStatus, 'elapsedMs'> => ({
  state: 'locked',
  reason: `the keychain did not answer within ${ms} ms (it may be locked and waiting for an unlock prompt)`,
  reasonText: message('settings.keychain.reason.timeout', { ms }),
});

/** A failed call → locked or unavailable. A timeout is usually an unlock prompt nobody answers. */
function classify(error: unknown): Omit<KeychainStatus, 'elapsedMs'> {
  const reason = describe(error);
  if (isKeychainError(error) && error.kind === 'timeout') return { state: 'locked', reason };
  if (isKeychainError(error) && error.kind === 'not-loaded') return { state: 'unavailable', reason };
  return stateOfFailure(reason);
}

async function writeReadDelete(store: SecureStore): Promise<Omit<KeychainStatus, 'elapsedMs'>> {
  const account = `${PROBE_ACCOUNT_PREFIX}${randomUUID()}`;
  const value = randomBytes(18).toString('base64url');
  try {
    await store.set(account, value);
  } catch (error) {
    return classify(error);
  }
  let readBack: string | null;
  try {
    readBack = await store.get(account);
  } catch (error) {
    return classify(error);
  }
  if (readBack !== value) {
    await store.delete(account).catch(() => undefined);
    return SILENT_READ;
  }
  try {
    await store.delete(account);
  } catch (error) {
    return classify(error);
  }
  return { state: 'available' };
}

export async function probeKeychain(
  store: SecureStore,
  options: { timeoutMs?: number } = {},
): Promise<KeychainStatus> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<Omit<KeychainStatus, 'elapsedMs'>>((resolve) => {
    timer = setTimeout(() => resolve(timedOut(timeoutMs)), timeoutMs);
    timer.unref();
  });
  try {
    const result = await Promise.race([writeReadDelete(store), deadline]);
    return { ...result, elapsedMs: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}
