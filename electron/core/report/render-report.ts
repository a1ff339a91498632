/** One report, any of its three formats, with the file name and media type a save dialog needs. */
import type { HandOverReport, ReportFormat } from '../../../shared/domain/report';
import type { Locale } from '../../../shared/i18n/locales';
import { createTranslator } from '../../../shared/i18n/translate-sync';
import type { Translator } from '../../../shared/i18n/translate';
import { reportCsv } from './report-csv';
import { reportHtml } from './report-html';
import { reportJson } from './report-json';
import { reportFileName } from '../../../shared/format/report-text';

export interface RenderedReport {
  format: ReportFormat;
  fileName: string;
  mimeType: string;
  content: string;
}

type Render = (report: HandOverReport, tr: Translator) => string;

const RENDERERS: Record<ReportFormat, { render: Render; mimeType: string }> = {
  csv: { render: reportCsv, mimeType: 'text/csv; charset=utf-8' },
  // Language-neutral: keys, codes and numbers, the same whatever language the document is in.
  json: { render: (report) => reportJson(report), mimeType: 'application/json' },
  html: { render: reportHtml, mimeType: 'text/html; charset=utf-8' },
};

/**
 * `language`: the customer's, for the HTML (and its PDF) and the CSV's headers (issue 35); English when
 * none is given, as the CLI's report always is.
 */
export function renderReport(
  report: HandOverReport,
  format: ReportFormat,
  language: Locale = 'en',
): RenderedReport {
  const { render, mimeType } = RENDERERS[format];
  return {
    format,
    fileName: reportFileName(report.site.id, report.generatedAt, format),
    mimeType,
    content: render(report, createTranslator(language)),
  };
}
