/**
 * The printable report's device table: one row per device, fitting an A4 landscape page's width, and
 * never cutting what identifies a device — the slot, address, MAC and serial are printed whole (a long one
 * wraps, a MAC only between its octets); the less important columns give up their room first and wrap
 * too, so no cell ends in "…". Sized so a page carries 25 devices or more. Grouped by rack when the site
 * has a layout (report-rack-pages.ts draws each group's page); one table otherwise.
 */
import type { HandOverReport, ReportDevice } from '../../../shared/domain/report';
import {
  hashRatePercentText,
  hottestChipText,
  shortAddress,
  verdictCellText,
} from '../../../shared/format/acceptance-text';
import { cell, escapeHtml } from './html-text';
import { standardShortText } from '../../../shared/format/report-standard-text';

/** A MAC breaks only after a colon, so a narrow cell never splits an octet. */
const macCell = (mac: string | null): string => cell(mac).replace(/:/g, ':<wbr>');

/** Heading, room on the page in mm (scaled to the page's width), the cell, its class. */
type Column = readonly [string, number, (d: ReportDevice, n: number) => string, string?];

const NUMBER: Column = ['#', 8, (_d, n) => String(n), 'num'];
/** Only when the site has a layout. */
const SLOT: Column = ['Slot', 26, (d) => cell(d.slot), 'id'];
const BEFORE_STANDARD: readonly Column[] = [
  ['Address', 20, (d) => cell(shortAddress(d.address)), 'id'],
  ['MAC', 26, (d) => macCell(d.mac), 'mono id'],
  ['Serial', 28, (d) => cell(d.serial), 'mono id'],
  ['Model', 34, (d) => cell(d.model)],
  ['Firmware', 18, (d) => cell(d.firmware)],
  ['Preset', 11, (d) => cell(d.preset)],
  ['Hash rate, % of nominal', 14, (d) => cell(hashRatePercentText(d)), 'num'],
  ['Hottest chip', 12, (d) => cell(hottestChipText(d)), 'num'],
  ['Worker', 24, (d) => cell(d.worker)],
];
/** ✓ or what differs from the site's standard; only when it has one. */
const STANDARD: Column = ['Standard', 24, (d) => cell(standardShortText(d.standard))];
const VERDICT: Column = ['Verdict', 20, (d) => escapeHtml(verdictCellText(d))];

export interface TableColumn {
  heading: string;
  /** % of the table's width. */
  width: number;
  value: Column[2];
  kind?: string;
}

/** The columns of this report: Slot after # with a layout, Standard before the verdict with a standard. */
export function columnsOf(report: HandOverReport, withSlot: boolean): TableColumn[] {
  const columns = [
    NUMBER,
    ...(withSlot ? [SLOT] : []),
    ...BEFORE_STANDARD,
    ...(report.standard?.set === true ? [STANDARD] : []),
    VERDICT,
  ];
  const room = columns.reduce((sum, [, mm]) => sum + mm, 0);
  const widths = columns.map(([, mm]) => Math.round((mm / room) * 1000) / 10);
  // The last column takes what rounding left, so the widths add up to the page exactly.
  widths[widths.length - 1] = Math.round((100 - widths.slice(0, -1).reduce((a, b) => a + b, 0)) * 10) / 10;
  return columns.map(([heading, , value, kind], i) => ({
    heading,
    width: widths[i] ?? 0,
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

/**
 * A table of `devices`, numbered from `first` (the numbers run on across the racks' tables), or a muted
 * line for an empty group.
 */
export function tableOf(
  columns: readonly TableColumn[],
  devices: readonly ReportDevice[],
  first: number,
  empty: string,
): string {
  const cols = columns.map(({ width }) => `<col style="width:${width}%">`).join('');
  const head = columns.map(({ heading }) => `<th>${escapeHtml(heading)}</th>`).join('');
  const td = (device: ReportDevice, n: number, column: TableColumn): string => {
    const kind = column.heading === STANDARD[0] ? standardClass(device) : column.kind;
    return `<td${kind === undefined ? '' : ` class="${kind}"`}>${column.value(device, n)}</td>`;
  };
  const rows =
    devices.length === 0
      ? `<tr><td colspan="${columns.length}" class="muted">${escapeHtml(empty)}</td></tr>`
      : devices
          .map(
            (device, i) =>
              `<tr class="${verdictClass(device)}">${columns.map((column) => td(device, first + i, column)).join('')}</tr>`,
          )
          .join('\n');
  return `<table class="device-table"><colgroup>${cols}</colgroup>
<thead><tr>${head}</tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

/** The one table of a site without a layout. */
export function deviceTable(report: HandOverReport): string {
  const table = tableOf(columnsOf(report, false), report.devices, 1, 'No devices in this site.');
  return `<section class="devices"><h2>Devices (${report.devices.length})</h2>
${table}</section>`;
}
