/**
 * What a command that reads something from each named device does the same way (`pools show`,
 * `profile list`): `--timeout` and `--concurrency` checked, the keychain opened, each device's credential
 * id found with one anonymous `GET /info` (a silent device is named offline), the read run over them with
 * one line per device as it comes, and the exit code: 0 when every device was read, 1 when any could not
 * be, 130 when cancelled.
 */
import { resolvePasswordTargets } from '../../core/commission/password-targets';
import type { SessionManager } from '../../core/credentials/session-manager';
import type { SessionTarget } from '../../core/credentials/session-target';
import type { DeviceClient } from '../../core/device/client';
import { toAppError } from '../../core/errors/to-app-error';
import { intOption, parse } from '../args';
import type { Output } from '../output';
import { EXIT, reportError } from '../output';
import type { CliContext } from './context';
import { commonOptions } from './device-command';
import { bulkOf, openReachingCredentials } from './device-run';
import type { TargetParser } from './targets';
import { commandTargets, concurrencyOption, TARGET_OPTIONS } from './targets';

export interface DeviceRead<R extends { error?: { code: string } }> {
  /** The command's usage line, named by bad usage. */
  usage: string;
  /** How its typed targets read: one address each (the default), or ranges and blocks too. */
  parse?: TargetParser;
  read: (
    deps: { client: DeviceClient; sessions: SessionManager },
    targets: readonly SessionTarget[],
    options: { signal: AbortSignal; concurrency?: number; onResult: (result: R) => void },
  ) => Promise<R[]>;
  /** Prints one device's result as it comes. */
  print: (output: Output, result: R) => void;
  /** Whether the device was read (its exit code counts it as done). */
  wasRead: (result: R) => boolean;
}

export async function deviceReadCommand<R extends { error?: { code: string } }>(
  ctx: CliContext,
  argv: readonly string[],
  command: DeviceRead<R>,
): Promise<number> {
  const parsed = parse(argv, {
    ...commonOptions,
    concurrency: { type: 'string' },
    site: { type: 'string' },
    ...TARGET_OPTIONS,
  });
  if (!parsed.ok) return reportError(ctx.output, parsed.error);
  const { values } = parsed.value;
  const output = { ...ctx.output, json: values.json === true };
  const addresses = await commandTargets(ctx, output, parsed.value, {
    usage: command.usage,
    siteOnlyForAll: true,
    ...(command.parse !== undefined ? { parse: command.parse } : {}),
  });
  if (!addresses.ok) return reportError(output, addresses.error);
  const timeout = intOption(values.timeout, 'timeout', 100, 120_000);
  if (!timeout.ok) return reportError(output, timeout.error);
  const concurrency = concurrencyOption(values.concurrency);
  if (!concurrency.ok) return reportError(output, concurrency.error);

  const { reach, credentials } = await openReachingCredentials(ctx, timeout.value);
  try {
    const bulk = bulkOf(ctx, concurrency.value);
    const found = await resolvePasswordTargets(
      { identity: credentials.services.identity, reach },
      addresses.value.addresses,
      bulk,
    );
    const results = await command.read(
      { client: credentials.client, sessions: credentials.services.sessions },
      found.map((f) => f.target),
      { ...bulk, onResult: (result) => command.print(output, result) },
    );
    if (results.some((r) => r.error?.code === 'CANCELLED')) return EXIT.cancelled;
    return results.every(command.wasRead) ? EXIT.ok : EXIT.failed;
  } catch (error) {
    return reportError(output, toAppError(error));
  } finally {
    await credentials.close();
  }
}
