/**
 * The hand-over report as the site owner will read and sign it, drawn by React from the report object main
 * built (the same one the CSV, JSON, HTML and PDF files are made of), laid out as the printed document is
 * (electron/core/report/report-html.ts) and worded by the same functions (shared/format/report-document.ts,
 * acceptance-text.ts, report-standard-text.ts): page 1 — the headline, the facts, the counts, the site
 * standard's line and what it asks, the failures, the activity, what is in force, the signature block —
 * then the one-line device table (with a Standard column when the site has a standard), the evidence of
 * each failure, the problems seen and the notes. A React rendering rather than the HTML file in a frame:
 * the window's CSP allows no frame and no inline style, and React escapes every value a device or a person
 * wrote. Its control and text-direction characters are shown escaped, as the printed report shows them
 * (shared/format/printable.ts), so a device's name cannot reorder or hide what the technician checks.
 */
import type { ReactNode } from 'react';
import type { HandOverReport, ReportDevice } from '../../../../shared/domain/report';
import {
  criteriaText,
  evidenceLines,
  hashRatePercentText,
  hottestChipText,
  shortAddress,
  verdictCellText,
} from '../../../../shared/format/acceptance-text';
import {
  addressesText,
  deviceName,
  failuresOf,
  headlineOf,
  PAGE_ONE_LIMITS,
  problemGroups,
  REPORT_FOOTER,
} from '../../../../shared/format/report-document';
import { localTime } from '../../../../shared/format/report-text';
import { printableLines } from '../../../../shared/format/printable';
import {
  standardCellText,
  standardLineParts,
  standardPartsText,
} from '../../../../shared/format/report-standard-text';

const Dash = (): ReactNode => <span className="report-muted">–</span>;
/** Text from a device, a file or a person, as the printed report shows it. */
const shown = printableLines;
const text = (value: string | null): ReactNode => (value === null || value === '' ? <Dash /> : shown(value));
const devices = (n: number): string => `${n} ${n === 1 ? 'device' : 'devices'}`;

function More({ n, what }: { n: number; what: string }): ReactNode {
  return n > 0 ? (
    <li className="report-muted">
      and {n} more {what}
    </li>
  ) : null;
}

function Counts({ report }: { report: HandOverReport }): ReactNode {
  const { counts } = report;
  const items: [number, string, string?][] = [
    [counts.devices, 'devices'],
    [counts.online, 'online'],
    [counts.accepted, 'accepted', 'report-good'],
    [counts.failed, 'failed', counts.failed > 0 ? 'report-bad' : undefined],
    [counts.devices - counts.accepted - counts.failed, 'not accepted yet'],
    [counts.withProblems, 'with problems or alerts'],
  ];
  if (counts.factoryPasswords > 0)
    items.push([counts.factoryPasswords, 'with the factory password', 'report-bad']);
  return (
    <ul className="report-counts" aria-label="Counts">
      {items.map(([n, what, tone]) => (
        <li key={what} className={tone}>
          <b>{n}</b> {what}
        </li>
      ))}
    </ul>
  );
}

/**
 * "The site standard: 182 of 200 devices at the standard; 18 differ: …" and what the standard asks, as
 * page 1 of the printed report says it; a report made before the standard existed says nothing.
 */
function SiteStandard({ report }: { report: HandOverReport }): ReactNode {
  const section = report.standard;
  if (section === undefined) return null;
  const { label, rest } = standardLineParts(section.line);
  return (
    <section className="report-standard-part" aria-label="Site standard">
      <p>
        <b>{shown(label)}:</b> {shown(rest)}
      </p>
      {section.parts !== null && (
        <p className="report-muted">The standard: {shown(standardPartsText(section.parts).join(' · '))}</p>
      )}
    </section>
  );
}

function PageOne({ report }: { report: HandOverReport }): ReactNode {
  const facts: [string, string][] = [
    ['Site', report.site.name],
    ['Date', localTime(report.generatedAt)],
    ['Technician', report.technician],
    ['Laptop', report.laptop],
    ['States read', report.checkedAt === null ? 'not read for this report' : localTime(report.checkedAt)],
    ['Produced by', `${report.app.name} ${report.app.version}`],
  ];
  const failures = failuresOf(report);
  const activity = report.activity.slice(-PAGE_ONE_LIMITS.activity);
  const { pools, firmware } = report.inForce;
  return (
    <section className="report-page-one" aria-label="Page 1">
      <p className="report-muted">Hand-over report · {shown(report.site.name)}</p>
      <h3>{headlineOf(report)}</h3>
      <dl className="report-facts">
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{text(v)}</dd>
          </div>
        ))}
      </dl>
      <Counts report={report} />
      <SiteStandard report={report} />
      <div className="report-columns">
        <section aria-label="Failures">
          <h4>Failures{failures.length > 0 ? ` (${failures.length})` : ''}</h4>
          {failures.length === 0 ? (
            <p className="report-muted">
              {report.counts.accepted > 0 ? 'No device failed its acceptance.' : 'No acceptance verdict yet.'}
            </p>
          ) : (
            <ul className="report-items">
              {failures.slice(0, PAGE_ONE_LIMITS.failures).map((f) => (
                <li key={f.deviceId}>
                  <b>{shown(f.name)}</b> — {shown(f.reason)}
                </li>
              ))}
              <More n={failures.length - PAGE_ONE_LIMITS.failures} what="failed devices: see Evidence" />
            </ul>
          )}
        </section>
        <div>
          <section aria-label="Activity">
            <h4>Activity</h4>
            {activity.length === 0 ? (
              <p className="report-muted">Nothing was written to the devices.</p>
            ) : (
              <ul className="report-items">
                {report.activity.length > activity.length && (
                  <li className="report-muted">
                    {report.activity.length - activity.length} earlier entries in the CSV and JSON
                  </li>
                )}
                {activity.map((a) => (
                  <li key={a.id}>
                    {localTime(a.at)} · {shown(a.summary)}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-label="In force">
            <h4>Pools in force</h4>
            <ul className="report-items">
              {pools.length === 0 && <li className="report-muted">no pool read</li>}
              {pools.slice(0, PAGE_ONE_LIMITS.pools).map((pool) => (
                <li key={pool.url}>
                  {shown(pool.url)} — {devices(pool.devices)}
                  {pool.workers.length > 0 && (
                    <span className="report-muted">
                      {' '}
                      (workers {shown(pool.workers.join(', '))}
                      {pool.devices > pool.workers.length ? ', …' : ''})
                    </span>
                  )}
                </li>
              ))}
              <More n={pools.length - PAGE_ONE_LIMITS.pools} what="pools" />
            </ul>
            <h4>Firmware in force</h4>
            <ul className="report-items">
              {firmware.length === 0 && <li className="report-muted">not known</li>}
              {firmware.slice(0, PAGE_ONE_LIMITS.firmware).map((f) => (
                <li key={f.firmware}>
                  {shown(f.firmware)} — {devices(f.devices)}
                </li>
              ))}
              <More n={firmware.length - PAGE_ONE_LIMITS.firmware} what="firmware versions" />
            </ul>
          </section>
        </div>
      </div>
      <section className="report-signatures" aria-label="Signatures">
        <h4>Hand-over</h4>
        <div className="report-sign-row">
          {[
            ['Technician', report.technician],
            ['Site owner', ''],
          ].map(([role, name]) => (
            <div key={role}>
              <div className="report-sign-role">{role}</div>
              <div className="report-sign-line">{shown(name ?? '')}</div>
              <div className="report-muted">name</div>
              <div className="report-sign-line" />
              <div className="report-muted">signature</div>
            </div>
          ))}
          <div>
            <div className="report-sign-role">Date</div>
            <div className="report-sign-line" />
            <div className="report-muted">date of hand-over</div>
          </div>
        </div>
      </section>
      <footer>{REPORT_FOOTER}</footer>
    </section>
  );
}

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

const verdictTone = (device: ReportDevice): string | undefined =>
  device.acceptance === null
    ? undefined
    : device.acceptance.verdict === 'pass'
      ? 'report-good'
      : 'report-bad';

/** The class of a cell: the verdict and the standard say good or bad in colour, the rest their kind. */
const cellClass = (heading: string, device: ReportDevice, kind: string | undefined): string | undefined =>
  heading === 'Verdict' ? verdictTone(device) : heading === STANDARD_COLUMN[0] ? standardTone(device) : kind;

function DeviceTable({ report }: { report: HandOverReport }): ReactNode {
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

function Evidence({ report }: { report: HandOverReport }): ReactNode {
  const failed = report.devices.filter((d) => d.acceptance?.verdict === 'fail');
  if (failed.length === 0) return null;
  const criteria = failed[0]?.acceptance?.criteria;
  return (
    <section aria-label="Evidence">
      <h4>Evidence of the failures ({failed.length})</h4>
      {criteria !== undefined && <p className="report-muted">The standard: {criteriaText(criteria)}.</p>}
      <div className="report-evidence-grid">
        {failed.map((device) =>
          device.acceptance === null ? null : (
            <article key={device.deviceId} className="report-evidence">
              <h5>
                {shown([deviceName(device), device.mac ?? ''].filter((p) => p !== '').join(' · '))} — Failed
              </h5>
              <ul className="report-items report-bad">
                {device.acceptance.reasons.map((r) => (
                  <li key={r}>{shown(r)}</li>
                ))}
              </ul>
              <ul className="report-items">
                {evidenceLines(device.acceptance).map((line) => (
                  <li key={line}>{shown(line)}</li>
                ))}
              </ul>
            </article>
          ),
        )}
      </div>
    </section>
  );
}

function ProblemsAndNotes({ report }: { report: HandOverReport }): ReactNode {
  const groups = problemGroups(report);
  const noted = report.devices.filter((d) => d.notes.trim() !== '');
  return (
    <>
      {groups.length > 0 && (
        <section aria-label="Problems and alerts">
          <h4>Problems and alerts seen</h4>
          <ul className="report-items">
            {groups.map(({ text: said, addresses }) => (
              <li key={said}>
                {shown(said)} — <b>{addresses.length}</b> {addresses.length === 1 ? 'device' : 'devices'}:{' '}
                <span className="mono">{shown(addressesText(addresses))}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {noted.length > 0 && (
        <section aria-label="Notes">
          <h4>Notes</h4>
          <ul className="report-items">
            {noted.map((d) => (
              <li key={d.deviceId}>
                {shown(deviceName(d))}: <span className="report-notes">{shown(d.notes)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

export function ReportPreview({ report }: { report: HandOverReport }): ReactNode {
  return (
    <article className="report-paper" aria-label="Report preview">
      <PageOne report={report} />
      <DeviceTable report={report} />
      <Evidence report={report} />
      <ProblemsAndNotes report={report} />
    </article>
  );
}
