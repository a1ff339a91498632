/**
 * Trusting the certificates a firmware update changed (certificates.ts says why): pinned in the inventory
 * and in this process at once, during a rollout (its own updated devices) or after it — then only for
 * devices the site's activity log says took an image from this laptop; any other is refused, named, so
 * a certificate that changed for another reason is never trusted in this step. Kept apart from the
 * service's preflight and run (firmware-service.ts), which both call it.
 */
import type { CertificateChange } from '../../../shared/domain/firmware';
import type { Result } from '../../../shared/result';
import { ok } from '../../../shared/result';
import type { InventoryServices } from '../inventory/inventory-services';
import type { PinOverlay, TrustOutcome } from './certificates';
import { trustNewCertificates } from './certificates';

export interface CertificateTrustDeps {
  inventory: Pick<InventoryServices, 'activity' | 'store'>;
  /** The pins the device client checks https devices with (the service's overlay). */
  pins: PinOverlay;
}

/** Pins the new certificates in the inventory and in this process; answers the device ids trusted. */
export async function pinNewCertificates(
  { inventory, pins }: CertificateTrustDeps,
  siteId: string,
  changes: readonly CertificateChange[],
): Promise<Result<TrustOutcome>> {
  const trusted = await trustNewCertificates(inventory.store, siteId, changes);
  if (trusted.ok) {
    for (const change of changes) {
      if (trusted.value.trusted.includes(change.address)) pins.pin(change.address, change.after);
    }
  }
  return trusted;
}

/** FirmwareService.trustUpdatedCertificates: only devices the activity log says took an image. */
export async function trustUpdatedCertificates(
  deps: CertificateTrustDeps,
  siteId: string,
  changes: readonly CertificateChange[],
): Promise<Result<TrustOutcome>> {
  const entries = await deps.inventory.activity(siteId);
  if (!entries.ok) return entries;
  const tookAnImage = new Set<string>();
  for (const entry of entries.value) {
    if (entry.action !== 'firmware' || entry.firmware?.phase !== 'accepted') continue;
    for (const device of entry.devices) tookAnImage.add(device.deviceId).add(device.address);
  }
  const updated = changes.filter((c) => tookAnImage.has(c.deviceId) || tookAnImage.has(c.address));
  const others = changes.filter((c) => !updated.includes(c));
  const trusted =
    updated.length > 0
      ? await pinNewCertificates(deps, siteId, updated)
      : ok<TrustOutcome>({ trusted: [], refused: [] });
  if (!trusted.ok) return trusted;
  return ok({
    trusted: trusted.value.trusted,
    refused: [
      ...trusted.value.refused,
      ...others.map((c) => ({
        address: c.address,
        why: 'no firmware update from this laptop is recorded for it: check its certificate on the device, then trust it as usual',
      })),
    ],
  });
}
