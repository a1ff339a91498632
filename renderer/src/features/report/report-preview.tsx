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
 * Its parts, one job each: report-page-one.tsx, report-device-table.tsx, report-evidence.tsx (with the
 * small pieces in report-bits.tsx).
 */
import type { ReactNode } from 'react';
import type { HandOverReport } from '../../../../shared/domain/report';
import { DeviceTable } from './report-device-table';
import { Evidence, ProblemsAndNotes } from './report-evidence';
import { PageOne } from './report-page-one';

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
