/**
 * The site's activity log as the hand-over report uses it (docs/design.md, Commissioning actions, 6): one line
 * per write with the addresses it failed on ("pools set on 198 of 200 devices; 2 failed: 10.0.0.7, …"), a
 * firmware rollout once however many runs and entries it took, and per device its latest reboot or mining
 * restart and the firmware version a rollout verified it on. Entries hold no secret, and neither does this.
 */
import type { ActivityEntry } from '../../../shared/domain/commission';
import { summarizeActivity } from '../../../shared/domain/commission';
import type { ReportActivity, ReportDevice } from '../../../shared/domain/report';

const addressesWith = (entry: ActivityEntry, outcome: 'failed' | 'unknown'): string[] =>
  entry.devices.filter((d) => d.outcome === outcome).map((d) => d.address);

/**
 * A firmware rollout writes an entry before each step's uploads, as devices take the image and as they
 * get their verdicts, across every run of the same image (a stopped rollout resumed later). The report
 * says it once, as a rollout: per device its latest line (a verdict, or "under way" — unknown — when the
 * log ends before one), placed at the rollout's last entry: "firmware 1.2.7 on 198 of 200 devices; 2
 * failed: …". Other entries are kept as they are.
 */
export function foldFirmwareRollouts(entries: readonly ActivityEntry[]): ActivityEntry[] {
  const sorted = [...entries].sort((a, b) => a.at.localeCompare(b.at));
  const lastOf = new Map<string, number>();
  sorted.forEach((entry, i) => {
    if (entry.action === 'firmware' && entry.firmware !== undefined)
      lastOf.set(entry.firmware.image.sha256, i);
  });
  const folded: ActivityEntry[] = [];
  const rollouts = new Map<
    string,
    { entry: ActivityEntry; devices: Map<string, ActivityEntry['devices'][number]> }
  >();
  sorted.forEach((entry, i) => {
    const firmware = entry.action === 'firmware' ? entry.firmware : undefined;
    if (firmware === undefined) {
      folded.push(entry);
      return;
    }
    const image = firmware.image.sha256;
    let rollout = rollouts.get(image);
    if (rollout === undefined) {
      rollout = { entry, devices: new Map() };
      rollouts.set(image, rollout);
    }
    for (const device of entry.devices) rollout.devices.set(device.deviceId, device);
    // The verdicts' line says what the rollout did ("…: verdicts"); the latest one is kept.
    if (firmware.phase === 'verdict') rollout.entry = entry;
    if (lastOf.get(image) !== i) return;
    const { firmware: kept, until: _until, ...rest } = rollout.entry;
    folded.push({
      ...rest,
      at: entry.at,
      by: entry.by,
      firmware: { ...(kept ?? firmware), phase: 'verdict' },
      devices: [...rollout.devices.values()],
    });
  });
  return folded;
}

/** Each device's latest firmware verdict that verified it: the version it came back on, and when. */
export function verifiedFirmwareOf(
  entries: readonly ActivityEntry[],
): Map<string, { version: string; at: string }> {
  const verified = new Map<string, { version: string; at: string }>();
  for (const entry of entries) {
    if (entry.action !== 'firmware' || entry.firmware?.phase !== 'verdict') continue;
    for (const device of entry.devices) {
      if (device.outcome !== 'done' || device.to === undefined) continue;
      const known = verified.get(device.deviceId);
      if (known === undefined || known.at <= entry.at)
        verified.set(device.deviceId, { version: device.to, at: entry.at });
    }
  }
  return verified;
}

/** Oldest first, as the log is; a firmware rollout once (foldFirmwareRollouts). */
export function activityOfReport(entries: readonly ActivityEntry[]): ReportActivity[] {
  return foldFirmwareRollouts(entries).map((entry) => ({
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
