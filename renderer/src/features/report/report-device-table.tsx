/**
 * The report preview's one-line device table, as the printed one (electron/core/report/report-device-
 * table.ts): a Standard column before the verdict when the site has a standard, the verdict and the
 * standard toned good, bad, or waiting (a pending verdict: not judged yet, never shown as a failure).
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
import { Dash, shown, text } from './report-bits';

type Column = readonly [string, (d: ReportDevice, i: number) => ReactNode, string?];

const COLUMNS: readonly Column[] = [
  ['#', (_d, i) => i + 1, 'num'],
  ['Address', (d) => shown(shortAddress(d.address))],
  ['MAC', (d) => text(d.mac), 'mono'],
  ['Serial', (d) => text(d.serial)],
  ['Model', (d) => text(d.model)],
  ['Firmware', (d) => text(d.firmware)],
  ['Preset', (d) => text(d.preset)],
  ['Hash rate, % of nominal', (d) => text(hashRatePercentText(d)), 'num'],
  ['Hottest chip', (d) => text(hottestChipText(d)), 'num'],
  ['Worker', (d) => text(d.worker)],
  ['Verdict', (d) => shown(verdictCellText(d))],
];

/**
 * ✓ or what differs from the site's standard, then what was not checked, as the printed column says it;
 * the whole of it on hover when the column cuts it short.
 */
function StandardWords({ device }: { device: ReportDevice }): ReactNode {
  const words = shown(standardCellText(device.standard));
  return words === '' ? <Dash /> : <span title={words}>{words}</span>;
}
const STANDARD_COLUMN: Column = ['Standard', (d) => <StandardWords device={d} />];

/** The Standard column stands before the verdict when the site has a standard, as on paper. */
const WITH_STANDARD: readonly Column[] = [...COLUMNS.slice(0, -1), STANDARD_COLUMN, ...COLUMNS.slice(-1)];

const standardTone = (device: ReportDevice): string | undefined =>
  device.standard?.status === 'at-standard'
    ? 'report-good'
    : device.standard?.status === 'differs'
      ? 'report-bad'
      : undefined;

const VERDICT_TONES = { pass: 'report-good', fail: 'report-bad', pending: 'report-wait' } as const;

const verdictTone = (device: ReportDevice): string | undefined =>
  device.acceptance === null ? undefined : VERDICT_TONES[device.acceptance.verdict];

/** The class of a cell: the verdict and the standard say good or bad in colour, the rest their kind. */
const cellClass = (heading: string, device: ReportDevice, kind: string | undefined): string | undefined =>
  heading === 'Verdict' ? verdictTone(device) : heading === STANDARD_COLUMN[0] ? standardTone(device) : kind;

export function DeviceTable({ report }: { report: HandOverReport }): ReactNode {
  const withStandard = report.standard?.set === true;
  const columns = withStandard ? WITH_STANDARD : COLUMNS;
  return (
    <section aria-label="Devices">
      <h4>Devices ({report.devices.length})</h4>
      <div className="report-table-scroll">
        <table
          className={withStandard ? 'report-table report-table-with-standard' : 'report-table'}
          aria-label="Devices in the report"
        >
          <thead>
            <tr>
              {columns.map(([heading]) => (
                <th key={heading} scope="col">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.devices.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="report-muted">
                  No devices in this site.
                </td>
              </tr>
            ) : (
              report.devices.map((device, i) => (
                <tr key={device.deviceId} data-verdict={device.acceptance?.verdict ?? 'none'}>
                  {columns.map(([heading, value, kind]) => (
                    <td key={heading} className={cellClass(heading, device, kind)}>
                      {value(device, i)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
