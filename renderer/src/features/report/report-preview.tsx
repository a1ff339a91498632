/**
 * The hand-over report as the customer will read it, drawn by React from the report object main built
 * (the same one the CSV, JSON, HTML and PDF files are made of) and worded by the same functions
 * (shared/format/report-text.ts). A React rendering rather than the HTML file in a frame: the window's CSP
 * allows no frame and no inline style, and React escapes every value a device or a person wrote.
 */
import type { ReactNode } from 'react';
import type { HandOverReport, ReportDevice, ReportState } from '../../../../shared/domain/report';
import {
  alertText,
  apiKeyText,
  hashRateText,
  localTime,
  stateNotes,
  temperatureText,
} from '../../../../shared/format/report-text';
import { passwordStatusText } from '../../../../shared/format/password-status-text';
import { lastRestartText, ledText, poolsText } from '../../../../shared/format/setup-text';

const STATE_ORDER: readonly ReportState[] = [
  'online',
  'rebooting',
  'restarting',
  'offline',
  'needs-password',
  'auth-failed',
  'locked-out',
  'error',
  'locked',
  'unlocking',
  'discovered',
  'not-checked',
];

const GOOD = new Set<ReportState>(['online']);
const WAIT = new Set<ReportState>([
  'locked',
  'not-checked',
  'discovered',
  'unlocking',
  'rebooting',
  'restarting',
]);
const toneOf = (state: ReportState): string =>
  GOOD.has(state) ? 'report-good' : WAIT.has(state) ? 'report-wait' : 'report-bad';

const Dash = (): ReactNode => <span className="report-muted">–</span>;
const text = (value: string | null): ReactNode => (value === null || value === '' ? <Dash /> : value);

function DeviceRow({ device, index }: { device: ReportDevice; index: number }): ReactNode {
  const issues = [...device.problems, ...device.alerts.map(alertText)];
  const temps = [
    device.chipTempMax === null ? '' : `chip ${temperatureText(device.chipTempMax)}`,
    device.boardTempMax === null ? '' : `board ${temperatureText(device.boardTempMax)}`,
  ].filter((t) => t !== '');
  return (
    <tr>
      <td className="num">{index + 1}</td>
      <td>
        <span className="mono">{device.address}</span>
        {device.label !== '' && <div>{device.label}</div>}
      </td>
      <td className="mono">{text(device.mac)}</td>
      <td>{text(device.hostname)}</td>
      <td>{text(device.model)}</td>
      <td>{text(device.firmware)}</td>
      <td>
        <span className={`report-state ${toneOf(device.state)}`}>{device.state}</span>
        {stateNotes(device).map((note) => (
          <div key={note} className="report-muted">
            {note}
          </div>
        ))}
      </td>
      <td className="num">{text(hashRateText(device))}</td>
      <td className="num">{temps.length === 0 ? <Dash /> : temps.map((t) => <div key={t}>{t}</div>)}</td>
      <td>{apiKeyText(device.apiKey)}</td>
      <td
        className={device.password.status === 'factory-default' ? 'report-bad' : undefined}
        data-password={device.password.status}
      >
        {passwordStatusText(device.password)}
      </td>
      <td>{poolsText(device.pools)}</td>
      <td>
        LED {ledText(device.led)}
        {device.lastRestart !== null && <div>{lastRestartText(device.lastRestart)}</div>}
      </td>
      <td>
        {issues.length === 0 ? (
          <span className="report-muted">none</span>
        ) : (
          <ul className="report-items">
            {issues.map((issue, i) => (
              <li key={i}>{issue}</li>
            ))}
          </ul>
        )}
      </td>
      <td className="report-notes">{text(device.notes)}</td>
    </tr>
  );
}

export function ReportPreview({ report }: { report: HandOverReport }): ReactNode {
  const facts: [string, string][] = [
    ['Date', localTime(report.generatedAt)],
    ['Laptop', report.laptop],
    ['States read', report.checkedAt === null ? 'not read for this report' : localTime(report.checkedAt)],
    ['Produced by', `${report.app.name} ${report.app.version}`],
  ];
  return (
    <article className="report-paper" aria-label="Report preview">
      <h3>Hand-over report: {report.site.name}</h3>
      <dl className="report-facts">
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt>{k}:</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <ul className="report-counts" aria-label="Counts">
        <li>
          <b>{report.counts.devices}</b> devices
        </li>
        {STATE_ORDER.flatMap((state) => {
          const n = report.counts.byState[state];
          return n === undefined
            ? []
            : [
                <li key={state} className={toneOf(state)}>
                  <b>{n}</b> {state}
                </li>,
              ];
        })}
        <li>
          <b>{report.counts.apiKeys}</b> with an API key
        </li>
        <li className={report.counts.factoryPasswords > 0 ? 'report-bad' : undefined}>
          <b>{report.counts.factoryPasswords}</b> with the factory password
        </li>
        <li>
          <b>{report.counts.withProblems}</b> with problems or alerts
        </li>
      </ul>
      {report.activity.length > 0 && (
        <section aria-label="Activity" className="report-activity">
          <h4>Activity</h4>
          <ul className="report-items">
            {report.activity.map((a) => (
              <li key={a.id}>
                {localTime(a.at)} · {a.by}: {a.summary} <span className="report-muted">({a.what})</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="report-table-scroll">
        <table className="report-table" aria-label="Devices in the report">
          <thead>
            <tr>
              {[
                '#',
                'Address',
                'MAC',
                'Host name',
                'Model',
                'Firmware',
                'Final state',
                'Hash rate vs nominal',
                'Max temperatures',
                'API key',
                'Password',
                'Pools and workers',
                'LED, last restart',
                'Problems and alerts',
                'Notes',
              ].map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.devices.length === 0 ? (
              <tr>
                <td colSpan={15} className="report-muted">
                  No devices in this site.
                </td>
              </tr>
            ) : (
              report.devices.map((device, i) => <DeviceRow key={device.deviceId} device={device} index={i} />)
            )}
          </tbody>
        </table>
      </div>
      <footer className="report-muted">
        API keys are listed as provisioned or not; the keys themselves are kept in the commissioning
        laptop&apos;s keychain and are not part of this report. Passwords are described (factory default,
        changed here, set elsewhere, unknown), never shown; pool passwords are not read.
      </footer>
    </article>
  );
}
