/**
 * The report preview's device table, as the printed one (electron/core/report/report-device-table.ts):
 * nothing that identifies a device is cut (slot, address, MAC and serial wrap rather than end in "…"), a
 * Standard column before the verdict when the site has a standard, the verdict and the standard toned
 * good, bad, or waiting (a pending verdict: not judged yet, never shown as a failure). With a layout, one
 * table per rack under the rack's map (report-rack-map.tsx), the unplaced devices last, as on paper.
 */
import type { ReactNode } from 'react';
import type { HandOverReport, ReportDevice } from '../../../../shared/domain/report';
import {
  hashRatePercentText,
  hottestChipText,
  shortAddress,
  verdictCellText,
} from '../../../../shared/format/acceptance-text';
import { standardCellText } from '../../../../shared/format/report-standard-text';
import type { RackGroup } from '../../../../shared/format/report-racks';
import { groupCountsText, rackGroupsOf } from '../../../../shared/format/report-racks';
import { Dash, shown, text } from './report-bits';
import { RackMap } from './report-rack-map';

/** Heading, cell, class (its kind and its width: report.css). */
type Column = readonly [string, (d: ReportDevice, n: number) => ReactNode, string];

const NUMBER: Column = ['#', (_d, n) => n, 'num report-col-n'];
const SLOT: Column = ['Slot', (d) => text(d.slot ?? null), 'report-col-slot'];
const BEFORE_STANDARD: readonly Column[] = [
  ['Address', (d) => shown(shortAddress(d.address)), 'report-col-address'],
  ['MAC', (d) => text(d.mac), 'mono report-col-mac'],
  ['Serial', (d) => text(d.serial), 'mono report-col-serial'],
  ['Model', (d) => text(d.model), 'report-col-model'],
  ['Firmware', (d) => text(d.firmware), 'report-col-firmware'],
  ['Preset', (d) => text(d.preset), 'report-col-preset'],
  ['Hash rate, % of nominal', (d) => text(hashRatePercentText(d)), 'num report-col-hash'],
  ['Hottest chip', (d) => text(hottestChipText(d)), 'num report-col-chip'],
  ['Worker', (d) => text(d.worker), 'report-col-worker'],
];

/**
 * ✓ or what differs from the site's standard, then what was not checked with why: the window has the room
 * the paper gives to the short words (standardShortText), and the cell wraps rather than cuts.
 */
function StandardWords({ device }: { device: ReportDevice }): ReactNode {
  const words = shown(standardCellText(device.standard));
  return words === '' ? <Dash /> : words;
}
const STANDARD: Column = ['Standard', (d) => <StandardWords device={d} />, 'report-col-standard'];
const VERDICT: Column = ['Verdict', (d) => shown(verdictCellText(d)), 'report-col-verdict'];

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
const cellClass = (heading: string, device: ReportDevice, kind: string): string => {
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
  return (
    <div className="report-table-scroll">
      <table className="report-table" aria-label={label}>
        <thead>
          <tr>
            {columns.map(([heading, , kind]) => (
              <th key={heading} scope="col" className={kind}>
                {heading}
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
                    {value(device, first + i)}
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
  const title = group.rack === null ? group.title : `Rack ${group.title}`;
  return (
    <section aria-label={shown(title)} className="report-rack">
      <h4>{shown(title)}</h4>
      <p className="report-muted">{shown(groupCountsText(group))}</p>
      {group.rack !== null && <RackMap rack={group.rack} devices={group.devices} />}
      <Rows
        columns={columns}
        devices={group.devices}
        first={first}
        empty={group.rack === null ? 'No device outside the racks.' : 'No device placed in this rack.'}
        label={`Devices in ${shown(group.title)}`}
      />
    </section>
  );
}

export function DeviceTable({ report }: { report: HandOverReport }): ReactNode {
  const groups = rackGroupsOf(report);
  const withStandard = report.standard?.set === true;
  if (groups.length === 0) {
    return (
      <section aria-label="Devices">
        <h4>Devices ({report.devices.length})</h4>
        <Rows
          columns={columnsOf(false, withStandard)}
          devices={report.devices}
          first={1}
          empty="No devices in this site."
          label="Devices in the report"
        />
      </section>
    );
  }
  const columns = columnsOf(true, withStandard);
  const firsts = groups.map((_, g) => 1 + groups.slice(0, g).reduce((n, x) => n + x.devices.length, 0));
  return (
    <section aria-label="Devices">
      <h4>Devices ({report.devices.length}), by rack</h4>
      {groups.map((group, g) => (
        <RackPart key={group.title} group={group} columns={columns} first={firsts[g] ?? 1} />
      ))}
    </section>
  );
}
