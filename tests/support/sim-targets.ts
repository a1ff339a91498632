/** Session targets for simulated devices, and counting what the app sent them. */
import type { SessionTarget } from '../../electron/core/credentials/session-target';
import { addressDeviceId } from '../../electron/core/credentials/device-identity';
import { parseDeviceAddress } from '../../shared/domain/device-address';
import type { DeviceAddress } from '../../shared/domain/device-address';
import type { SimDevice } from '../simulator';

export function addressOf(device: SimDevice): DeviceAddress {
  const parsed = parseDeviceAddress(device.address);
  if (!parsed.ok) throw new Error(`simulator address ${device.address}: ${parsed.error.message}`);
  return parsed.value;
}

/** Known by address, the way a device without a MAC is. */
export function targetOf(device: SimDevice, extra: Partial<SessionTarget> = {}): SessionTarget {
  const address = addressOf(device);
  return { deviceId: addressDeviceId(address), address, ...extra };
}

/** Requests the device recorded to `path` (and `method`, when given). */
export const requestsTo = (device: SimDevice, path: string, method?: string) =>
  device.requests.filter((r) => r.path === path && (method === undefined || r.method === method));

export const unlocksOf = (device: SimDevice) => requestsTo(device, '/api/v1/unlock', 'POST');

type Tuple<T, N extends number, R extends T[] = []> = R['length'] extends N ? R : Tuple<T, N, [...R, T]>;

/** The fleet's first `n` devices as a tuple, to name each by its role: `const [good, hung] = devicesOf(fleet, 2)`. */
export function devicesOf<N extends number>(
  fleet: { devices: readonly SimDevice[] },
  n: N,
): Tuple<SimDevice, N> {
  if (fleet.devices.length < n) throw new Error(`the fleet has ${fleet.devices.length} devices, not ${n}`);
  return fleet.devices.slice(0, n) as Tuple<SimDevice, N>;
}
