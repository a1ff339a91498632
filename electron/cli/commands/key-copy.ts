/**
 * `minerdeck key copy <address> [--print]`: hands the stored API key to the technician for the customer —
 * on the clipboard where there is one; on standard output only with an explicit `--print`, the one place
 * the CLI ever shows a secret.
 */
import { appError } from '../../../shared/result';
import { toAppError } from '../../core/errors/to-app-error';
import { EXIT, reportError } from '../output';
import type { CliContext } from './context';
import { KEY_COPY_USAGE } from './command-usage';
import { keychainRequired, openCliCredentials } from './credentials-context';
import { parseDeviceCommand } from './device-command';

export async function keyCopyCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const args = parseDeviceCommand(argv, { print: { type: 'boolean', default: false } }, KEY_COPY_USAGE);
  if (!args.ok) return reportError(ctx.output, args.error);
  const { address, text, timeoutMs, values } = args.value;
  const output = { ...ctx.output, json: args.value.json };
  const credentials = await openCliCredentials(ctx, { timeoutMs, keychain: 'open' });
  const { services } = credentials;
  try {
    if (!credentials.persistent) {
      return reportError(output, keychainRequired(services.keychain, 'no stored key can be read'), {
        address: text,
      });
    }
    const deviceId = await services.identity.resolve(address, { signal: ctx.signal });
    const stored = await services.vault.getApiKey(deviceId);
    if (stored === undefined) {
      return reportError(
        output,
        appError(
          'NOT_FOUND',
          `${text}: no API key is stored for this device ("minerdeck key create ${text}" makes one).`,
        ),
        { address: text },
      );
    }
    if (values.print === true) {
      output.out(
        output.json
          ? JSON.stringify({ ok: true, address: text, device: deviceId, key: stored.secret })
          : stored.secret,
      );
      return EXIT.ok;
    }
    const copied = await ctx.copyToClipboard(stored.secret);
    if (!copied.ok) return reportError(output, copied.error, { address: text });
    if (output.json) {
      output.out(
        JSON.stringify({
          ok: true,
          address: text,
          device: deviceId,
          copied: 'clipboard',
          tool: copied.value.tool,
        }),
      );
    } else {
      output.out(`${text}: API key copied to the clipboard (${copied.value.tool}).`);
    }
    return EXIT.ok;
  } catch (error) {
    return reportError(output, toAppError(error), { address: text });
  } finally {
    await credentials.close();
  }
}
