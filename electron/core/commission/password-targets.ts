/**
 * The devices a password change names by address (the CLI's `password change <targets…>`): each one's
 * credential id, found exactly as `unlock --remember` finds it (the identity resolver: the MAC of the
 * anonymous `GET /info`, else the address), and whether the device answered that read at all. That one
 * read is the preview's offline check: a device that cannot be reached now is skipped "offline", never
 * written to. (The app asks its monitor instead.)
 */
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { formatDeviceAddress, parseDeviceAddress } from '../../../shared/domain/device-address';
import { runBulk } from '../credentials/bulk';
import type { DeviceIdentityResolver } from '../credentials/device-identity';
import type { AddressInput, DeviceClient } from '../device/client';
import { DeviceError, isDeviceError } from '../device/device-error';
import type { PasswordTarget } from './password-bulk';

export interface ResolvedPasswordTarget {
  target: PasswordTarget;
  /** Why the device did not answer; undefined when it answered (an error answer counts as an answer). */
  offline?: string;
}

/** No answer at all. A TLS refusal is not "offline": the change then fails with its own clear reason. */
const OFFLINE_CODES = new Set(['UNREACHABLE', 'TIMEOUT']);

export interface ReachabilityWatch {
  /** The same client, whose anonymous `GET /info` outcomes are remembered per address. */
  wrap(client: DeviceClient): DeviceClient;
  /** Why the last `GET /info` to `address` got no answer; undefined when it answered or was never sent. */
  offline(address: DeviceAddress): string | undefined;
  /** The body of the last `GET /info` to `address` that answered (pool worker names use it), else undefined. */
  info(address: DeviceAddress): unknown;
}

function addressKey(address: AddressInput): string {
  if (typeof address !== 'string') return formatDeviceAddress(address);
  const parsed = parseDeviceAddress(address);
  return parsed.ok ? formatDeviceAddress(parsed.value) : address;
}

/** Watches the identity resolver's own `/info` read, so the offline check costs no request of its own. */
export function watchReachability(): ReachabilityWatch {
  const silent = new Map<string, string>();
  const answered = new Map<string, unknown>();
  return {
    wrap: (client) => ({
      ...client,
      getInfo: async (address, credential, call) => {
        const key = addressKey(address);
        try {
          const info = await client.getInfo(address, credential, call);
          silent.delete(key);
          answered.set(key, info);
          return info;
        } catch (error) {
          if (isDeviceError(error) && OFFLINE_CODES.has(error.code)) {
            silent.set(key, error.message.replace(/\.$/, ''));
          } else silent.delete(key);
          throw error;
        }
      },
    }),
    offline: (address) => silent.get(formatDeviceAddress(address)),
    info: (address) => answered.get(formatDeviceAddress(address)),
  };
}

/** Each address's credential id and reachability, resolved in parallel (bounded). */
export async function resolvePasswordTargets(
  deps: { identity: DeviceIdentityResolver; reach: ReachabilityWatch },
  addresses: readonly DeviceAddress[],
  options: { siteId?: string; signal?: AbortSignal; concurrency?: number } = {},
): Promise<ResolvedPasswordTarget[]> {
  const site = options.siteId === undefined ? {} : { siteId: options.siteId };
  const outcomes = await runBulk<DeviceAddress, ResolvedPasswordTarget>(
    addresses,
    async (address, signal) => {
      const deviceId = await deps.identity.resolve(address, signal === undefined ? {} : { signal });
      const offline = deps.reach.offline(address);
      return { target: { address, deviceId, ...site }, ...(offline !== undefined ? { offline } : {}) };
    },
    {
      ...(options.signal !== undefined ? { signal: options.signal } : {}),
      ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
    },
  );
  return outcomes.map((outcome) => {
    if (outcome.ok) return outcome.value;
    // Only a cancel (or a bug) ends up here: nothing may be sent after a preview nobody finished.
    throw new DeviceError(
      outcome.error.code === 'CANCELLED' ? 'CANCELLED' : 'INTERNAL',
      outcome.error.message,
      {},
      outcome.error.text !== undefined ? { text: outcome.error.text } : {},
    );
  });
}
