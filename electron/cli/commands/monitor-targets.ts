/**
 * The devices of `minerdeck monitor <targets…>`: addresses, ranges and blocks through the discovery
 * target parser (`10.0.0.10-200`, `10.0.0.0/24`, `host:port`), plus full `http(s)://` addresses; then
 * each device's identity (its MAC from the anonymous `/info`, else its address — the key its stored
 * credentials live under), and with `--password-stdin` one unlock per device with the given password.
 */
import pLimit from 'p-limit';
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { formatDeviceAddress, parseDeviceAddress } from '../../../shared/domain/device-address';
import { parseTargets } from '../../../shared/domain/targets/parse-targets';
import { portsFor } from '../../../shared/domain/targets/target-set';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import type { CredentialServices } from '../../core/credentials/credential-services';
import { addressDeviceId } from '../../core/credentials/device-identity';
import type { MonitorTarget } from '../../core/monitor/monitor';

/** More than this in one monitor is a typo in a block (a /16 is 65,536 addresses). */
export const MAX_MONITOR_DEVICES = 10_000;
/** Identity look-ups and unlocks at once while preparing. */
const PREPARE_CONCURRENCY = 64;

/** Expands the arguments into distinct device addresses (http on port 80 unless written otherwise). */
export function parseMonitorTargets(positionals: readonly string[], usage: string): Result<DeviceAddress[]> {
  if (positionals.length === 0) return err('INVALID_INPUT', `no device address given. Usage: ${usage}`);
  const withScheme = positionals.filter((p) => p.includes('://'));
  const plain = positionals.filter((p) => !p.includes('://'));
  const found = new Map<string, DeviceAddress>();
  for (const text of withScheme) {
    const address = parseDeviceAddress(text);
    if (!address.ok) return address;
    found.set(formatDeviceAddress(address.value), address.value);
  }
  if (plain.length > 0) {
    const set = parseTargets(plain);
    if (!set.ok) return set;
    if (set.value.count > MAX_MONITOR_DEVICES) {
      return err(
        'INVALID_INPUT',
        `${set.value.count.toLocaleString('en-US')} addresses is more than ${MAX_MONITOR_DEVICES.toLocaleString('en-US')} devices to monitor: check the ranges.`,
      );
    }
    for (const target of set.value) {
      for (const port of portsFor(target, [80])) {
        const address: DeviceAddress = { scheme: 'http', host: target.host, port };
        found.set(formatDeviceAddress(address), address);
      }
    }
  }
  if (found.size > MAX_MONITOR_DEVICES) {
    return err('INVALID_INPUT', `more than ${MAX_MONITOR_DEVICES} devices to monitor: check the targets.`);
  }
  return ok([...found.values()]);
}

export interface PrepareOptions {
  services: CredentialServices;
  siteId?: string;
  /** Given with --password-stdin: tried once on each device, kept in memory for re-unlocks. */
  password?: string;
  signal: AbortSignal;
  /** Called as soon as each device is ready, so it can be watched before the slowest is identified. */
  onTarget?: (target: MonitorTarget) => void;
}

/**
 * Identity for every address, then the optional unlock. Failures are not errors here: the monitor's
 * first poll shows each device's state with its reason (offline, needs a password, locked out…).
 */
export async function prepareTargets(
  addresses: readonly DeviceAddress[],
  options: PrepareOptions,
): Promise<MonitorTarget[]> {
  const { services, signal } = options;
  const limit = pLimit(PREPARE_CONCURRENCY);
  return Promise.all(
    addresses.map((address) =>
      limit(async (): Promise<MonitorTarget> => {
        const deviceId = signal.aborted
          ? addressDeviceId(address)
          : await services.identity.resolve(address, { signal }).catch(() => addressDeviceId(address));
        const target: MonitorTarget = {
          deviceId,
          address,
          ...(options.siteId !== undefined ? { siteId: options.siteId } : {}),
        };
        if (options.password !== undefined && !signal.aborted) {
          await services.sessions.unlockWith(target, options.password, { signal }).catch(() => undefined);
        }
        options.onTarget?.(target);
        return target;
      }),
    ),
  );
}
