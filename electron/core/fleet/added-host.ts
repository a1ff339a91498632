/**
 * A device the window adds (or a re-scan finds again), as the scan result the inventory records: what
 * main's own scan found about the address wins over what the page sent.
 */
import type { DeviceAddress } from '../../../shared/domain/device-address';
import type { DiscoveredHost } from '../../../shared/domain/discovery';
import type { DeviceIdentity } from '../../../shared/domain/inventory';

export function hostOf(
  address: DeviceAddress,
  identity: DeviceIdentity | undefined,
  scanned: DiscoveredHost | undefined,
): DiscoveredHost {
  return {
    address: address.host,
    port: address.port,
    scheme: address.scheme,
    kind: 'device',
    identity: scanned?.identity ?? identity ?? null,
    // What the scan established (moved: its old address was silent; the same MAC elsewhere) decides
    // the device's id when it is saved (identity-rule.ts); without a scan, nothing is assumed.
    seen: scanned?.seen ?? 'new',
    ...(scanned?.previousAddress !== undefined ? { previousAddress: scanned.previousAddress } : {}),
    ...(scanned?.sameMacAs !== undefined ? { sameMacAs: scanned.sameMacAs } : {}),
    ...(scanned?.tlsFingerprint256 !== undefined ? { tlsFingerprint256: scanned.tlsFingerprint256 } : {}),
  };
}
