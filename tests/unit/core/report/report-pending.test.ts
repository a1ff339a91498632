/**
 * Pending verdicts in the report (issue 32): devices still settling at the settle limit are counted apart
 * — "Accepted 180, failed 3, pending 17 of 200 devices" — listed with their reason on page 1, not among
 * the failures nor in the failures' evidence, and said as such in the device table and the CSV.
 */
import { describe, expect, it } from 'vitest';
import type { HandOverReport } from '../../../../shared/domain/report';
import { readCsvTable } from '../../../../shared/domain/targets/csv-table';
import { failuresOf, headlineOf, pendingOf } from '../../../../shared/format/report-document';
import { renderReport } from '../../../../electron/core/report/render-report';
import { largeSiteReport } from '../../../support/report-site';

const PENDING_REASON = 'still tuning after 15 min (auto-tuning since 14:05): not judged yet';

/** The 200-device site with `n` of its accepted devices pending instead. */
function withPending(n: number): HandOverReport {
  const report = largeSiteReport(200, { unaccepted: 5 });
  let left = n;
  const devices = report.devices.map((d) => {
    if (left === 0 || d.acceptance?.verdict !== 'pass') return d;
    left -= 1;
    return {
      ...d,
      acceptance: {
        ...d.acceptance,
        verdict: 'pending' as const,
        reasons: [PENDING_REASON],
        settledAt: null,
      },
    };
  });
  return { ...report, devices, counts: { ...report.counts, accepted: report.counts.accepted - n } };
}

describe('pending verdicts in the report', () => {
  const report = withPending(17);

  it('counts them apart in the headline, never as failures', () => {
    expect(headlineOf(report)).toBe('Accepted 175, failed 3, pending 17 of 200 devices');
    expect(pendingOf(report)).toHaveLength(17);
    expect(pendingOf(report)[0]?.reason).toBe(PENDING_REASON);
    expect(failuresOf(report)).toHaveLength(3);
    // Without pending devices the headline stays as it was.
    expect(headlineOf(withPending(0))).toBe('Accepted 192 of 200 devices');
  });

  it('lists them on page 1 with their reason, says "Pending" in the table, and keeps them out of the evidence', () => {
    const html = renderReport(report, 'html').content;
    expect(html).toContain('<h1>Accepted 175, failed 3, pending 17 of 200 devices</h1>');
    expect(html).toContain('<b>17</b>pending (still settling: judge again later)');
    expect(html).toContain('Pending: not judged yet (17)');
    expect(html).toContain(`— ${PENDING_REASON}</li>`);
    expect(html).toContain('<tr class="verdict-pending">');
    expect(html).toContain('Evidence of the failures (3)');
  });

  it('counts and marks them in the CSV', () => {
    const table = readCsvTable(renderReport(report, 'csv').content, ',');
    const cells = table.ok ? table.rows.map((r) => r.cells) : [];
    expect(cells).toContainEqual(['pending acceptance', '17']);
    const header = cells.find((r) => r[0] === 'address')!;
    const verdict = header.indexOf('verdict');
    const reasons = header.indexOf('verdict_reasons');
    const pending = cells.filter((r) => r[verdict] === 'pending');
    expect(pending).toHaveLength(17);
    expect(pending[0]?.[reasons]).toBe(PENDING_REASON);
  });
});
