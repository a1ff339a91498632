/**
 * `minerdeck status <address> [--password-stdin | --api-key-stdin] [--json]`: unlock when a password is
 * given, read `/status`, and — where the device has them — `/info` and `/summary` for a full reading.
 * With no credential flag it uses what the keychain holds for the device: its API key, else its stored
 * password (its own, then its site's), through the session manager.
 */
import type { DeviceCredential } from '../../../shared/domain/credential';
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { appError } from '../../../shared/result';
import type { DeviceClient } from '../../core/device/client';
import { isDeviceError } from '../../core/device/device-error';
import { readStatus } from '../../core/device/status-reader';
import { formatReading } from '../format-reading';
import { EXIT, reportError } from '../output';
import type { CliContext } from './context';
import type { Output } from '../output';
import { openCliCredentials } from './credentials-context';
import { parseDeviceCommand, readRequiredSecret, toAppError } from './device-command';

export const STATUS_USAGE =
  'minerdeck status <address> [--password-stdin | --api-key-stdin] [--site NAME] [--json] [--timeout ms]';

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
      site: { type: 'string' },
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
    const siteId = typeof values.site === 'string' ? values.site : undefined;
    return statusWithStoredCredential(ctx, output, address, text, timeoutMs, siteId);
  }
  const secret = await readRequiredSecret(ctx, withPassword ? 'Password' : 'API key');
  if (!secret.ok) return reportError(output, secret.error, { address: text });

  const client = ctx.createClient(timeoutMs === undefined ? {} : { totalTimeoutMs: timeoutMs });
  const call = { signal: ctx.signal };
  try {
    const credential: DeviceCredential = withPassword
      ? { kind: 'token', token: await client.unlock(address, secret.value, call) }
      : { kind: 'apiKey', key: secret.value };
    printReading(output, text, await readDevice(client, address, credential, ctx.signal), {});
    return EXIT.ok;
  } catch (error) {
    return reportError(output, toAppError(error), { address: text });
  } finally {
    client.close();
  }
}

interface DeviceRead {
  status: unknown;
  info: unknown;
  summary: unknown;
}

async function readDevice(
  client: DeviceClient,
  address: DeviceAddress,
  credential: DeviceCredential,
  signal: AbortSignal,
): Promise<DeviceRead> {
  const call = { signal };
  const [status, info, summary] = await Promise.all([
    client.getStatus(address, credential, call),
    optional(() => client.getInfo(address, call)),
    optional(() => client.getSummary(address, credential, call)),
  ]);
  return { status, info, summary };
}

function printReading(output: Output, text: string, read: DeviceRead, extra: Record<string, unknown>): void {
  const { status, info, summary } = read;
  const reading = readStatus(status, summary, info);
  if (output.json) {
    output.out(
      JSON.stringify({
        ok: true,
        address: text,
        ...extra,
        status,
        reading,
        ...(summary === undefined ? {} : { summary }),
        ...(info === undefined ? {} : { info }),
      }),
    );
    return;
  }
  for (const line of formatReading(text, reading)) output.out(line);
  if (typeof extra.credential === 'string') output.out(`  auth     stored ${extra.credential}`);
  if (reading.unlocked === false)
    output.err('minerdeck: warning: the device says these credentials are not valid (unlocked: false).');
}

/** No flag: the keychain's API key, else its stored password, through the session manager. */
async function statusWithStoredCredential(
  ctx: CliContext,
  output: Output,
  address: DeviceAddress,
  text: string,
  timeoutMs: number | undefined,
  siteId: string | undefined,
): Promise<number> {
  const credentials = await openCliCredentials(ctx, { timeoutMs, keychain: 'open' });
  const { services } = credentials;
  try {
    const deviceId = await services.identity.resolve(address, { signal: ctx.signal });
    const hasKey = (await services.vault.getApiKey(deviceId)) !== undefined;
    const hasPassword = (await services.vault.passwordFor(deviceId, siteId)) !== undefined;
    if (!hasKey && !hasPassword) {
      return reportError(
        output,
        appError(
          'INVALID_INPUT',
          `no credential: nothing is stored for ${text}. Pipe the device password in with --password-stdin (add it to the keychain with "minerdeck unlock ${text} --password-stdin --remember"), or an API key with --api-key-stdin. Usage: ${STATUS_USAGE}`,
        ),
        { address: text },
      );
    }
    let used: DeviceCredential['kind'] = 'apiKey';
    const read = await services.sessions.withCredential(
      { deviceId, address, ...(siteId !== undefined ? { siteId } : {}) },
      (credential) => {
        used = credential.kind;
        return readDevice(credentials.client, address, credential, ctx.signal);
      },
      { signal: ctx.signal },
    );
    printReading(output, text, read, {
      device: deviceId,
      credential: used === 'apiKey' ? 'API key' : 'password',
    });
    return EXIT.ok;
  } catch (error) {
    return reportError(output, toAppError(error), { address: text });
  } finally {
    await credentials.close();
  }
}
