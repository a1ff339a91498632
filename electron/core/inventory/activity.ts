/**
 * The site's activity log: every write this laptop made to devices, appended in the same atomic update
 * as the rest of the inventory, so it survives a crash and travels with the site. Entries hold metadata
 * only (what, when, each device's outcome), never a secret: a pool URL's login in their words is cut when
 * an entry is written, imported (merge.ts) or read (one stored before this rule).
 */
import { randomBytes } from 'node:crypto';
import type { ActivityEntry } from '../../../shared/domain/commission';
import { withoutLoginsIn } from '../../../shared/domain/pool-url';
import type { MessageRef, MessageValue } from '../../../shared/i18n/message';
import { isMessageRef } from '../../../shared/i18n/message';
import type { Inventory } from './schema';

/** A new entry's id: sortable by time, unique across laptops merging their logs. */
export function newActivityId(at: Date): string {
  return `${at.toISOString().replace(/[-:.TZ]/g, '')}-${randomBytes(4).toString('hex')}`;
}

const atSign = (text: string): boolean => text.includes('@');

/** A message's values hold the same words (a pool's URL among them): an `@` anywhere in them. */
const textHasAt = (text: MessageRef | undefined): boolean =>
  text !== undefined && atSign(JSON.stringify(text.values ?? {}));

function valueWithoutLogins(value: MessageValue): MessageValue {
  if (typeof value === 'string') return withoutLoginsIn(value);
  return isMessageRef(value) ? textWithoutLogins(value) : value;
}

function textWithoutLogins(text: MessageRef): MessageRef {
  if (text.values === undefined) return text;
  const values = Object.fromEntries(Object.entries(text.values).map(([k, v]) => [k, valueWithoutLogins(v)]));
  return { ...text, values };
}

/** The entry with the login cut from every URL in its words (`what`, each device's message and text). */
export function withoutLogins<E extends Pick<ActivityEntry, 'what' | 'devices'>>(entry: E): E {
  // Most entries hold no `@` at all: the same entry, nothing copied (the log is read on every report).
  const touched = (d: ActivityEntry['devices'][number]): boolean => atSign(d.message) || textHasAt(d.text);
  if (!atSign(entry.what) && !entry.devices.some(touched)) return entry;
  const devices = entry.devices.map((d) =>
    touched(d)
      ? {
          ...d,
          message: withoutLoginsIn(d.message),
          ...(d.text !== undefined ? { text: textWithoutLogins(d.text) } : {}),
        }
      : d,
  );
  return { ...entry, what: withoutLoginsIn(entry.what), devices };
}

/** Appends the entry as stored (logins cut) and answers it. */
export function appendActivity(inventory: Inventory, entry: ActivityEntry): ActivityEntry {
  const stored = withoutLogins(entry);
  inventory.activity.push(stored);
  return stored;
}

/** A site's entries, oldest first; with `deviceId`, only those that touched that device (and only its line). */
export function activityOf(
  inventory: Inventory,
  siteId: string,
  filter: { deviceId?: string } = {},
): ActivityEntry[] {
  const entries = inventory.activity.filter((entry) => entry.siteId === siteId).map(withoutLogins);
  const sorted = [...entries].sort((a, b) => a.at.localeCompare(b.at));
  const { deviceId } = filter;
  if (deviceId === undefined) return sorted;
  return sorted.flatMap((entry) => {
    const devices = entry.devices.filter((d) => d.deviceId === deviceId);
    return devices.length > 0 ? [{ ...entry, devices }] : [];
  });
}
