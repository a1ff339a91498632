/**
 * A firmware update may bring a new self-signed certificate. The pinned one then changes for a reason the
 * technician caused, so the rollout reports it ("certificate changed after the update", both
 * fingerprints) and lets the technician trust the new ones in one step — never silently, and only for
 * devices this rollout (or an earlier run of the same image) updated: the service checks that before it
 * calls `trustNewCertificates`, and this refuses a device whose pin is no longer the one it replaced.
 *
 * Trusted, a fingerprint is pinned in the inventory (every later command and the app use it) and in this
 * process's pins at once (`PinOverlay`: the CLI read the inventory's pins when it started).
 */
import { formatDeviceAddress, parseDeviceAddress } from '../../../shared/domain/device-address';
import type { CertificateChange } from '../../../shared/domain/firmware';
import type { Result } from '../../../shared/result';
import { ok } from '../../../shared/result';
import type { TlsPins } from '../device/tls-pinning';
import { tlsPinKey } from '../device/tls-pinning';
import type { InventoryStore } from '../inventory/store';

export interface PinOverlay extends TlsPins {
  /** From now on, `address` is trusted only with `fingerprint` in this process. */
  pin(address: string, fingerprint: string): void;
}

/**
 * The pins of `base`, with the ones trusted during this run on top — each only while `base` still says
 * what it said when it was pinned: the app's base follows the inventory, so once the inventory has the new
 * pin (or someone trusted yet another certificate since) the inventory decides again, never a stale pin.
 */
export function createPinOverlay(base: TlsPins | undefined): PinOverlay {
  const pinned = new Map<string, { fingerprint: string; baseThen: string | undefined }>();
  return {
    get(hostPort) {
      const now = base?.get(hostPort);
      const overlay = pinned.get(hostPort);
      if (overlay === undefined) return now;
      if (overlay.baseThen === now) return overlay.fingerprint;
      pinned.delete(hostPort);
      return now;
    },
    pin(address, fingerprint) {
      const parsed = parseDeviceAddress(address);
      if (!parsed.ok) return;
      const key = tlsPinKey(parsed.value);
      pinned.set(key, { fingerprint, baseThen: base?.get(key) });
    },
  };
}

const normalized = (fingerprint: string): string => fingerprint.replace(/[^0-9a-f]/gi, '').toUpperCase();

export interface TrustOutcome {
  /** Addresses whose new certificate is now trusted. */
  trusted: string[];
  /** Devices left as they were, and why. */
  refused: { address: string; why: string }[];
}

/**
 * Pins each change's new fingerprint for the site's device at that address, in one inventory update, when
 * the device's pin is still the one the change replaced (no one trusted something else meanwhile).
 */
export async function trustNewCertificates(
  store: Pick<InventoryStore, 'update'>,
  siteId: string,
  changes: readonly CertificateChange[],
): Promise<Result<TrustOutcome>> {
  return store.update((inventory) => {
    const outcome: TrustOutcome = { trusted: [], refused: [] };
    for (const change of changes) {
      const device = inventory.devices.find((d) => {
        if (d.siteId !== siteId) return false;
        const parsed = parseDeviceAddress(d.address);
        return parsed.ok && formatDeviceAddress(parsed.value) === change.address;
      });
      if (device === undefined) {
        outcome.refused.push({ address: change.address, why: 'it is not in this site of the inventory' });
      } else if (device.tlsPin === null || normalized(device.tlsPin) !== normalized(change.before)) {
        outcome.refused.push({
          address: change.address,
          why: 'its trusted certificate is no longer the one the update replaced',
        });
      } else {
        device.tlsPin = change.after;
        device.tlsSeen = change.after;
        outcome.trusted.push(change.address);
      }
    }
    return ok(outcome);
  });
}
