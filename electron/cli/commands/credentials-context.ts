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
 * Secrets this command stored sit in a few journal entries (durable already); filing them into one entry
 * per secret takes a keychain write each, so it is said when it is many. Ctrl-C stops it safely: the next
 * command or the app files the rest.
 */
async function fileJournal(ctx: CliContext, keychain: Keychain): Promise<void> {
  const { store } = keychain;
  if (!isJournaledStore(store) || store.pending === 0) return;
  if (ctx.signal.aborted) return closeKeychain(keychain);
  if (store.pending >= 50) {
    ctx.output.err(
      `minerdeck: filing ${store.pending} stored secrets into their own keychain entries (they are safe already; Ctrl-C leaves the rest for next time)…`,
    );
  }
  const stop = () => void closeKeychain(keychain);
  ctx.signal.addEventListener('abort', stop, { once: true });
  try {
    await settleKeychain(keychain);
  } catch {
    // Closed by Ctrl-C, or the keychain failed mid-way: everything is still in the journal, nothing lost.
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
