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
import { createMemoryStore } from '../../core/credentials/memory-store';
import type { DeviceClient } from '../../core/device/client';
import type { CliContext } from './context';

export interface CliCredentials {
  client: DeviceClient;
  services: CredentialServices;
  /** False when secrets go to memory only and are gone when the command ends. */
  persistent: boolean;
  close(): void;
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
    close: () => {
      services.dispose();
      client.close();
    },
  };
}
