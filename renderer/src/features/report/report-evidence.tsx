/**
 * The report preview's last pages: the evidence of each failure (its reasons and readings; pending devices
 * are not failures and are listed on page 1 apart from them), the problems and alerts seen, and the notes.
 */
import type { ReactNode } from 'react';
import type { HandOverReport } from '../../../../shared/domain/report';
import { criteriaText } from '../../../../shared/format/acceptance-text';
import { evidenceTexts } from '../../../../shared/i18n/evidence-text';
import { verdictReasons } from '../../../../shared/i18n/local-text';
import { addressesText, deviceName, problemGroups } from '../../../../shared/format/report-document';
import { countText } from '../../../../shared/format/report-words';
import { shown, useReportT } from './report-bits';

export function Evidence({ report }: { report: HandOverReport }): ReactNode {
  const tr = useReportT();
  const failed = report.devices.filter((d) => d.acceptance?.verdict === 'fail');
  if (failed.length === 0) return null;
  const criteria = failed[0]?.acceptance?.criteria;
  return (
    <section aria-label={tr.t('report.preview.evidence')}>
      <h4>{tr.t('report.evidence.title', { count: countText(tr, failed.length) })}</h4>
      {criteria !== undefined && (
        <p className="report-muted">
          {tr.t('report.standard.criteria', { criteria: criteriaText(criteria) })}
        </p>
      )}
      <div className="report-evidence-grid">
        {failed.map((device) =>
          device.acceptance === null ? null : (
            <article key={device.deviceId} className="report-evidence">
              <h5>
                {tr.t('report.evidence.failed', {
                  device: shown([deviceName(device), device.mac ?? ''].filter((p) => p !== '').join(' · ')),
                })}
              </h5>
              <ul className="report-items report-bad">
                {verdictReasons(tr, device.acceptance).map((r) => (
                  <li key={r}>{shown(r)}</li>
                ))}
              </ul>
              <ul className="report-items">
                {evidenceTexts(tr, device.acceptance).map((line) => (
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

export function ProblemsAndNotes({ report }: { report: HandOverReport }): ReactNode {
  const tr = useReportT();
  const groups = problemGroups(report, tr);
  const noted = report.devices.filter((d) => d.notes.trim() !== '');
  return (
    <>
      {groups.length > 0 && (
        <section aria-label={tr.t('report.preview.problems')}>
          <h4>{tr.t('report.problems.title')}</h4>
          <ul className="report-items">
            {groups.map(({ text: said, addresses }) => (
              <li key={said}>
                {shown(said)} — <b>{countText(tr, addresses.length)}</b>{' '}
                {tr.t('report.problems.devices', { count: addresses.length })}:{' '}
                <span className="mono">{shown(addressesText(addresses, tr))}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {noted.length > 0 && (
        <section aria-label={tr.t('report.notes.title')}>
          <h4>{tr.t('report.notes.title')}</h4>
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
