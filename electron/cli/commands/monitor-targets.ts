/**
 * The devices of `minerdeck monitor <targets…>`: addresses, ranges and blocks through the discovery
 * target parser (`10.0.0.10-200`, `10.0.0.0/24`, `host:port`), plus full `http(s)://` addresses; then
 * each device's identity (its MAC from the anonymous `/info`, else its address — the key its stored
 * credentials live under), and with `--password-stdin` one unlock per device with the given password.
 *
 * Addresses that answer with one MAC are each a device of their own (a cloned control-board image is no proof
 * of one device): each is watched under its own id and flagged with the others' addresses, also the ones
 * identified before it (`onFlag`).
 */
import pLimit from 'p-limit';
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { formatDeviceAddress, parseDeviceAddress } from '../../../shared/domain/device-address';
import { parseTargets } from '../../../shared/domain/targets/parse-targets';
import { portsFor } from '../../../shared/domain/targets/target-set';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import type { CredentialServices } from '../../core/credentials/credential-services';
import type { ResolvedDevice } from '../../core/credentials/device-identity';
import { addressDeviceId } from '../../core/credentials/device-identity';
import { compareAddresses } from '../../../shared/domain/same-mac';
import type { MonitorTarget } from '../../core/monitor/monitor';

/** More than this in one monitor is a typo in a block (a /16 is 65,536 addresses). */
export const MAX_MONITOR_DEVICES = 10_000;
/** Identity look-ups and unlocks at once while preparing. */
const PREPARE_CONCURRENCY = 64;

/**
 * Expands the arguments into distinct device addresses: http on `port` (`--port`, else 80) unless a target
 * is written with its own port.
 */
export function parseMonitorTargets(
  positionals: readonly string[],
  usage: string,
  port?: number,
): Result<DeviceAddress[]> {
  if (positionals.length === 0) return err('INVALID_INPUT', `no device address given. Usage: ${usage}`);
  const withScheme = positionals.filter((p) => p.includes('://'));
  const plain = positionals.filter((p) => !p.includes('://'));
  const found = new Map<string, DeviceAddress>();
  for (const text of withScheme) {
    const address = parseDeviceAddress(text, port === undefined ? {} : { port });
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
      for (const each of portsFor(target, [port ?? 80])) {
        const address: DeviceAddress = { scheme: 'http', host: target.host, port: each };
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
  /** A device given to `onTarget` earlier learnt of another address answering with its MAC. */
  onFlag?: (deviceId: string, sameMacAs: readonly string[]) => void;
}

/** Addresses per MAC, and the targets among them: each target is flagged with all the others. */
class SameMacBook {
  private readonly addresses = new Map<string, Set<string>>();
  private readonly targets = new Map<string, MonitorTarget[]>();

  /** Files the target; answers the earlier targets whose list of twins grew. */
  file(target: MonitorTarget, resolved: ResolvedDevice): MonitorTarget[] {
    if (resolved.mac === null) return [];
    const own = formatDeviceAddress(target.address);
    const everyone = this.addresses.get(resolved.mac) ?? new Set<string>();
    this.addresses.set(resolved.mac, everyone);
    for (const address of [own, ...resolved.sameMacAs]) everyone.add(address);
    const members = [...(this.targets.get(resolved.mac) ?? []), target];
    this.targets.set(resolved.mac, members);
    const grown: MonitorTarget[] = [];
    for (const member of members) {
      const mine = formatDeviceAddress(member.address);
      const others = [...everyone].filter((address) => address !== mine).sort(compareAddresses);
      if (others.length === (member.sameMacAs?.length ?? 0)) continue;
      member.sameMacAs = others;
      if (member !== target) grown.push(member);
    }
    return grown;
  }
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
  const book = new SameMacBook();
  return Promise.all(
    addresses.map((address) =>
      limit(async (): Promise<MonitorTarget> => {
        const unknown: ResolvedDevice = { deviceId: addressDeviceId(address), mac: null, sameMacAs: [] };
        const resolved = signal.aborted
          ? unknown
          : await services.identity.identify(address, { signal }).catch(() => unknown);
        const target: MonitorTarget = {
          deviceId: resolved.deviceId,
          address,
          ...(options.siteId !== undefined ? { siteId: options.siteId } : {}),
        };
        for (const earlier of book.file(target, resolved)) {
          options.onFlag?.(earlier.deviceId, earlier.sameMacAs ?? []);
        }
        if (options.password !== undefined && !signal.aborted) {
          await services.sessions.unlockWith(target, options.password, { signal }).catch(() => undefined);
        }
        options.onTarget?.(target);
        return target;
      }),
    ),
  );
}
