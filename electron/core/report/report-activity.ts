/**
 * The site's activity log as the hand-over report uses it (docs/design.md, Commissioning actions, 6): one line
 * per write with the addresses it failed on ("pools set on 198 of 200 devices; 2 failed: 10.0.0.7, …"),
 * and per device its latest reboot or mining restart. Entries hold no secret, and neither does this.
 */
import type { ActivityEntry } from '../../../shared/domain/commission';
import { summarizeActivity } from '../../../shared/domain/commission';
import type { ReportActivity, ReportDevice } from '../../../shared/domain/report';

const addressesWith = (entry: ActivityEntry, outcome: 'failed' | 'unknown'): string[] =>
  entry.devices.filter((d) => d.outcome === outcome).map((d) => d.address);

/** Oldest first, as the log is. */
export function activityOfReport(entries: readonly ActivityEntry[]): ReportActivity[] {
  return [...entries]
    .sort((a, b) => a.at.localeCompare(b.at))
    .map((entry) => ({
      id: entry.id,
      at: entry.at,
      by: entry.by,
      action: entry.action,
      what: entry.what,
      summary: summarizeActivity(entry, { addresses: true }),
      failed: addressesWith(entry, 'failed'),
      unknown: addressesWith(entry, 'unknown'),
    }));
}

/**
 * Each device's latest reboot or mining restart that was sent (done, or sent without a clear answer);
 * a failed or skipped one did not happen, so it is not the device's last.
 */
export function lastRestartsOf(
  entries: readonly ActivityEntry[],
): Map<string, NonNullable<ReportDevice['lastRestart']>> {
  const last = new Map<string, NonNullable<ReportDevice['lastRestart']>>();
  for (const entry of entries) {
    if (entry.action !== 'reboot' && entry.action !== 'restart-mining') continue;
    for (const device of entry.devices) {
      if (device.outcome !== 'done' && device.outcome !== 'unknown') continue;
      const known = last.get(device.deviceId);
      if (known !== undefined && known.at > entry.at) continue;
      last.set(device.deviceId, { action: entry.action, at: entry.at, outcome: device.outcome });
    }
  }
  return last;
}
