/**
 * `minerdeck status <address> [--password-stdin | --api-key-stdin] [--json]`: unlock when a password is
 * given, read `/status`, and — where the device has them — `/info` and `/summary` for a full reading.
 * With no credential flag it uses what the keychain holds for the device: its API key, else its stored
 * password (its own, then its site's), through the session manager.
 *
 * A device whose working password (the one piped in, or the keychain's) is the factory default `admin` is
 * flagged on a line of its own and as `factoryPassword: true` in `--json` (an open door on the LAN); with
 * the keychain, `password` also says what is known of it (changed here, set elsewhere, unknown).
 */
import type { DeviceCredential } from '../../../shared/domain/credential';
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import { appError } from '../../../shared/result';
import type { DeviceClient } from '../../core/device/client';
import { assertCredentialAccepted } from '../../core/device/credential-verdict';
import { hostPort } from '../../core/device/network-errors';
import { isDeviceError } from '../../core/device/device-error';
import { readStatus } from '../../core/device/status-reader';
import { sameMacWords } from '../../../shared/domain/same-mac';
import { bodyWithoutPoolLogins } from '../../../shared/domain/pool-url';
import type { PasswordStatus } from '../../../shared/domain/password-status';
import { passwordStatusText } from '../../../shared/format/password-status-text';
import { passwordStatusOf } from '../../core/credentials/password-status';
import { FACTORY_PASSWORD } from '../../core/credentials/vault-listing';
import { formatReading } from '../format-reading';
import { EXIT, reportError } from '../output';
import type { CliContext } from './context';
import { STATUS_USAGE } from './command-usage';
import type { Output } from '../output';
import { openCliCredentials } from './credentials-context';
import { parseDeviceCommand, readRequiredSecret } from './device-command';
import { toAppError } from '../../core/errors/to-app-error';

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
  let siteId: string | undefined;
  if (typeof values.site === 'string') {
    // Loaded only with --site: the inventory's schemas cost every other status half a second of start-up.
    const site = await (await import('./inventory-context')).siteOption(ctx, output, values.site);
    if (!site.ok) return reportError(output, site.error, { address: text });
    siteId = site.value.id;
  }
  // Where the device stands (issue 34), read from the inventory while the device is read.
  const located = import('../device-location')
    .then((m) => m.cliLocations(ctx, siteId))
    .then((of) => of(formatDeviceAddress(address)));
  if (!withPassword && !withKey) {
    return statusWithStoredCredential(ctx, output, address, text, timeoutMs, siteId, located);
  }
  const secret = await readRequiredSecret(ctx, withPassword ? 'Password' : 'API key');
  if (!secret.ok) return reportError(output, secret.error, { address: text });

  const client = ctx.createClient(timeoutMs === undefined ? {} : { totalTimeoutMs: timeoutMs });
  const call = { signal: ctx.signal };
  try {
    const credential: DeviceCredential = withPassword
      ? { kind: 'token', token: await client.unlock(address, secret.value, call) }
      : { kind: 'apiKey', key: secret.value };
    const read = await readDevice(client, address, credential, ctx.signal);
    // A piped-in password is the working one; only the default is worth saying without the keychain.
    const factory = withPassword && secret.value === FACTORY_PASSWORD;
    const location = await located;
    printReading(output, text, read, {
      ...(location !== undefined ? { location } : {}),
      ...(withPassword ? { factoryPassword: factory } : {}),
      ...(factory ? { password: { status: 'factory-default' } satisfies PasswordStatus } : {}),
    });
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
    // The credential is in hand: these reads carry it, so firmware that guards them answers them too.
    optional(() => client.getInfo(address, credential, call)),
    optional(() => client.getSummary(address, credential, call)),
  ]);
  // `unlocked: false` to the credential sent is a refusal, like a 401: with a stored credential the
  // session manager unlocks again once, else the device needs its password (a revoked key ends there).
  assertCredentialAccepted(status, hostPort(address));
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
        // The raw body, but never a login a pool url carries (pool-url.ts).
        ...(summary === undefined ? {} : { summary: bodyWithoutPoolLogins(summary) }),
        ...(info === undefined ? {} : { info }),
      }),
    );
    return;
  }
  for (const line of formatReading(text, reading)) output.out(line);
  if (typeof extra.location === 'string') output.out(`  location ${extra.location}`);
  if (typeof extra.credential === 'string') output.out(`  auth     stored ${extra.credential}`);
  const password = extra.password as PasswordStatus | undefined;
  if (password?.status === 'factory-default') {
    output.out(
      `  password FACTORY PASSWORD ("admin"): anyone on the LAN can change its pools; change it with "minerdeck password change ${text} --new-password-stdin"`,
    );
  } else if (password !== undefined) {
    output.out(`  password ${passwordStatusText(password)}`);
  }
  const twins = extra.sameMacAs;
  if (Array.isArray(twins) && twins.length > 0) {
    output.out(`  conflict ${sameMacWords(twins as string[])}: a device of its own, ${String(extra.device)}`);
  }
}

/** No flag: the keychain's API key, else its stored password, through the session manager. */
async function statusWithStoredCredential(
  ctx: CliContext,
  output: Output,
  address: DeviceAddress,
  text: string,
  timeoutMs: number | undefined,
  siteId: string | undefined,
  located: Promise<string | undefined>,
): Promise<number> {
  const credentials = await openCliCredentials(ctx, { timeoutMs, keychain: 'open' });
  const { services } = credentials;
  try {
    // Another address answering with this MAC is another device (cloned boards): said, and kept apart.
    const { deviceId, sameMacAs } = await services.identity.identify(address, { signal: ctx.signal });
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
    const info = (await services.vault.list()).devices.find((d) => d.deviceId === deviceId);
    const password = passwordStatusOf(info);
    const location = await located;
    printReading(output, text, read, {
      device: deviceId,
      ...(location !== undefined ? { location } : {}),
      credential: used === 'apiKey' ? 'API key' : 'password',
      password,
      factoryPassword: password.status === 'factory-default',
      ...(sameMacAs.length > 0 ? { sameMacAs } : {}),
    });
    return EXIT.ok;
  } catch (error) {
    return reportError(output, toAppError(error), { address: text });
  } finally {
    await credentials.close();
  }
}
