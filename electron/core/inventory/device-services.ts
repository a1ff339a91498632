/**
 * A site's devices as the shells use them: the list, a label or notes edited, a device removed, a
 * certificate trusted, what a scan found or an unlock confirmed saved, and the known devices the scanner's
 * identity rule needs.
 */
import type { DiscoveredHost } from '../../../shared/domain/discovery';
import type { InventoryDevice, Site } from '../../../shared/domain/inventory';
import type { Result } from '../../../shared/result';
import { ok } from '../../../shared/result';
import type { KnownDevice } from '../credentials/identity-rule';
import type { FoundDevice, ScanSaveOutcome } from './devices';
import {
  devicesOf,
  editDevice,
  knownDevicesOf,
  recordFound,
  recordScan,
  removeDevice,
  trustCertificate,
} from './devices';
import type { InventoryAccess } from './inventory-access';

export interface DeviceServices {
  /** The site (`ref`, else the current one) and its devices. */
  devices(ref?: string): Promise<Result<{ site: Site; devices: InventoryDevice[] }>>;
  editDevice(
    ref: string | undefined,
    deviceId: string,
    patch: { label?: string; notes?: string },
  ): Promise<Result<InventoryDevice>>;
  removeDevice(ref: string | undefined, deviceId: string): Promise<Result<InventoryDevice>>;
  trustCertificate(
    ref: string | undefined,
    deviceId: string,
    fingerprint: string,
  ): Promise<Result<InventoryDevice>>;
  /** The site's devices with their MACs and last addresses, for the scanner's identity rule. */
  knownDevices(ref?: string): Promise<Result<KnownDevice[]>>;
  saveScan(
    ref: string | undefined,
    hosts: readonly DiscoveredHost[],
  ): Promise<Result<{ site: Site } & ScanSaveOutcome>>;
  /** Devices that answered under their credentials' ids join the site (`unlock --remember --site`). */
  saveFound(
    ref: string | undefined,
    devices: readonly FoundDevice[],
  ): Promise<Result<{ site: Site } & ScanSaveOutcome>>;
}

export function deviceServices({ readSite, inSite, now }: InventoryAccess): DeviceServices {
  return {
    devices: (ref) =>
      readSite(ref, (inventory, site) => ok({ site, devices: devicesOf(inventory, site.id) })),
    editDevice: (ref, id, patch) =>
      inSite(ref, (inventory, site) => editDevice(inventory, site.id, id, patch)),
    removeDevice: (ref, id) => inSite(ref, (inventory, site) => removeDevice(inventory, site.id, id)),
    trustCertificate: (ref, id, fingerprint) =>
      inSite(ref, (inventory, site) => trustCertificate(inventory, site.id, id, fingerprint)),
    knownDevices: (ref) => readSite(ref, (inventory, site) => ok(knownDevicesOf(inventory, site.id))),
    saveScan: (ref, hosts) =>
      inSite(ref, (inventory, site) => ok({ site, ...recordScan(inventory, site.id, hosts, now()) })),
    saveFound: (ref, found) =>
      inSite(ref, (inventory, site) => ok({ site, ...recordFound(inventory, site.id, found, now()) })),
  };
}
