/**
 * What earlier runs did with one image, read back from the site's activity log (its entries carry the
 * image's SHA-256): per device, the last thing recorded — an upload begun, an upload the device took, or a
 * verdict — and the version the image brought where a device was verified. A new run starts from this
 * and from what the devices report now, so it continues where a stopped, crashed or killed run ended and
 * never uploads twice to a device that took the image.
 */
import type { ActivityEntry, FirmwareActivity, WriteOutcome } from '../../../shared/domain/commission';

export interface DeviceHistory {
  phase: FirmwareActivity['phase'];
  /** When the entry was written (ISO). */
  at: string;
  outcome: WriteOutcome;
  message: string;
  from?: string;
  to?: string;
}

export interface ImageHistory {
  /** The latest entry of each device, by device id. */
  byDevice: ReadonlyMap<string, DeviceHistory>;
  /** The same, by address (a device known by another id in an earlier run). */
  byAddress: ReadonlyMap<string, DeviceHistory>;
  /** The version most devices verified with this image came back on. */
  version?: string;
  /** The first device it was verified on (for the plan's words). */
  verifiedOn?: { address: string; at: string };
  verifiedCount: number;
}

export const EMPTY_HISTORY: ImageHistory = { byDevice: new Map(), byAddress: new Map(), verifiedCount: 0 };

export function imageHistory(entries: readonly ActivityEntry[], sha256: string): ImageHistory {
  const mine = entries
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => entry.action === 'firmware' && entry.firmware?.image.sha256 === sha256)
    // Oldest first; entries of one moment keep the order they were written in.
    .sort((a, b) => a.entry.at.localeCompare(b.entry.at) || a.index - b.index);
  const byDevice = new Map<string, DeviceHistory>();
  const byAddress = new Map<string, DeviceHistory>();
  const versions = new Map<string, number>();
  let verifiedOn: ImageHistory['verifiedOn'];
  for (const { entry } of mine) {
    const phase = entry.firmware?.phase ?? 'verdict';
    for (const device of entry.devices) {
      const record: DeviceHistory = {
        phase,
        at: entry.at,
        outcome: device.outcome,
        message: device.message,
        ...(device.from !== undefined ? { from: device.from } : {}),
        ...(device.to !== undefined ? { to: device.to } : {}),
      };
      byDevice.set(device.deviceId, record);
      byAddress.set(device.address, record);
      if (phase === 'verdict' && device.outcome === 'done' && device.to !== undefined) {
        versions.set(device.to, (versions.get(device.to) ?? 0) + 1);
        verifiedOn ??= { address: device.address, at: entry.at };
      }
    }
  }
  const ranked = [...versions.entries()].sort((a, b) => b[1] - a[1]);
  return {
    byDevice,
    byAddress,
    verifiedCount: ranked.reduce((sum, [, n]) => sum + n, 0),
    ...(ranked[0] !== undefined ? { version: ranked[0][0] } : {}),
    ...(verifiedOn !== undefined ? { verifiedOn } : {}),
  };
}

export const historyOf = (
  history: ImageHistory,
  device: { deviceId: string; address: string },
): DeviceHistory | undefined =>
  history.byDevice.get(device.deviceId) ?? history.byAddress.get(device.address);

/**
 * An earlier run began updating the device and recorded no verdict: `accepted` (it took the image, or
 * may have: sent whole with no answer) or `upload` (its upload was about to start or under way); a
 * verdict of `unknown` says the same.
 */
export const unfinished = (record: DeviceHistory | undefined): record is DeviceHistory =>
  record !== undefined && (record.phase !== 'verdict' || record.outcome === 'unknown');

/** The device took the image (or may have) in an earlier run: an `accepted` entry, or a verdict of `unknown`. */
export const tookTheImage = (record: DeviceHistory | undefined): boolean =>
  record !== undefined &&
  (record.phase === 'accepted' || (record.phase === 'verdict' && record.outcome === 'unknown'));
