/**
 * A site's activity log as the shells use it: every write to devices (a password change, pools, a
 * reboot…) appends one entry, signed with this laptop's name; the log is read oldest first.
 */
import type { ActivityEntry } from '../../../shared/domain/commission';
import { message } from '../../../shared/i18n/message';
import type { Result } from '../../../shared/result';
import { errWithText, ok } from '../../../shared/result';
import { activityOf, appendActivity, newActivityId } from './activity';
import { batchedActivityWriter } from './activity-batching';
import type { InventoryAccess } from './inventory-access';

export interface ActivityServices {
  /** Appends a write's record to its site's activity log (entry.siteId must name a site). */
  recordActivity(entry: Omit<ActivityEntry, 'id' | 'by'>): Promise<Result<ActivityEntry>>;
  /** The site's (`ref`, else the current one) activity log, oldest first, optionally for one device. */
  activity(ref?: string, filter?: { deviceId?: string }): Promise<Result<ActivityEntry[]>>;
}

/** `laptop`: this laptop's host name, which signs each entry. */
export function activityServices(
  { store, readSite, now }: InventoryAccess,
  laptop: string,
): ActivityServices {
  // Entries asked for while an update runs are written together in the next one (activity-batching.ts).
  const recordActivity = batchedActivityWriter(store, (inventory, input) => {
    if (!inventory.sites.some((site) => site.id === input.siteId)) {
      return errWithText(
        'NOT_FOUND',
        `There is no site "${input.siteId}" to record the activity in.`,
        message('errors.site.noSiteForActivity', { site: input.siteId }),
      );
    }
    const entry: ActivityEntry = { ...input, id: newActivityId(now()), by: laptop };
    return ok(appendActivity(inventory, entry));
  });
  return {
    recordActivity,
    activity: (ref, filter) => readSite(ref, (inventory, site) => ok(activityOf(inventory, site.id, filter))),
  };
}
