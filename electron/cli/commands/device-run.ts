/**
 * The two steps every command over named devices opens with, the same way: the keychain and a client whose
 * failures to connect are watched (a device that never answered is named offline, not refused), and the
 * bulk options of the run (the command's Ctrl-C signal and its `--concurrency`, when given).
 */
import type { TlsPins } from '../../core/device/tls-pinning';
import type { ReachabilityWatch } from '../../core/commission/password-targets';
import { watchReachability } from '../../core/commission/password-targets';
import type { CliContext } from './context';
import type { CliCredentials } from './credentials-context';
import { openCliCredentials } from './credentials-context';

export async function openReachingCredentials(
  ctx: CliContext,
  timeoutMs: number | undefined,
  /** Pins every connection of the command uses (a firmware step's overlay: a certificate trusted on the way counts at once). */
  tlsPins?: TlsPins,
): Promise<{ reach: ReachabilityWatch; credentials: CliCredentials }> {
  const reach = watchReachability();
  const credentials = await openCliCredentials(
    {
      ...ctx,
      createClient: (options) =>
        reach.wrap(ctx.createClient(tlsPins === undefined ? options : { ...options, tlsPins })),
    },
    { timeoutMs, keychain: 'open' },
  );
  return { reach, credentials };
}

export const bulkOf = (
  ctx: CliContext,
  concurrency: number | undefined,
): { signal: AbortSignal; concurrency?: number } => ({
  signal: ctx.signal,
  ...(concurrency !== undefined ? { concurrency } : {}),
});
