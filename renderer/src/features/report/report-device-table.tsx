/**
 * The report preview's device table, as the printed one (electron/core/report/report-device-table.ts):
 * nothing that identifies a device is cut (slot, address, MAC and serial wrap rather than end in "…"), a
 * Standard column before the verdict when the site has a standard, the verdict and the standard toned
 * good, bad, or waiting (a pending verdict: not judged yet, never shown as a failure). With a layout, one
 * table per rack under the rack's map (report-rack-map.tsx), the unplaced devices last, as on paper.
 */
import type { ReactNode } from 'react';
import type { HandOverReport, ReportDevice } from '../../../../shared/domain/report';
import type { MessageId } from '../../../../shared/i18n/catalogs';
import type { Translator } from '../../../../shared/i18n/translate';
import { shortAddress } from '../../../../shared/format/acceptance-text';
import { hashRateCellText, hottestChipCellText, verdictText } from '../../../../shared/format/report-cells';
import { standardCellText } from '../../../../shared/format/report-standard-text';
import type { RackGroup } from '../../../../shared/format/report-racks';
import { groupCountsText, rackGroupsOf } from '../../../../shared/format/report-racks';
import { countText } from '../../../../shared/format/report-words';
import { Dash, shown, text, useReportT } from './report-bits';
import { RackMap } from './report-rack-map';

/** Heading (a message, or a symbol), cell, class (its kind and its width: report.css). */
type Column = readonly [MessageId | '#', (d: ReportDevice, n: number, tr: Translator) => ReactNode, string];

const NUMBER: Column = ['#', (_d, n, tr) => countText(tr, n), 'num report-col-n'];
const SLOT: Column = ['report.column.slot', (d) => text(d.slot ?? null), 'report-col-slot'];
const BEFORE_STANDARD: readonly Column[] = [
  ['report.column.address', (d) => shown(shortAddress(d.address)), 'report-col-address'],
  ['report.column.mac', (d) => text(d.mac), 'mono report-col-mac'],
  ['report.column.serial', (d) => text(d.serial), 'mono report-col-serial'],
  ['report.column.model', (d) => text(d.model), 'report-col-model'],
  ['report.column.firmware', (d) => text(d.firmware), 'report-col-firmware'],
  ['report.column.preset', (d) => text(d.preset), 'report-col-preset'],
  ['report.column.hashRate', (d, _n, tr) => text(hashRateCellText(d, tr)), 'num report-col-hash'],
  ['report.column.hottestChip', (d, _n, tr) => text(hottestChipCellText(d, tr)), 'num report-col-chip'],
  ['report.column.worker', (d) => text(d.worker), 'report-col-worker'],
];

/**
 * ✓ or what differs from the site's standard, then what was not checked with why: the window has the room
 * the paper gives to the short words (standardShortText), and the cell wraps rather than cuts.
 */
function StandardWords({ device }: { device: ReportDevice }): ReactNode {
  const words = shown(standardCellText(device.standard));
  return words === '' ? <Dash /> : words;
}
const STANDARD: Column = [
  'report.column.standard',
  (d) => <StandardWords device={d} />,
  'report-col-standard',
];
const VERDICT: Column = [
  'report.column.verdict',
  (d, _n, tr) => shown(verdictText(d, tr)),
  'report-col-verdict',
];

const columnsOf = (withSlot: boolean, withStandard: boolean): Column[] => [
  NUMBER,
  ...(withSlot ? [SLOT] : []),
  ...BEFORE_STANDARD,
  ...(withStandard ? [STANDARD] : []),
  VERDICT,
];

const standardTone = (device: ReportDevice): string | undefined =>
  device.standard?.status === 'at-standard'
    ? 'report-good'
    : device.standard?.status === 'differs'
      ? 'report-bad'
      : undefined;

const VERDICT_TONES = { pass: 'report-good', fail: 'report-bad', pending: 'report-wait' } as const;

const verdictTone = (device: ReportDevice): string | undefined =>
  device.acceptance === null ? undefined : VERDICT_TONES[device.acceptance.verdict];

/** The class of a cell: its kind and width, and the verdict and the standard toned good or bad. */
const cellClass = (heading: Column[0], device: ReportDevice, kind: string): string => {
  const tone =
    heading === VERDICT[0] ? verdictTone(device) : heading === STANDARD[0] ? standardTone(device) : undefined;
  return tone === undefined ? kind : `${kind} ${tone}`;
};

function Rows(props: {
  columns: readonly Column[];
  devices: readonly ReportDevice[];
  first: number;
  empty: string;
  label: string;
}): ReactNode {
  const { columns, devices, first, empty, label } = props;
  const tr = useReportT();
  return (
    <div className="report-table-scroll">
      <table className="report-table" aria-label={label}>
        <thead>
          <tr>
            {columns.map(([heading, , kind]) => (
              <th key={heading} scope="col" className={kind}>
                {heading === '#' ? heading : tr.t(heading)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {devices.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="report-muted">
                {empty}
              </td>
            </tr>
          ) : (
            devices.map((device, i) => (
              <tr key={device.deviceId} data-verdict={device.acceptance?.verdict ?? 'none'}>
                {columns.map(([heading, value, kind]) => (
                  <td key={heading} className={cellClass(heading, device, kind)}>
                    {value(device, first + i, tr)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** One rack's part: its name and counts, its map, its devices (the unplaced: no map). */
function RackPart(props: { group: RackGroup; columns: readonly Column[]; first: number }): ReactNode {
  const { group, columns, first } = props;
  const tr = useReportT();
  const title = shown(group.rack === null ? group.title : tr.t('report.rack.title', { rack: group.title }));
  return (
    <section aria-label={title} className="report-rack">
      <h4>{title}</h4>
      <p className="report-muted">{shown(groupCountsText(group, tr))}</p>
      {group.rack !== null && <RackMap rack={group.rack} devices={group.devices} />}
      <Rows
        columns={columns}
        devices={group.devices}
        first={first}
        empty={tr.t(group.rack === null ? 'report.rack.noneOutside' : 'report.rack.noneInRack')}
        label={tr.t('report.preview.devicesIn', { rack: shown(group.title) })}
      />
    </section>
  );
}

export function DeviceTable({ report }: { report: HandOverReport }): ReactNode {
  const tr = useReportT();
  const groups = rackGroupsOf(report, tr);
  const withStandard = report.standard?.set === true;
  const count = countText(tr, report.devices.length);
  if (groups.length === 0) {
    return (
      <section aria-label={tr.t('report.preview.devices')}>
        <h4>{tr.t('report.table.title', { count })}</h4>
        <Rows
          columns={columnsOf(false, withStandard)}
          devices={report.devices}
          first={1}
          empty={tr.t('report.table.none')}
          label={tr.t('report.preview.devicesInReport')}
        />
      </section>
    );
  }
  const columns = columnsOf(true, withStandard);
  const firsts = groups.map((_, g) => 1 + groups.slice(0, g).reduce((n, x) => n + x.devices.length, 0));
  return (
    <section aria-label={tr.t('report.preview.devices')}>
      <h4>{tr.t('report.preview.byRack', { count })}</h4>
      {groups.map((group, g) => (
        <RackPart key={group.title} group={group} columns={columns} first={firsts[g] ?? 1} />
      ))}
    </section>
  );
}
