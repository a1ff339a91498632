/**
 * One device the app watches, as the fleet service and the monitor need it: its id (the one the
 * credentials and the inventory use: `mac:<MAC>` when the device told its MAC, else
 * `addr:<host>:<port>`), its current address, parsed and as text, and what it said about itself.
 */
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { parseDeviceAddress } from '../../../shared/domain/device-address';
import type { DeviceIdentity, InventoryDevice } from '../../../shared/domain/inventory';
import { message } from '../../../shared/i18n/message';
import type { Result } from '../../../shared/result';
import { errWithText } from '../../../shared/result';

export interface FleetEntry {
  deviceId: string;
  address: DeviceAddress;
  /** Canonical text form, `http://host[:port]`. */
  addressText: string;
  identity: DeviceIdentity;
  /**
   * Other devices of the list that report the same MAC (a cloned or misconfigured control
   * board), by address; absent when there are none.
   */
  sameMacAs?: readonly string[];
}

/** The entry of an inventory device, or undefined when its stored address does not parse. */
export function entryOf(device: InventoryDevice): FleetEntry | undefined {
  const address = parseDeviceAddress(device.address);
  if (!address.ok) return undefined;
  return {
    deviceId: device.id,
    address: address.value,
    addressText: device.address,
    identity: device.identity,
  };
}

export const sameIdentity = (a: DeviceIdentity, b: DeviceIdentity): boolean =>
  a.mac === b.mac &&
  a.hostname === b.hostname &&
  a.model === b.model &&
  a.firmware === b.firmware &&
  a.serial === b.serial;

export const samePeers = (a: FleetEntry, b: FleetEntry): boolean =>
  (a.sameMacAs ?? []).join(' ') === (b.sameMacAs ?? []).join(' ');

/** A device id that names no fleet device. */
export const unknownDevice = (deviceId: string): Result<never> =>
  errWithText(
    'NOT_FOUND',
    `No device ${deviceId} in the fleet: it may have been removed.`,
    message('errors.fleet.noDevice', { device: deviceId }),
  );
