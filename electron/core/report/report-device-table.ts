/**
 * The printable report's device table: one line per device, fitting an A4 landscape page's width with no
 * column cut (fixed layout, widths that add up to the page, a long value ends in "…" within its column),
 * at least 25 devices a page. What does not fit on one line — timestamps, sentences — is in the evidence,
 * the CSV and the JSON, not here.
 */
import type { HandOverReport, ReportDevice } from '../../../shared/domain/report';
import {
  hashRatePercentText,
  hottestChipText,
  shortAddress,
  verdictCellText,
} from '../../../shared/format/acceptance-text';
import { cell, escapeHtml } from './html-text';
import { standardCellText } from '../../../shared/format/report-standard-text';

/** Heading, width in % of the page (without, then with the Standard column), the cell, its class. */
type Column = readonly [string, number, number, (d: ReportDevice, i: number) => string, string?];

const COLUMNS: readonly Column[] = [
  ['#', 3, 3, (_d, i) => String(i + 1), 'num'],
  ['Address', 10, 10, (d) => cell(shortAddress(d.address))],
  ['MAC', 11, 10, (d) => cell(d.mac), 'mono'],
  ['Serial', 12.5, 10.5, (d) => cell(d.serial)],
  ['Model', 15.5, 12, (d) => cell(d.model)],
  ['Firmware', 8, 7, (d) => cell(d.firmware)],
  ['Preset', 6, 6, (d) => cell(d.preset)],
  ['Hash rate, % of nominal', 6.5, 6.5, (d) => cell(hashRatePercentText(d)), 'num'],
  ['Hottest chip', 5.5, 5.5, (d) => cell(hottestChipText(d)), 'num'],
  ['Worker', 12, 10.5, (d) => cell(d.worker)],
  ['Verdict', 10, 10, (d) => escapeHtml(verdictCellText(d))],
];

/** ✓ or what differs from the site's standard ("factory password, pools differ"); only when it has one. */
const STANDARD_COLUMN: Column = ['Standard', 0, 9, (d) => cell(standardCellText(d.standard))];

/** The columns of this report: the Standard column before the verdict when the site has a standard. */
function columnsOf(
  report: HandOverReport,
): { heading: string; width: number; value: Column[3]; kind?: string }[] {
  const withStandard = report.standard?.set === true;
  const columns = withStandard ? [...COLUMNS.slice(0, -1), STANDARD_COLUMN, ...COLUMNS.slice(-1)] : COLUMNS;
  return columns.map(([heading, width, narrower, value, kind]) => ({
    heading,
    width: withStandard ? narrower : width,
    value,
    ...(kind !== undefined ? { kind } : {}),
  }));
}

const standardClass = (device: ReportDevice): string | undefined =>
  device.standard?.status === 'at-standard'
    ? 'standard-ok'
    : device.standard?.status === 'differs'
      ? 'standard-differs'
      : undefined;

const verdictClass = (device: ReportDevice): string =>
  device.acceptance === null ? 'verdict-none' : `verdict-${device.acceptance.verdict}`;

export function deviceTable(report: HandOverReport): string {
  const columns = columnsOf(report);
  const cols = columns.map(({ width }) => `<col style="width:${width}%">`).join('');
  const head = columns.map(({ heading }) => `<th>${escapeHtml(heading)}</th>`).join('');
  const td = (device: ReportDevice, i: number, column: (typeof columns)[number]): string => {
    const kind = column.heading === STANDARD_COLUMN[0] ? standardClass(device) : column.kind;
    return `<td${kind === undefined ? '' : ` class="${kind}"`}>${column.value(device, i)}</td>`;
  };
  const rows =
    report.devices.length === 0
      ? `<tr><td colspan="${columns.length}" class="muted">No devices in this site.</td></tr>`
      : report.devices
          .map(
            (device, i) =>
              `<tr class="${verdictClass(device)}">${columns.map((column) => td(device, i, column)).join('')}</tr>`,
          )
          .join('\n');
  return `<section class="devices"><h2>Devices (${report.devices.length})</h2>
<table class="device-table"><colgroup>${cols}</colgroup>
<thead><tr>${head}</tr></thead>
<tbody>
${rows}
</tbody>
</table></section>`;
}
