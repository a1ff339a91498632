/**
 * The report as a document a site owner signs, one printable HTML page (PDF through Electron's
 * `printToPDF` in the app, A4 landscape): page 1 with the headline, the counts, the failures, the activity,
 * what is in force and the signature block; then the device table, one line per device; then the evidence
 * of each failure, the problems seen and the notes (report-page-one.ts, report-device-table.ts,
 * report-evidence.ts). Self-contained and inert on purpose — the customer may open it anywhere, years
 * later, offline:
 * - inline CSS only, no script, no link, no image, no font, no remote anything; a CSP meta tag says so to
 *   any browser that opens it;
 * - every value from a device or a person is HTML-escaped (a host name like `<img onerror=…>` is text);
 * - the table's header repeats on each page, rows and evidence blocks never split across pages, and
 *   nothing is wider than the page (checked in Chromium: tests/e2e/report-pdf.test.ts).
 */
import type { HandOverReport } from '../../../shared/domain/report';
import { intlLocaleOf } from '../../../shared/i18n/locales';
import type { Translator } from '../../../shared/i18n/translate';
import { reportTranslator } from '../../../shared/format/report-words';
import { deviceTable } from './report-device-table';
import { evidenceSection, notesSection, problemsSection } from './report-evidence';
import { escapeHtml } from './html-text';
import { pageOne } from './report-page-one';
import { rackPages, RACK_STYLE } from './report-rack-pages';
import { rackGroupsOf } from '../../../shared/format/report-racks';

export { escapeHtml } from './html-text';

/** A4 landscape less 12 mm margins: 273 × 186 mm of paper to fill. */
const STYLE = `
  @page { size: A4 landscape; margin: 12mm; }
  * { box-sizing: border-box; }
  html, body { margin: 0; padding: 0; }
  body { font: 8.5pt/1.3 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
    color: #1b1f24; }
  h1 { font-size: 20pt; margin: 0 0 4px; }
  h2 { font-size: 10.5pt; margin: 8px 0 3px; break-after: avoid; page-break-after: avoid; }
  h3 { font-size: 9pt; margin: 0 0 2px; }
  .kicker { margin: 0; color: #57606a; font-size: 9pt; }
  .muted { color: #57606a; }
  .mono { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 7.5pt; }
  .page-one { break-after: page; page-break-after: always; }
  .facts { display: flex; flex-wrap: wrap; gap: 2px 20px; margin: 0 0 6px; }
  .facts div { display: flex; gap: 4px; }
  .facts dt { font-weight: 600; }
  .facts dd { margin: 0; }
  .counts { display: flex; flex-wrap: wrap; gap: 6px; margin: 0 0 4px; padding: 0; list-style: none; }
  .counts li { border: 1px solid #c9d1d9; border-radius: 4px; padding: 2px 8px; }
  .counts b { font-size: 12pt; margin-right: 4px; }
  .standard-line, .standard-parts { margin: 0 0 3px; overflow-wrap: anywhere; }
  .good { color: #116329; }
  .bad { color: #a40e26; }
  .columns { display: grid; grid-template-columns: 1fr 1fr; gap: 0 16px; }
  .columns > * { min-width: 0; }
  ul.lines { margin: 0; padding-left: 14px; }
  ul.lines li { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  ul.lines.wrap li, .page-one ul.lines li { white-space: normal; overflow-wrap: anywhere; }
  /* A failure's line is its device's name (first: never cut), then its reason: two lines at most. */
  .page-one ul.lines li { max-height: 2.6em; overflow: hidden; }
  .signatures { break-inside: avoid; margin-top: 6px; }
  .sign-row { display: grid; grid-template-columns: 2fr 2fr 1fr; gap: 24px; }
  .sign .role { font-weight: 600; }
  .sign .line { border-bottom: 1px solid #1b1f24; min-height: 22px; padding-top: 6px; }
  .sign .hint { color: #57606a; font-size: 7pt; }
  table.device-table { border-collapse: collapse; width: 100%; table-layout: fixed; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; page-break-inside: avoid; }
  th, td { border: 1px solid #d0d7de; padding: 1px 4px; text-align: left; }
  td { white-space: normal; overflow-wrap: anywhere; font-size: 8pt; }
  td.num { white-space: nowrap; }
  td.mono { font-size: 7pt; }
  td.id { font-weight: 500; }
  th { background: #f0f3f6; font-weight: 600; font-size: 7.5pt; line-height: 1.15; vertical-align: bottom;
    overflow-wrap: anywhere; }
  td.num { text-align: right; }
  tr.verdict-fail td:last-child { color: #a40e26; font-weight: 600; }
  tr.verdict-pass td:last-child { color: #116329; font-weight: 600; }
  tr.verdict-pending td:last-child { color: #7d4e00; font-weight: 600; }
  td.standard-differs { color: #a40e26; }
  td.standard-ok { color: #116329; font-weight: 600; }
  .evidence-grid { display: grid; grid-template-columns: 1fr 1fr; gap: 6px 16px; }
  .evidence { break-inside: avoid; border: 1px solid #d0d7de; border-radius: 4px; padding: 4px 6px; min-width: 0; }
  .evidence ul { margin: 0; padding-left: 14px; overflow-wrap: anywhere; }
  .evidence .reasons { color: #a40e26; }
  .notes { white-space: pre-wrap; }
  footer { margin-top: 8px; color: #57606a; font-size: 7pt; }
  @media screen { body { padding: 16px; max-width: 297mm; } }
`;

/**
 * Chinese in Simplified glyphs wherever the report is opened: the CJK faces first (the PDF is printed by
 * Chromium, which finds them through fontconfig on Linux: Debian's fonts-noto-cjk), the Latin ones after
 * for the rest. With none of them, the generic `sans-serif` last lets Chromium take any face that has the
 * character (fonts-wqy-microhei in CI: tests/e2e/report-pdf-languages.test.ts); WenQuanYi is not named,
 * so its Latin letters never replace the system face's and the table's widths stay those measured. Other
 * languages keep the stack above (Cyrillic and Spanish are in every system face).
 */
const LANGUAGE_STYLE: Readonly<Partial<Record<string, string>>> = {
  'zh-Hans': `
  body { font-family: "Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", "Microsoft YaHei",
    "Noto Sans SC", system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; }
  .mono { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "Noto Sans Mono CJK SC", monospace; }
`,
};

/** `tr`: the reader's language (issue 35); English when none is given. */
export function reportHtml(report: HandOverReport, translator?: Translator): string {
  const tr = reportTranslator(translator);
  const groups = rackGroupsOf(report, tr);
  return `<!doctype html>
<html lang="${escapeHtml(intlLocaleOf(tr.locale))}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(tr.t('report.htmlTitle', { site: report.site.name }))}</title>
<style>${STYLE}${RACK_STYLE}${LANGUAGE_STYLE[tr.locale] ?? ''}</style>
</head>
<body>
${pageOne(report, tr)}
${groups.length === 0 ? deviceTable(report, tr) : rackPages(report, groups, tr)}
${evidenceSection(report, tr)}
${problemsSection(report, tr)}
${notesSection(report, tr)}
</body>
</html>
`;
}
