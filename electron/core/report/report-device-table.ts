/**
 * The printable report's device table: one row per device, fitting an A4 landscape page's width, and
 * never cutting what identifies a device — the slot, address, MAC and serial are printed whole (a long one
 * wraps, a MAC only between its octets); the less important columns give up their room first and wrap
 * too, so no cell ends in "…". Sized so a page carries 25 devices or more. Grouped by rack when the site
 * has a layout (report-rack-pages.ts draws each group's page); one table otherwise.
 */
import type { HandOverReport, ReportDevice } from '../../../shared/domain/report';
import type { MessageId } from '../../../shared/i18n/catalogs';
import type { Translator } from '../../../shared/i18n/translate';
import { shortAddress } from '../../../shared/format/acceptance-text';
import { cell, escapeHtml } from './html-text';
import { standardShortText } from '../../../shared/format/report-standard-text';
import { countText } from '../../../shared/format/report-words';
import { hashRateCellText, hottestChipCellText, verdictText } from '../../../shared/format/report-cells';

/** A MAC breaks only after a colon, so a narrow cell never splits an octet. */
const macCell = (mac: string | null): string => cell(mac).replace(/:/g, ':<wbr>');

/** Heading (a message, or a symbol), room on the page in mm (scaled to the page's width), the cell, its class. */
type Cell = (d: ReportDevice, n: number, tr: Translator) => string;
type Column = readonly [MessageId | '#', number, Cell, string?];

const NUMBER: Column = ['#', 8, (_d, n, tr) => countText(tr, n), 'num'];
/** Only when the site has a layout. */
const SLOT: Column = ['report.column.slot', 26, (d) => cell(d.slot), 'id'];
const BEFORE_STANDARD: readonly Column[] = [
  ['report.column.address', 20, (d) => cell(shortAddress(d.address)), 'id'],
  ['report.column.mac', 26, (d) => macCell(d.mac), 'mono id'],
  ['report.column.serial', 28, (d) => cell(d.serial), 'mono id'],
  ['report.column.model', 34, (d) => cell(d.model)],
  ['report.column.firmware', 18, (d) => cell(d.firmware)],
  ['report.column.preset', 11, (d) => cell(d.preset)],
  ['report.column.hashRate', 14, (d, _n, tr) => cell(hashRateCellText(d, tr)), 'num'],
  ['report.column.hottestChip', 12, (d, _n, tr) => cell(hottestChipCellText(d, tr)), 'num'],
  ['report.column.worker', 24, (d) => cell(d.worker)],
];
/** ✓ or what differs from the site's standard; only when it has one. */
const STANDARD: Column = [
  'report.column.standard',
  24,
  (d, _n, tr) => cell(standardShortText(d.standard, tr)),
];
const VERDICT: Column = ['report.column.verdict', 20, (d, _n, tr) => escapeHtml(verdictText(d, tr))];

export interface TableColumn {
  /** The heading in the reader's language. */
  heading: string;
  /** Which column it is, whatever the language. */
  id: Column[0];
  /** % of the table's width. */
  width: number;
  value: Column[2];
  kind?: string;
}

/** The columns of this report: Slot after # with a layout, Standard before the verdict with a standard. */
export function columnsOf(report: HandOverReport, withSlot: boolean, tr: Translator): TableColumn[] {
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
  return columns.map(([id, , value, kind], i) => ({
    heading: id === '#' ? id : tr.t(id),
    id,
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
  tr: Translator,
): string {
  const cols = columns.map(({ width }) => `<col style="width:${width}%">`).join('');
  const head = columns.map(({ heading }) => `<th>${escapeHtml(heading)}</th>`).join('');
  const td = (device: ReportDevice, n: number, column: TableColumn): string => {
    const kind = column.id === STANDARD[0] ? standardClass(device) : column.kind;
    return `<td${kind === undefined ? '' : ` class="${kind}"`}>${column.value(device, n, tr)}</td>`;
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
export function deviceTable(report: HandOverReport, tr: Translator): string {
  const table = tableOf(columnsOf(report, false, tr), report.devices, 1, tr.t('report.table.none'), tr);
  const title = tr.t('report.table.title', { count: countText(tr, report.devices.length) });
  return `<section class="devices"><h2>${escapeHtml(title)}</h2>
${table}</section>`;
}
