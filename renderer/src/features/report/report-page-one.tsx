/**
 * Page 1 of the report preview, as the printed page 1 (electron/core/report/report-page-one.ts) lays it
 * out and worded by the same functions: the headline ("Accepted 180, failed 3, pending 17 of 200
 * devices"), the facts, the counts (pending apart from failed), the site standard's line, the failures and
 * — apart from them — the pending devices (not judged yet), the activity, what is in force, and the
 * signature block.
 */
import type { ReactNode } from 'react';
import type { HandOverReport } from '../../../../shared/domain/report';
import {
  headlineOf,
  PAGE_ONE_LIMITS,
  pageOneLists,
  pendingOf,
  REPORT_FOOTER,
} from '../../../../shared/format/report-document';
import { standardLineParts, standardPartsText } from '../../../../shared/format/report-standard-text';
import { localTime } from '../../../../shared/format/report-text';
import { devices, More, shown, text } from './report-bits';

function Counts({ report }: { report: HandOverReport }): ReactNode {
  const { counts } = report;
  const pending = pendingOf(report).length;
  const items: [number, string, string?][] = [
    [counts.devices, 'devices'],
    [counts.online, 'online'],
    [counts.accepted, 'accepted', 'report-good'],
    [counts.failed, 'failed', counts.failed > 0 ? 'report-bad' : undefined],
  ];
  if (pending > 0) items.push([pending, 'pending (not judged yet)', 'report-wait']);
  items.push(
    [counts.devices - counts.accepted - counts.failed - pending, 'not accepted yet'],
    [counts.withProblems, 'with problems or alerts'],
  );
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

/**
 * The failures, then the pending devices apart from them (not judged yet, to be judged again later), in
 * page 1's room as printed (pageOneLists): the rest counted, the failed ones left out counted by rack.
 */
function Verdicts({ report }: { report: HandOverReport }): ReactNode {
  const lists = pageOneLists(report);
  const failed = lists.failures.length + lists.failuresLeft;
  const pending = lists.pending.length + lists.pendingLeft;
  return (
    <div>
      <section aria-label="Failures">
        <h4>Failures{failed > 0 ? ` (${failed})` : ''}</h4>
        {failed === 0 ? (
          <p className="report-muted">
            {report.counts.accepted + pending > 0
              ? 'No device failed its acceptance.'
              : 'No acceptance verdict yet.'}
          </p>
        ) : (
          <ul className="report-items">
            {lists.failures.map((f) => (
              <li key={f.deviceId}>
                <b>{shown(f.name)}</b> — {shown(f.reason)}
              </li>
            ))}
            <More n={lists.failuresLeft} what="failed devices: see Evidence" />
            {lists.failedByRack !== null && <li className="report-muted">{shown(lists.failedByRack)}</li>}
          </ul>
        )}
      </section>
      {pending > 0 && (
        <section aria-label="Pending">
          <h4>Pending: not judged yet ({pending})</h4>
          <p className="report-muted">
            Still restarting or tuning at the settle limit; judge them again later.
          </p>
          <ul className="report-items">
            {lists.pending.map((p) => (
              <li key={p.deviceId} className="report-wait">
                <b>{shown(p.name)}</b> — {shown(p.reason)}
              </li>
            ))}
            <More n={lists.pendingLeft} what="pending devices: see the table" />
          </ul>
        </section>
      )}
    </div>
  );
}

function Activity({ report }: { report: HandOverReport }): ReactNode {
  const activity = report.activity.slice(-PAGE_ONE_LIMITS.activity);
  return (
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
  );
}

function InForce({ report }: { report: HandOverReport }): ReactNode {
  const { pools, firmware } = report.inForce;
  return (
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
  );
}

function Signatures({ technician }: { technician: string }): ReactNode {
  return (
    <section className="report-signatures" aria-label="Signatures">
      <h4>Hand-over</h4>
      <div className="report-sign-row">
        {[
          ['Technician', technician],
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
  );
}

export function PageOne({ report }: { report: HandOverReport }): ReactNode {
  const facts: [string, string][] = [
    ['Site', report.site.name],
    ['Date', localTime(report.generatedAt)],
    ['Technician', report.technician],
    ['Laptop', report.laptop],
    ['States read', report.checkedAt === null ? 'not read for this report' : localTime(report.checkedAt)],
    ['Produced by', `${report.app.name} ${report.app.version}`],
  ];
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
        <Verdicts report={report} />
        <div>
          <Activity report={report} />
          <InForce report={report} />
        </div>
      </div>
      <Signatures technician={report.technician} />
      <footer>{REPORT_FOOTER}</footer>
    </section>
  );
}
