/**
 * The report preview's last pages: the evidence of each failure (its reasons and readings; pending devices
 * are not failures and are listed on page 1 apart from them), the problems and alerts seen, and the notes.
 */
import type { ReactNode } from 'react';
import type { HandOverReport } from '../../../../shared/domain/report';
import { criteriaText, evidenceLines } from '../../../../shared/format/acceptance-text';
import { addressesText, deviceName, problemGroups } from '../../../../shared/format/report-document';
import { shown } from './report-bits';

export function Evidence({ report }: { report: HandOverReport }): ReactNode {
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

export function ProblemsAndNotes({ report }: { report: HandOverReport }): ReactNode {
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
