/**
 * `minerdeck status <address> [--password-stdin | --api-key-stdin] [--json]`: unlock when a password is
 * given, read `/status`, and — where the device has them — `/info` and `/summary` for a full reading.
 */
import type { DeviceCredential } from '../../../shared/domain/credential';
import { appError } from '../../../shared/result';
import { isDeviceError } from '../../core/device/device-error';
import { readStatus } from '../../core/device/status-reader';
import { formatReading } from '../format-reading';
import { EXIT, reportError } from '../output';
import type { CliContext } from './context';
import { parseDeviceCommand, readRequiredSecret, toAppError } from './device-command';

export const STATUS_USAGE =
  'minerdeck status <address> (--password-stdin | --api-key-stdin) [--json] [--timeout ms]';

/** Optional reads must never fail the command: a device without `/summary` still has a status. */
async function optional<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (isDeviceError(error) && error.code === 'CANCELLED') throw error;
    return undefined;
  }
}

export async function statusCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const args = parseDeviceCommand(
    argv,
    {
      'password-stdin': { type: 'boolean', default: false },
      'api-key-stdin': { type: 'boolean', default: false },
    },
    STATUS_USAGE,
  );
  if (!args.ok) return reportError(ctx.output, args.error);
  const { address, text, values, timeoutMs } = args.value;
  const output = { ...ctx.output, json: args.value.json };

  const withPassword = values['password-stdin'] === true;
  const withKey = values['api-key-stdin'] === true;
  if (withPassword && withKey) {
    return reportError(
      output,
      appError('INVALID_INPUT', 'give either --password-stdin or --api-key-stdin, not both.'),
      { address: text },
    );
  }
  if (!withPassword && !withKey) {
    return reportError(
      output,
      appError(
        'INVALID_INPUT',
        `no credential: pipe the device password in with --password-stdin, or an API key with --api-key-stdin. Usage: ${STATUS_USAGE}`,
      ),
      { address: text },
    );
  }
  const secret = await readRequiredSecret(ctx, withPassword ? 'Password' : 'API key');
  if (!secret.ok) return reportError(output, secret.error, { address: text });

  const client = ctx.createClient(timeoutMs === undefined ? {} : { totalTimeoutMs: timeoutMs });
  const call = { signal: ctx.signal };
  try {
    const credential: DeviceCredential = withPassword
      ? { kind: 'token', token: await client.unlock(address, secret.value, call) }
      : { kind: 'apiKey', key: secret.value };
    const [status, info, summary] = await Promise.all([
      client.getStatus(address, credential, call),
      optional(() => client.getInfo(address, call)),
      optional(() => client.getSummary(address, credential, call)),
    ]);
    const reading = readStatus(status, summary, info);
    if (output.json) {
      output.out(
        JSON.stringify({
          ok: true,
          address: text,
          status,
          reading,
          ...(summary === undefined ? {} : { summary }),
          ...(info === undefined ? {} : { info }),
        }),
      );
    } else {
      for (const line of formatReading(text, reading)) output.out(line);
      if (reading.unlocked === false)
        output.err('minerdeck: warning: the device says these credentials are not valid (unlocked: false).');
    }
    return EXIT.ok;
  } catch (error) {
    return reportError(output, toAppError(error), { address: text });
  } finally {
    client.close();
  }
}
