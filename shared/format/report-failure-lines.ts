/**
 * The report's failures as the terminal says them after `minerdeck report` (issue 34): one line each, the
 * device named by its slot when placed — `C2-R07-S3-P2 (10.0.0.41): hottest chip 92 °C, over 85 °C` —
 * at most `limit`, the rest counted (the report file has every one).
 */
import { oneLineReason } from '../domain/acceptance-words';
import type { HandOverReport } from '../domain/report';
import { placedLine } from './device-place-text';
import { devicesInReportOrder } from './report-racks';

export const TERMINAL_FAILURES = 10;

export function failureLines(
  report: Pick<HandOverReport, 'devices' | 'racks'>,
  limit = TERMINAL_FAILURES,
): string[] {
  const failed = devicesInReportOrder(report).flatMap((device) =>
    device.acceptance?.verdict === 'fail'
      ? [placedLine(device.address, device.slot ?? undefined, oneLineReason(device.acceptance))]
      : [],
  );
  const left = failed.length - limit;
  return left > 0
    ? [
        ...failed.slice(0, limit),
        `and ${left} more failed ${left === 1 ? 'device' : 'devices'}: see the report`,
      ]
    : failed;
}
