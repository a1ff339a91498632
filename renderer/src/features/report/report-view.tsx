/**
 * The hand-over report of the current site, a document the site owner signs: who hands over (typed here,
 * else the laptop's user), a preview, refreshed on demand (each refresh reads the
 * monitor's latest states), and the files for the customer, saved where the technician chooses with the
 * system's save dialog. PDF is printed by the desktop app from the same HTML.
 */
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { SaveReportFormat } from '../../../../shared/ipc/channels/files';
import { useRootStore } from '../../stores/root-store';
import { reportStandardText } from '../standard/drift-words';
import { ReportPreview } from './report-preview';
import './report.css';

const FORMATS: readonly { format: SaveReportFormat; label: string }[] = [
  { format: 'pdf', label: 'Save PDF…' },
  { format: 'html', label: 'Save HTML…' },
  { format: 'csv', label: 'Save CSV…' },
  { format: 'json', label: 'Save JSON…' },
];

export function ReportView(): ReactNode {
  const { report, save, reportRequested, reportSaveRequested, technician, technicianChanged } = useRootStore(
    useShallow((s) => ({
      report: s.report,
      save: s.reportSave,
      reportRequested: s.reportRequested,
      reportSaveRequested: s.reportSaveRequested,
      technician: s.reportTechnician,
      technicianChanged: s.reportTechnicianChanged,
    })),
  );
  const currentSiteId = useRootStore((s) =>
    s.sites.status === 'ready' ? s.sites.value.currentSiteId : null,
  );
  // The site against its standard, as the fleet's footer counts it now.
  const standard = useRootStore((s) => reportStandardText(s.driftSummary, s.hasStandard));
  const driftRequested = useRootStore((s) => s.driftRequested);

  // A new preview whenever the view opens or the site changes: the old one would be another site's.
  useEffect(() => {
    if (currentSiteId !== null) void reportRequested();
    if (currentSiteId !== null) void driftRequested();
  }, [currentSiteId, reportRequested, driftRequested]);

  return (
    <section className="view report" aria-labelledby="report-title">
      <div className="report-toolbar">
        <h2 id="report-title">Hand-over report</h2>
        <button
          type="button"
          className="button"
          disabled={report.status === 'loading'}
          onClick={() => void reportRequested()}
        >
          {report.status === 'loading' ? 'Reading the devices…' : 'Refresh'}
        </button>
        <label className="report-technician">
          <span>Technician</span>
          <input
            type="text"
            maxLength={100}
            value={technician}
            placeholder={report.status === 'ready' ? report.value.technician : 'your name'}
            onChange={(e) => technicianChanged(e.target.value)}
            onBlur={() => void reportRequested()}
          />
        </label>
        <div className="report-save" role="group" aria-label="Save the report">
          {FORMATS.map(({ format, label }) => (
            <button
              key={format}
              type="button"
              className={format === 'pdf' ? 'button button-primary' : 'button'}
              disabled={save.status === 'saving' || report.status !== 'ready'}
              onClick={() => void reportSaveRequested(format)}
            >
              {save.status === 'saving' && save.format === format ? 'Saving…' : label}
            </button>
          ))}
        </div>
      </div>
      {save.message !== undefined && (
        <p className={save.status === 'error' ? 'field-error' : 'notice-ok'} role="status">
          {save.message}
        </p>
      )}
      {currentSiteId === null && <p className="field-hint">Choose or create a site first (Sites).</p>}
      {currentSiteId !== null && (
        <p className="report-standard" data-standard-report>
          <strong>The site standard:</strong> {standard}
        </p>
      )}
      {report.status === 'error' && (
        <p className="field-error" role="alert">
          {report.error.message}
        </p>
      )}
      {report.status === 'ready' && <ReportPreview report={report.value} />}
    </section>
  );
}
