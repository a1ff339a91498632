/**
 * Opening the credentials capability for one CLI command: the device client, the keychain (probed, with
 * the session-only notice on stderr when it does not work), and the services over them. Commands that
 * need nothing stored (`unlock` without `--remember`) skip the keychain entirely.
 */
import type { AppError } from '../../../shared/result';
import { appError } from '../../../shared/result';
import type { CredentialServices } from '../../core/credentials/credential-services';
import { createCredentialServices } from '../../core/credentials/credential-services';
import type { Keychain } from '../../core/credentials/open-keychain';
import { closeKeychain, settleKeychain } from '../../core/credentials/open-keychain';
import { isJournaledStore } from '../../core/credentials/journaled-store';
import { createMemoryStore } from '../../core/credentials/memory-store';
import type { DeviceClient } from '../../core/device/client';
import type { CliContext } from './context';

export interface CliCredentials {
  client: DeviceClient;
  services: CredentialServices;
  /** False when secrets go to memory only and are gone when the command ends. */
  persistent: boolean;
  /** Files what this command stored into its own keychain entries (see journaled-store.ts), then closes. */
  close(): Promise<void>;
}

/** A keychain that was never opened: memory only, for commands that store nothing. */
const unopened = (): Keychain => ({
  store: createMemoryStore(),
  status: { state: 'unavailable', reason: 'not needed by this command', elapsedMs: 0 },
  service: '',
});

export function sessionOnlyNotice(keychain: Keychain): string {
  return `minerdeck: keychain ${keychain.status.state}: ${keychain.status.reason ?? 'no reason given'}. Session-only mode: nothing is stored, and secrets stay in memory until this command ends. Run "minerdeck keychain" for what to do.`;
}

/** The refusal of commands whose whole point is storing (creating a key nobody could keep). */
export function keychainRequired(keychain: Keychain, what: string): AppError {
  return appError(
    'KEYCHAIN_UNAVAILABLE',
    `the keychain is ${keychain.status.state} (${keychain.status.reason ?? 'no reason given'}), so ${what}. Run "minerdeck keychain" for what to do.`,
  );
}

/**
 * Secrets this command stored sit in a few journal entries (durable already: journaled-store.ts); here they
 * are filed into one entry per secret before the command ends, so the next command finds nothing to file.
 * Nothing is at risk while it runs, so nothing is said (the words a technician would see could only puzzle
 * him). A filing step that failed is tried once more; only when the keychain still did not take them is it
 * said, in plain words, since the next command then does it. Ctrl-C stops it safely: all stays in the journal.
 */
async function fileJournal(ctx: CliContext, keychain: Keychain): Promise<void> {
  const { store } = keychain;
  if (!isJournaledStore(store) || store.pending === 0) return;
  if (ctx.signal.aborted) return closeKeychain(keychain);
  const stop = () => void closeKeychain(keychain);
  ctx.signal.addEventListener('abort', stop, { once: true });
  try {
    for (let attempt = 0; attempt < 2 && store.pending > 0 && !ctx.signal.aborted; attempt++) {
      // A failed step leaves everything in the journal: nothing lost, so the error itself is not the news.
      await settleKeychain(keychain).catch(() => undefined);
    }
    if (store.pending > 0 && !ctx.signal.aborted) {
      ctx.output.err(
        `minerdeck: the keychain was slow to take ${store.pending} of the passwords and keys this command stored into their own entries; they are stored safely, and the next minerdeck command (or the app) finishes it.`,
      );
    }
  } finally {
    ctx.signal.removeEventListener('abort', stop);
    await closeKeychain(keychain);
  }
}

export async function openCliCredentials(
  ctx: CliContext,
  options: { timeoutMs: number | undefined; keychain: 'open' | 'none' },
): Promise<CliCredentials> {
  const keychain = options.keychain === 'open' ? await ctx.openKeychain() : unopened();
  if (options.keychain === 'open' && keychain.status.state !== 'available') {
    ctx.output.err(sessionOnlyNotice(keychain));
  }
  const client = ctx.createClient(
    options.timeoutMs === undefined ? {} : { totalTimeoutMs: options.timeoutMs },
  );
  const services = createCredentialServices({ client, keychain, hostname: ctx.hostname });
  return {
    client,
    services,
    persistent: keychain.store.kind === 'keychain',
    close: async () => {
      client.close();
      await fileJournal(ctx, keychain);
      await services.dispose();
    },
  };
}
