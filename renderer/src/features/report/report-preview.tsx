/**
 * The hand-over report as the site owner will read and sign it, drawn by React from the report object main
 * built (the same one the CSV, JSON, HTML and PDF files are made of), laid out as the printed document is
 * (electron/core/report/report-html.ts) and worded by the same functions and messages
 * (shared/format/report-document.ts, report-cells.ts, report-standard-text.ts, the `report` catalog), in
 * the document's language (issue 35; its catalog loaded first when it is not the window's: nothing is
 * drawn until it is, so the customer's document never shows in a language he did not choose): page 1 — the
 * headline, the facts, the counts, the site standard's line and what it asks, the failures, the activity, what is in force, the signature block — then the
 * one-line device table (with a Standard column when the site has a standard), the evidence of each
 * failure, the problems seen and the notes. A React rendering rather than the HTML file in a frame: the
 * window's CSP allows no frame and no inline style, and React escapes every value a device or a person
 * wrote. Its control and text-direction characters are shown escaped, as the printed report shows them
 * (shared/format/printable.ts), so a device's name cannot reorder or hide what the technician checks.
 * Its parts, one job each: report-page-one.tsx, report-device-table.tsx, report-evidence.tsx (with the
 * small pieces in report-bits.tsx).
 */
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import type { HandOverReport } from '../../../../shared/domain/report';
import { intlLocaleOf } from '../../../../shared/i18n/locales';
import type { Locale } from '../../../../shared/i18n/locales';
import { useLoadedLocale, useT } from '../../i18n/i18n-provider';
import { windowTranslator } from '../../i18n/window-translator';
import { ReportTranslatorProvider } from './report-bits';
import { DeviceTable } from './report-device-table';
import { Evidence, ProblemsAndNotes } from './report-evidence';
import { PageOne } from './report-page-one';

export function ReportPreview({
  report,
  language,
}: {
  report: HandOverReport;
  /** The document's language; the window's when not given. */
  language?: Locale;
}): ReactNode {
  const window = useT();
  const shown = useLoadedLocale(language ?? window.locale);
  const tr = useMemo(
    () => (shown === undefined || shown === window.locale ? window : windowTranslator(shown).translator),
    [shown, window],
  );
  if (shown === undefined) return null;
  return (
    <ReportTranslatorProvider value={tr}>
      <article
        className="report-paper"
        aria-label={window.t('report-view.preview')}
        lang={intlLocaleOf(tr.locale)}
      >
        <PageOne report={report} />
        <DeviceTable report={report} />
        <Evidence report={report} />
        <ProblemsAndNotes report={report} />
      </article>
    </ReportTranslatorProvider>
  );
}
