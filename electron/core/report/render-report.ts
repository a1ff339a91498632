/** One report, any of its three formats, with the file name and media type a save dialog needs. */
import type { HandOverReport, ReportFormat } from '../../../shared/domain/report';
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

const RENDERERS: Record<ReportFormat, { render: (r: HandOverReport) => string; mimeType: string }> = {
  csv: { render: reportCsv, mimeType: 'text/csv; charset=utf-8' },
  json: { render: reportJson, mimeType: 'application/json' },
  html: { render: reportHtml, mimeType: 'text/html; charset=utf-8' },
};

export function renderReport(report: HandOverReport, format: ReportFormat): RenderedReport {
  const { render, mimeType } = RENDERERS[format];
  return {
    format,
    fileName: reportFileName(report.site.id, report.generatedAt, format),
    mimeType,
    content: render(report),
  };
}
