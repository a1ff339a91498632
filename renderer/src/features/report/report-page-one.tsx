/**
 * Page 1 of the report preview, as the printed page 1 (electron/core/report/report-page-one.ts) lays it
 * out and worded by the same functions: the headline ("Accepted 180, failed 3, pending 17 of 200
 * devices"), the facts, the counts (pending apart from failed), the site standard's line, the failures and
 * — apart from them — the pending devices (not judged yet), the activity, what is in force, and the
 * signature block. In the document's language (useReportT: the customer's, issue 35).
 */
import type { ReactNode } from 'react';
import type { HandOverReport } from '../../../../shared/domain/report';
import type { MessageId } from '../../../../shared/i18n/catalogs';
import {
  headlineOf,
  PAGE_ONE_LIMITS,
  pageOneLists,
  pendingOf,
  reportFooter,
} from '../../../../shared/format/report-document';
import { standardLineText, standardPartsText } from '../../../../shared/format/report-standard-text';
import { countText, reportTime } from '../../../../shared/format/report-words';
import { devices, More, shown, text, useReportT } from './report-bits';

function Counts({ report }: { report: HandOverReport }): ReactNode {
  const tr = useReportT();
  const { counts } = report;
  const pending = pendingOf(report).length;
  const items: [number, MessageId, string?][] = [
    [counts.devices, 'report.count.devices'],
    [counts.online, 'report.count.online'],
    [counts.accepted, 'report.count.accepted', 'report-good'],
    [counts.failed, 'report.count.failed', counts.failed > 0 ? 'report-bad' : undefined],
  ];
  if (pending > 0) items.push([pending, 'report.count.pendingShort', 'report-wait']);
  items.push(
    [counts.devices - counts.accepted - counts.failed - pending, 'report.count.notAccepted'],
    [counts.withProblems, 'report.count.withProblems'],
  );
  if (counts.factoryPasswords > 0)
    items.push([counts.factoryPasswords, 'report.count.factoryPassword', 'report-bad']);
  return (
    <ul className="report-counts" aria-label={tr.t('report.count.label')}>
      {items.map(([n, what, tone]) => (
        <li key={what} className={tone}>
          <b>{countText(tr, n)}</b> {tr.t(what)}
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
  const tr = useReportT();
  const section = report.standard;
  if (section === undefined) return null;
  const { label, rest } = standardLineText(section, tr);
  return (
    <section className="report-standard-part" aria-label={tr.t('report.standard.label')}>
      <p>
        <b>{shown(label)}:</b> {shown(rest)}
      </p>
      {section.parts !== null && (
        <p className="report-muted">
          {shown(tr.t('report.standard.asks', { parts: standardPartsText(section.parts, tr).join(' · ') }))}
        </p>
      )}
    </section>
  );
}

/**
 * The failures, then the pending devices apart from them (not judged yet, to be judged again later), in
 * page 1's room as printed (pageOneLists): the rest counted, the failed ones left out counted by rack.
 */
function Verdicts({ report }: { report: HandOverReport }): ReactNode {
  const tr = useReportT();
  const lists = pageOneLists(report, tr);
  const failed = lists.failures.length + lists.failuresLeft;
  const pending = lists.pending.length + lists.pendingLeft;
  return (
    <div>
      <section aria-label={tr.t('report.failures.title')}>
        <h4>
          {failed > 0
            ? tr.t('report.failures.titleCount', { count: countText(tr, failed) })
            : tr.t('report.failures.title')}
        </h4>
        {failed === 0 ? (
          <p className="report-muted">
            {tr.t(
              report.counts.accepted + pending > 0 ? 'report.failures.none' : 'report.failures.noVerdict',
            )}
          </p>
        ) : (
          <ul className="report-items">
            {lists.failures.map((f) => (
              <li key={f.deviceId}>
                <b>{shown(f.name)}</b> — {shown(f.reason)}
              </li>
            ))}
            <More n={lists.failuresLeft} what="report.failures.more" />
            {lists.failedByRack !== null && <li className="report-muted">{shown(lists.failedByRack)}</li>}
          </ul>
        )}
      </section>
      {pending > 0 && (
        <section aria-label={tr.t('report.pending.label')}>
          <h4>{tr.t('report.pending.title', { count: countText(tr, pending) })}</h4>
          <p className="report-muted">{tr.t('report.pending.hint')}</p>
          <ul className="report-items">
            {lists.pending.map((p) => (
              <li key={p.deviceId} className="report-wait">
                <b>{shown(p.name)}</b> — {shown(p.reason)}
              </li>
            ))}
            <More n={lists.pendingLeft} what="report.pending.more" />
          </ul>
        </section>
      )}
    </div>
  );
}

function Activity({ report }: { report: HandOverReport }): ReactNode {
  const tr = useReportT();
  const activity = report.activity.slice(-PAGE_ONE_LIMITS.activity);
  const earlier = report.activity.length - activity.length;
  return (
    <section aria-label={tr.t('report.activity.title')}>
      <h4>{tr.t('report.activity.title')}</h4>
      {activity.length === 0 ? (
        <p className="report-muted">{tr.t('report.activity.nothing')}</p>
      ) : (
        <ul className="report-items">
          {earlier > 0 && (
            <li className="report-muted">
              {tr.t('report.activity.earlier', { count: earlier, n: countText(tr, earlier) })}
            </li>
          )}
          {activity.map((a) => (
            <li key={a.id}>
              {reportTime(tr, a.at)} · {shown(a.summary)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function InForce({ report }: { report: HandOverReport }): ReactNode {
  const tr = useReportT();
  const { pools, firmware } = report.inForce;
  return (
    <section aria-label={tr.t('report.inForce.label')}>
      <h4>{tr.t('report.inForce.pools')}</h4>
      <ul className="report-items">
        {pools.length === 0 && <li className="report-muted">{tr.t('report.inForce.noPool')}</li>}
        {pools.slice(0, PAGE_ONE_LIMITS.pools).map((pool) => (
          <li key={pool.url}>
            {shown(pool.url)} — {devices(tr, pool.devices)}
            {pool.workers.length > 0 && (
              <span className="report-muted">
                {' '}
                {tr.t(
                  pool.devices > pool.workers.length
                    ? 'report.inForce.workersMore'
                    : 'report.inForce.workers',
                  {
                    list: shown(pool.workers.join(', ')),
                  },
                )}
              </span>
            )}
          </li>
        ))}
        <More n={pools.length - PAGE_ONE_LIMITS.pools} what="report.inForce.morePools" />
      </ul>
      <h4>{tr.t('report.inForce.firmware')}</h4>
      <ul className="report-items">
        {firmware.length === 0 && <li className="report-muted">{tr.t('report.inForce.notKnown')}</li>}
        {firmware.slice(0, PAGE_ONE_LIMITS.firmware).map((f) => (
          <li key={f.firmware}>
            {shown(f.firmware)} — {devices(tr, f.devices)}
          </li>
        ))}
        <More n={firmware.length - PAGE_ONE_LIMITS.firmware} what="report.inForce.moreFirmware" />
      </ul>
    </section>
  );
}

function Signatures({ technician }: { technician: string }): ReactNode {
  const tr = useReportT();
  const roles: [MessageId, string][] = [
    ['report.sign.technician', technician],
    ['report.sign.siteOwner', ''],
  ];
  return (
    <section className="report-signatures" aria-label={tr.t('report.sign.label')}>
      <h4>{tr.t('report.sign.title')}</h4>
      <div className="report-sign-row">
        {roles.map(([role, name]) => (
          <div key={role}>
            <div className="report-sign-role">{tr.t(role)}</div>
            <div className="report-sign-line">{shown(name)}</div>
            <div className="report-muted">{tr.t('report.sign.name')}</div>
            <div className="report-sign-line" />
            <div className="report-muted">{tr.t('report.sign.signature')}</div>
          </div>
        ))}
        <div>
          <div className="report-sign-role">{tr.t('report.sign.date')}</div>
          <div className="report-sign-line" />
          <div className="report-muted">{tr.t('report.sign.dateHint')}</div>
        </div>
      </div>
    </section>
  );
}

export function PageOne({ report }: { report: HandOverReport }): ReactNode {
  const tr = useReportT();
  const facts: [MessageId, string][] = [
    ['report.fact.site', report.site.name],
    ['report.fact.date', reportTime(tr, report.generatedAt)],
    ['report.fact.technician', report.technician],
    ['report.fact.laptop', report.laptop],
    [
      'report.fact.statesRead',
      report.checkedAt === null ? tr.t('report.fact.notRead') : reportTime(tr, report.checkedAt),
    ],
    ['report.fact.producedBy', `${report.app.name} ${report.app.version}`],
  ];
  return (
    <section className="report-page-one" aria-label={tr.t('report.pageOne.label')}>
      <p className="report-muted">{tr.t('report.kicker', { site: shown(report.site.name) })}</p>
      <h3>{headlineOf(report, tr)}</h3>
      <dl className="report-facts">
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt>{tr.t(k)}</dt>
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
      <footer>{reportFooter(tr)}</footer>
    </section>
  );
}
