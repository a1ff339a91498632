/**
 * What the hand-over document says, apart from how it is drawn: the printable HTML (core) and the app's
 * preview (renderer) both lay out these — the headline, page 1's capped lists, the problems grouped by what
 * they say — so the two never disagree.
 */
import { oneLineReason } from '../domain/acceptance-words';
import type { HandOverReport, ReportDevice, SeenAlert } from '../domain/report';
import { shortAddress } from './acceptance-text';
import { namedWithSlot } from './device-place-text';
import { devicesInReportOrder, rackTitle } from './report-racks';
import { countText, reportTranslator } from './report-words';
import type { Translator } from './report-words';

/** What the document holds and what it never does, said where the signatures are. */
export const reportFooter = (tr?: Translator): string => reportTranslator(tr).t('report.footer');
export const REPORT_FOOTER = reportFooter();

/**
 * Page 1 stays one page: at most this many of each list, the rest counted. `failures` is the room of the
 * failed and the pending devices together (each line at most two lines high), so 200 failed devices leave
 * the signature block on page 1.
 */
export const PAGE_ONE_LIMITS = { failures: 12, activity: 6, pools: 4, firmware: 3 } as const;
/** Pending devices always get this many lines of that room when there are some. */
const PENDING_LINES = 3;
/** Racks named in page 1's "failed by rack" line. */
const RACKS_NAMED = 8;
/** Addresses named per problem; the CSV and JSON have every device's own list. */
export const ADDRESSES_NAMED = 12;

/**
 * Devices whose latest verdict is pending: still settling (restarting, tuning) at the settle limit, not
 * judged yet — counted apart from the failures, never as one. From the devices (the report's counts keep
 * accepted and failed only, as reports made before issue 32 did).
 */
export function pendingOf(report: Pick<HandOverReport, 'devices' | 'racks'>): {
  deviceId: string;
  name: string;
  reason: string;
}[] {
  return devicesInReportOrder(report).flatMap((device) =>
    device.acceptance?.verdict === 'pending'
      ? [{ deviceId: device.deviceId, name: deviceName(device), reason: oneLineReason(device.acceptance) }]
      : [],
  );
}

/**
 * "Accepted 197 of 200 devices"; "Accepted 180, failed 3, pending 17 of 200 devices" when some are
 * pending; or what stands instead when nothing was accepted yet.
 */
export function headlineOf(report: HandOverReport, translator?: Translator): string {
  const tr = reportTranslator(translator);
  const { devices, accepted, failed } = report.counts;
  const pending = pendingOf(report).length;
  const values = {
    count: devices,
    devices: countText(tr, devices),
    accepted: countText(tr, accepted),
    failed: countText(tr, failed),
    pending: countText(tr, pending),
  };
  if (accepted + failed + pending === 0) return tr.t('report.headline.none', values);
  if (pending > 0) return tr.t('report.headline.pending', values);
  return tr.t('report.headline.accepted', values);
}

/** "C2-R07-S3-P2 (10.0.0.7) · spare PSU": how a device is named in lists, its slot first when placed. */
export const deviceName = (
  device: Pick<ReportDevice, 'address' | 'label'> & Pick<Partial<ReportDevice>, 'slot'>,
): string =>
  [namedWithSlot(device.address, device.slot ?? undefined), device.label]
    .filter((part) => part !== '')
    .join(' · ');

/** The failed devices with their one-line reason, in the report's order (rack by rack when placed). */
export function failuresOf(report: HandOverReport): { deviceId: string; name: string; reason: string }[] {
  return devicesInReportOrder(report).flatMap((device) =>
    device.acceptance?.verdict === 'fail'
      ? [{ deviceId: device.deviceId, name: deviceName(device), reason: oneLineReason(device.acceptance) }]
      : [],
  );
}

/** An alert in one line without its times (they are in the CSV and JSON). */
export function alertLine(alert: SeenAlert, tr?: Translator): string {
  const line = `${alert.kind}: ${alert.message}`;
  return alert.clearedAt === undefined
    ? line
    : reportTranslator(tr).t('report.problems.cameAndWent', { alert: line });
}

/** Each problem or alert once, with the devices it was seen on; the most common first. */
export function problemGroups(
  report: HandOverReport,
  tr?: Translator,
): { text: string; addresses: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const device of report.devices) {
    for (const text of new Set([...device.problems, ...device.alerts.map((alert) => alertLine(alert, tr))])) {
      groups.set(text, [...(groups.get(text) ?? []), shortAddress(device.address)]);
    }
  }
  return [...groups]
    .sort(([a, x], [b, y]) => y.length - x.length || a.localeCompare(b))
    .map(([text, addresses]) => ({ text, addresses }));
}

/** "10.0.0.5, 10.0.0.6 and 3 more": at most ADDRESSES_NAMED named. */
export function addressesText(addresses: readonly string[], translator?: Translator): string {
  const named = addresses.slice(0, ADDRESSES_NAMED).join(', ');
  if (addresses.length <= ADDRESSES_NAMED) return named;
  const tr = reportTranslator(translator);
  const left = addresses.length - ADDRESSES_NAMED;
  return tr.t('report.addresses.more', { count: left, n: countText(tr, left), named });
}

type Named = { deviceId: string; name: string; reason: string };

/**
 * Page 1's failed and pending devices within its room (PAGE_ONE_LIMITS.failures lines): how many of each
 * are listed, and, when failures are left out, where they stand ("C2 · R01: 12, C2 · R02: 9, …") — every
 * one is in the evidence after the racks.
 */
export function pageOneLists(
  report: HandOverReport,
  tr?: Translator,
): {
  failures: Named[];
  failuresLeft: number;
  pending: Named[];
  pendingLeft: number;
  failedByRack: string | null;
} {
  const failed = failuresOf(report);
  const pending = pendingOf(report);
  const room = PAGE_ONE_LIMITS.failures;
  const fits = failed.length + pending.length <= room;
  const pendingShown = fits
    ? pending.length
    : Math.min(pending.length, Math.max(PENDING_LINES, room - failed.length));
  const failedShown = fits ? failed.length : Math.min(failed.length, room - pendingShown);
  return {
    failures: failed.slice(0, failedShown),
    failuresLeft: failed.length - failedShown,
    pending: pending.slice(0, pendingShown),
    pendingLeft: pending.length - pendingShown,
    failedByRack: failedShown < failed.length ? failedByRackText(report, reportTranslator(tr)) : null,
  };
}

/** "Failed by rack: C2 · R01 12, C2 · R02 9, not placed 3 and 4 more racks"; null without racks. */
function failedByRackText(report: HandOverReport, tr: Translator): string | null {
  if ((report.racks ?? []).length === 0) return null;
  const counts = new Map<string, number>();
  for (const device of devicesInReportOrder(report)) {
    if (device.acceptance?.verdict !== 'fail') continue;
    const where =
      device.area == null || device.rack == null
        ? tr.t('report.failures.notPlaced')
        : rackTitle({ area: device.area, name: device.rack });
    counts.set(where, (counts.get(where) ?? 0) + 1);
  }
  const list = [...counts]
    .slice(0, RACKS_NAMED)
    .map(([where, n]) => `${where}: ${countText(tr, n)}`)
    .join('; ');
  const left = counts.size - Math.min(counts.size, RACKS_NAMED);
  return left > 0
    ? tr.t('report.failures.byRackMore', { count: left, left: countText(tr, left), list })
    : tr.t('report.failures.byRack', { list });
}
