/**
 * `minerdeck key list`: which device has what in the keychain — its own password or its site's, an API
 * key and its description, when each was stored — and never a secret. One JSON object per device with
 * `--json`.
 */
import type { DeviceCredentialInfo } from '../../core/credentials/vault';
import { toAppError } from '../../core/errors/to-app-error';
import { parse } from '../args';
import { EXIT, reportError } from '../output';
import type { CliContext } from './context';
import { KEY_LIST_USAGE } from './command-usage';
import { keychainRequired, openCliCredentials } from './credentials-context';
import { commonOptions } from './device-command';

function passwordText(info: DeviceCredentialInfo): string {
  const p = info.password;
  if (p === undefined) return 'no password';
  const which = p.source === 'site' ? `site "${p.siteId ?? '?'}" password` : 'own password';
  const pending = info.pendingPassword;
  // A password change this laptop started and never saw confirmed (crash, lost answer): say so.
  const unconfirmed =
    pending === undefined
      ? ''
      : `; a new password set here at ${pending.since} is ${pending.rejected ? 'refused by the device' : 'not confirmed yet'}`;
  return `${which}${p.rejected ? ' (refused by the device: give a new one)' : ''}${unconfirmed}`;
}

function humanLine(info: DeviceCredentialInfo): string {
  const key =
    info.apiKey === undefined
      ? 'no API key'
      : `API key "${info.apiKey.description ?? ''}" (${info.apiKey.storedAt})`;
  return `${info.address ?? '(address unknown)'}  ${info.deviceId}  ${passwordText(info)}; ${key}`;
}

export async function keyListCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const parsed = parse(argv, commonOptions);
  if (!parsed.ok) return reportError(ctx.output, parsed.error);
  const output = { ...ctx.output, json: parsed.value.values.json === true };
  if (parsed.value.positionals.length > 0) {
    return reportError(output, {
      code: 'INVALID_INPUT',
      message: `key list takes no address. Usage: ${KEY_LIST_USAGE}`,
    });
  }
  const credentials = await openCliCredentials(ctx, { timeoutMs: undefined, keychain: 'open' });
  try {
    if (!credentials.persistent) {
      return reportError(
        output,
        keychainRequired(credentials.services.keychain, 'there is nothing stored to list'),
      );
    }
    const listing = await credentials.services.vault.list();
    for (const info of listing.devices) {
      if (output.json) {
        output.out(
          JSON.stringify({
            ok: true,
            address: info.address ?? null,
            device: info.deviceId,
            password: info.password ?? null,
            pendingPassword: info.pendingPassword ?? null,
            apiKey: info.apiKey ?? null,
          }),
        );
      } else {
        output.out(humanLine(info));
      }
    }
    if (!output.json) {
      const keys = listing.devices.filter((d) => d.apiKey !== undefined).length;
      output.err(
        `${listing.devices.length} devices, ${keys} with an API key; ${listing.sites.length} site passwords.` +
          (listing.unreadable > 0 ? ` ${listing.unreadable} entries could not be read.` : ''),
      );
    }
    return EXIT.ok;
  } catch (error) {
    return reportError(output, toAppError(error));
  } finally {
    await credentials.close();
  }
}
