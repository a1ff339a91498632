/**
 * `minerdeck key revoke <address>`: deletes the stored API key on the device (`POST /apikeys/delete`,
 * where the firmware has it) and forgets it locally either way, saying which happened. Exit 0 only when
 * the device confirmed: a key that still works on the device is worth a non-zero exit.
 */
import { appError } from '../../../shared/result';
import type { RevokeResult } from '../../core/credentials/provisioning';
import { toAppError } from '../../core/errors/to-app-error';
import { EXIT, reportError } from '../output';
import type { CliContext } from './context';
import { KEY_REVOKE_USAGE } from './command-usage';
import { keychainRequired, openCliCredentials } from './credentials-context';
import { parseDeviceCommand } from './device-command';

function sentence(text: string, r: RevokeResult): string {
  const name = r.description === undefined ? 'the key' : `the key "${r.description}"`;
  switch (r.onDevice) {
    case 'deleted':
      return `${text}: ${name} was deleted from the device and forgotten locally.`;
    case 'not-supported':
      return `${text}: this device has no way to delete API keys; ${name} was forgotten locally but still works on the device (remove it in the device's own interface).`;
    case 'failed':
      return `${text}: the device did not delete ${name} (${r.error?.message ?? 'no reason given'}); it was forgotten locally but may still work on the device.`;
  }
}

export async function keyRevokeCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const args = parseDeviceCommand(argv, {}, KEY_REVOKE_USAGE);
  if (!args.ok) return reportError(ctx.output, args.error);
  const { address, text, timeoutMs } = args.value;
  const output = { ...ctx.output, json: args.value.json };
  const credentials = await openCliCredentials(ctx, { timeoutMs, keychain: 'open' });
  const { services } = credentials;
  try {
    if (!credentials.persistent) {
      return reportError(output, keychainRequired(services.keychain, 'no stored key can be found'), {
        address: text,
      });
    }
    const deviceId = await services.identity.resolve(address, { signal: ctx.signal });
    const result = await services.provisioner.revoke({ deviceId, address }, { signal: ctx.signal });
    const ok = result.onDevice === 'deleted';
    if (output.json) {
      output.out(
        JSON.stringify({
          ok,
          address: text,
          device: deviceId,
          onDevice: result.onDevice,
          forgotten: result.forgotten,
          ...(result.description !== undefined ? { description: result.description } : {}),
          ...(ok ? {} : { error: result.error ?? appError('HTTP_ERROR', sentence(text, result)) }),
        }),
      );
    } else if (ok) {
      output.out(sentence(text, result));
    } else {
      output.err(`minerdeck: ${sentence(text, result)}`);
    }
    return ok ? EXIT.ok : EXIT.failed;
  } catch (error) {
    return reportError(output, toAppError(error), { address: text });
  } finally {
    await credentials.close();
  }
}
