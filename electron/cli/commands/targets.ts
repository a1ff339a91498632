/**
 * The device addresses of a bulk command (`unlock a b c`): each parsed like a single address, duplicates
 * (same canonical address) dropped so no device is unlocked twice in one run.
 */
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { formatDeviceAddress, parseDeviceAddress } from '../../../shared/domain/device-address';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import { intOption } from '../args';

/** More than this in one command is a typo (or discovery's job, which has ranges and CIDR). */
export const MAX_TARGETS = 10_000;

export function parseTargets(positionals: readonly string[], usage: string): Result<DeviceAddress[]> {
  if (positionals.length === 0) return err('INVALID_INPUT', `no device address given. Usage: ${usage}`);
  if (positionals.length > MAX_TARGETS) {
    return err(
      'INVALID_INPUT',
      `${positionals.length} addresses is more than ${MAX_TARGETS} in one command.`,
    );
  }
  const seen = new Map<string, DeviceAddress>();
  for (const text of positionals) {
    const address = parseDeviceAddress(text);
    if (!address.ok) return address;
    seen.set(formatDeviceAddress(address.value), address.value);
  }
  return ok([...seen.values()]);
}

/** `--concurrency n`: devices worked on at once. */
export const concurrencyOption = (value: unknown): Result<number | undefined> =>
  intOption(value, 'concurrency', 1, 256);
