/**
 * `minerdeck keychain`: is the OS keychain working, and if not, why and what to do. The same write/read/
 * delete probe the other commands run; exit 0 only when secrets will be remembered.
 */
import { keychainAdvice } from '../../core/credentials/open-keychain';
import { toAppError } from '../../core/errors/to-app-error';
import { createVault } from '../../core/credentials/vault';
import { parse } from '../args';
import { EXIT, reportError } from '../output';
import type { CliContext } from './context';
import { commonOptions } from './device-command';

export async function keychainCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const parsed = parse(argv, commonOptions);
  if (!parsed.ok) return reportError(ctx.output, parsed.error);
  const output = { ...ctx.output, json: parsed.value.values.json === true };
  const keychain = await ctx.openKeychain();
  const { state, reason, elapsedMs } = keychain.status;
  const available = state === 'available';
  const advice = keychainAdvice(keychain.status);
  let stored: { devices: number; apiKeys: number; sites: number } | undefined;
  if (available) {
    try {
      const listing = await createVault(keychain.store).list();
      stored = {
        devices: listing.devices.length,
        apiKeys: listing.devices.filter((d) => d.apiKey !== undefined).length,
        sites: listing.sites.length,
      };
    } catch (error) {
      return reportError(output, toAppError(error));
    }
  }
  if (output.json) {
    output.out(
      JSON.stringify({
        ok: available,
        state,
        service: keychain.service,
        ...(reason !== undefined ? { reason } : {}),
        advice,
        probeMs: elapsedMs,
        ...(stored !== undefined ? { stored } : {}),
      }),
    );
  } else {
    output.out(`keychain: ${state} (service "${keychain.service}", checked in ${elapsedMs} ms)`);
    if (reason !== undefined) output.out(`reason: ${reason}`);
    if (stored !== undefined) {
      output.out(
        `stored: ${stored.devices} devices, ${stored.apiKeys} with an API key; ${stored.sites} site passwords`,
      );
    }
    output.out(available ? advice : `what to do: ${advice}`);
  }
  return available ? EXIT.ok : EXIT.failed;
}
