/**
 * Shared steps of the single-device commands: parse the address and options, and read the secret from
 * standard input. A failure becomes the CLI's one-line reason through core/errors/to-app-error.ts.
 */
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { formatDeviceAddress, parseDeviceAddress } from '../../../shared/domain/device-address';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import type { Options } from '../args';
import { intOption, parse } from '../args';
import { readSecret } from '../secret-input';
import { portOption, TARGET_OPTIONS } from './targets';
import type { CliContext } from './context';

export const commonOptions: Options = {
  json: { type: 'boolean', default: false },
  timeout: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
};

export interface DeviceCommandArgs {
  address: DeviceAddress;
  text: string;
  json: boolean;
  timeoutMs: number | undefined;
  values: Record<string, string | boolean | undefined>;
}

/** Parses `<address> [--port N] [options]`; exactly one address (`--port` when it is written without one). */
export function parseDeviceCommand(
  argv: readonly string[],
  options: Options,
  usage: string,
): Result<DeviceCommandArgs> {
  const parsed = parse(argv, { ...commonOptions, port: TARGET_OPTIONS.port, ...options });
  if (!parsed.ok) return parsed;
  const { values, positionals } = parsed.value;
  const [target] = positionals;
  if (target === undefined || positionals.length !== 1) {
    return err(
      'INVALID_INPUT',
      positionals.length === 0
        ? `no device address given. Usage: ${usage}`
        : `give exactly one device address, not ${positionals.length}. Usage: ${usage}`,
    );
  }
  const port = portOption(values.port);
  if (!port.ok) return port;
  const address = parseDeviceAddress(target, port.value === undefined ? {} : { port: port.value });
  if (!address.ok) return address;
  const timeout = intOption(values.timeout, 'timeout', 100, 120_000);
  if (!timeout.ok) return timeout;
  return ok({
    address: address.value,
    text: formatDeviceAddress(address.value),
    json: values.json === true,
    timeoutMs: timeout.value,
    values,
  });
}

/** Reads a secret from stdin; an empty one is refused (it can only be a mistake). */
export async function readRequiredSecret(ctx: CliContext, label: string): Promise<Result<string>> {
  let secret: string;
  try {
    secret = await readSecret(ctx.secrets, label);
  } catch (error) {
    return err(
      'INVALID_INPUT',
      `could not read the ${label.toLowerCase()} from standard input: ${(error as Error).message}`,
    );
  }
  if (secret === '')
    return err('INVALID_INPUT', `the ${label.toLowerCase()} read from standard input is empty.`);
  return ok(secret);
}
