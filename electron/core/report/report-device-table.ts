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

/** Heading, width in % of the page, and the cell. */
const COLUMNS: readonly [string, number, (d: ReportDevice, i: number) => string, string?][] = [
  ['#', 3, (_d, i) => String(i + 1), 'num'],
  ['Address', 10, (d) => cell(shortAddress(d.address))],
  ['MAC', 11, (d) => cell(d.mac), 'mono'],
  ['Serial', 12.5, (d) => cell(d.serial)],
  ['Model', 15.5, (d) => cell(d.model)],
  ['Firmware', 8, (d) => cell(d.firmware)],
  ['Preset', 6, (d) => cell(d.preset)],
  ['Hash rate, % of nominal', 6.5, (d) => cell(hashRatePercentText(d)), 'num'],
  ['Hottest chip', 5.5, (d) => cell(hottestChipText(d)), 'num'],
  ['Worker', 12, (d) => cell(d.worker)],
  ['Verdict', 10, (d) => escapeHtml(verdictCellText(d))],
];

const verdictClass = (device: ReportDevice): string =>
  device.acceptance === null
    ? 'verdict-none'
    : device.acceptance.verdict === 'pass'
      ? 'verdict-pass'
      : 'verdict-fail';

export function deviceTable(report: HandOverReport): string {
  const cols = COLUMNS.map(([, width]) => `<col style="width:${width}%">`).join('');
  const head = COLUMNS.map(([heading]) => `<th>${escapeHtml(heading)}</th>`).join('');
  const rows =
    report.devices.length === 0
      ? `<tr><td colspan="${COLUMNS.length}" class="muted">No devices in this site.</td></tr>`
      : report.devices
          .map(
            (device, i) =>
              `<tr class="${verdictClass(device)}">${COLUMNS.map(([, , value, kind]) => `<td${kind === undefined ? '' : ` class="${kind}"`}>${value(device, i)}</td>`).join('')}</tr>`,
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
