/**
 * The site's activity log: every write this laptop made to devices, appended in the same atomic update
 * as the rest of the inventory, so it survives a crash and travels with the site. Entries hold metadata
 * only (what, when, each device's outcome), never a secret.
 */
import { randomBytes } from 'node:crypto';
import type { ActivityEntry } from '../../../shared/domain/commission';
import type { Inventory } from './schema';

/** A new entry's id: sortable by time, unique across laptops merging their logs. */
export function newActivityId(at: Date): string {
  return `${at.toISOString().replace(/[-:.TZ]/g, '')}-${randomBytes(4).toString('hex')}`;
}

export function appendActivity(inventory: Inventory, entry: ActivityEntry): void {
  inventory.activity.push(entry);
}

/** A site's entries, oldest first; with `deviceId`, only those that touched that device (and only its line). */
export function activityOf(
  inventory: Inventory,
  siteId: string,
  filter: { deviceId?: string } = {},
): ActivityEntry[] {
  const entries = inventory.activity.filter((entry) => entry.siteId === siteId);
  const sorted = [...entries].sort((a, b) => a.at.localeCompare(b.at));
  const { deviceId } = filter;
  if (deviceId === undefined) return sorted;
  return sorted.flatMap((entry) => {
    const devices = entry.devices.filter((d) => d.deviceId === deviceId);
    return devices.length > 0 ? [{ ...entry, devices }] : [];
  });
}
