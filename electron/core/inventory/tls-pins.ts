/**
 * The inventory as the device client's `TlsPins` (keyed by `host:port`): the certificate fingerprints the
 * technician trusted, by each device's current address, so https devices are pinned across restarts
 * without the client knowing about the inventory file.
 */
import { parseDeviceAddress } from '../../../shared/domain/device-address';
import type { TlsPins } from '../device/tls-pinning';
import { tlsPinKey } from '../device/tls-pinning';
import type { Inventory } from './schema';

/** Pins of every site from one inventory snapshot; rebuild it after the inventory changes. */
export function tlsPinsOf(inventory: Inventory): TlsPins {
  const pins = new Map<string, string>();
  for (const device of inventory.devices) {
    const address = parseDeviceAddress(device.address);
    if (device.tlsPin !== null && address.ok) pins.set(tlsPinKey(address.value), device.tlsPin);
  }
  return { get: (hostPort) => pins.get(hostPort) };
}
