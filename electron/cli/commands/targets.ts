/**
 * The devices a command over `<targets…>` works on, read the same way by every such command: the addresses
 * typed (each parsed like a single address, or ranges and blocks for the commands that take them), with
 * `--port N` as the port of every target written without one (a `:port` written on a target wins), or
 * `--all`: every device of the site (`--site NAME`, else the current one) at the address the inventory keeps.
 * Duplicates (same canonical address) are dropped so no device is worked on twice in one run.
 */
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { formatDeviceAddress, parseDeviceAddress } from '../../../shared/domain/device-address';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import { intOption } from '../args';
import type { Output } from '../output';
import type { CliContext } from './context';
import type { CommandTargets } from './site-targets';

export type { CommandTargets } from './site-targets';

/** More than this in one command is a typo (or discovery's job, which has ranges and CIDR). */
export const MAX_TARGETS = 10_000;

/** `--port` and `--all`, the same two flags on every command over `<targets…>`. */
export const TARGET_OPTIONS = {
  port: { type: 'string' },
  all: { type: 'boolean', default: false },
} as const;

/** `--port N`: one port from 1 to 65535, for the targets written without one. */
export function portOption(value: unknown): Result<number | undefined> {
  if (value === undefined) return ok(undefined);
  if (typeof value !== 'string' || !/^\d{1,5}$/.test(value) || Number(value) < 1 || Number(value) > 65535) {
    return err(
      'INVALID_INPUT',
      `--port takes one port from 1 to 65535 (the port of every target written without one), not "${String(value)}".`,
    );
  }
  return ok(Number(value));
}

export function parseTargets(
  positionals: readonly string[],
  usage: string,
  port?: number,
): Result<DeviceAddress[]> {
  if (positionals.length === 0) return err('INVALID_INPUT', `no device address given. Usage: ${usage}`);
  if (positionals.length > MAX_TARGETS) {
    return err(
      'INVALID_INPUT',
      `${positionals.length} addresses is more than ${MAX_TARGETS} in one command.`,
    );
  }
  const seen = new Map<string, DeviceAddress>();
  for (const text of positionals) {
    const address = parseDeviceAddress(text, port === undefined ? {} : { port });
    if (!address.ok) return address;
    seen.set(formatDeviceAddress(address.value), address.value);
  }
  return ok([...seen.values()]);
}

/** `--concurrency n`: devices worked on at once. */
export const concurrencyOption = (value: unknown): Result<number | undefined> =>
  intOption(value, 'concurrency', 1, 256);

/** How a command reads its typed targets: one address each, or ranges and blocks too. */
export type TargetParser = (
  positionals: readonly string[],
  usage: string,
  port?: number,
) => Result<DeviceAddress[]>;

/**
 * `--all` or the typed targets, never both (a list and "every device" contradict each other), with `--port`
 * checked first. `--all` opens the inventory only when given: every other run keeps its fast start.
 */
export async function commandTargets(
  ctx: CliContext,
  output: Output,
  args: { values: Record<string, unknown>; positionals: readonly string[] },
  how: {
    usage: string;
    /** One address per target (the default), or ranges and blocks too. */
    parse?: TargetParser;
    /** The command reads devices and has no other use for `--site`: it then only names `--all`'s site. */
    siteOnlyForAll?: boolean;
  },
): Promise<Result<CommandTargets>> {
  const { values, positionals } = args;
  const port = portOption(values.port);
  if (!port.ok) return port;
  if (how.siteOnlyForAll === true && values.site !== undefined && values.all !== true) {
    return err(
      'INVALID_INPUT',
      '--site names the site whose devices --all takes: add --all, or drop --site.',
    );
  }
  if (values.all !== true) {
    const addresses = (how.parse ?? parseTargets)(positionals, how.usage, port.value);
    return addresses.ok ? ok({ addresses: addresses.value }) : addresses;
  }
  if (positionals.length > 0) {
    return err(
      'INVALID_INPUT',
      `--all works on every device of the site, so it takes no addresses (${positionals.length} given): give --all or the addresses, not both.`,
    );
  }
  if (port.value !== undefined) {
    return err(
      'INVALID_INPUT',
      '--port is the port of addresses typed here; with --all each device is reached at the address its site keeps (port included): drop --port.',
    );
  }
  const siteRef = typeof values.site === 'string' ? values.site : undefined;
  return (await import('./site-targets')).siteTargets(ctx, output, siteRef);
}
