/**
 * The report files (HTML printed to the signed PDF, CSV opened in the customer's spreadsheet) carry text a
 * device chose — model, worker — and text a file brought — notes, verdict reasons. Control and
 * text-direction characters in it are shown escaped as the terminal shows them (`\x1b`, `\u202e`), so a
 * device name cannot reorder the document or hide text in it; notes keep their line breaks. In the CSV a
 * cell a spreadsheet would run as a formula gets a leading `'`. The JSON stays exact.
 */
import { describe, expect, it } from 'vitest';
import { readCsvTable } from '../../../../shared/domain/targets/csv-table';
import { csvCell } from '../../../../electron/core/report/csv-cell';
import { escapeHtml } from '../../../../electron/core/report/html-text';
import { renderReport } from '../../../../electron/core/report/render-report';
import { largeSiteReport } from '../../../support/report-site';

/** Shows "Pro" reversed after the override, and sets a terminal's title. */
const MODEL = 'S21 \u202eorP\u001b]0;owned\u0007';
const LABEL = '=HYPERLINK("http://evil.example","R1-S2")';
const WORKER = 'acct.w1\u2066\u200f';
const NOTES = 'fan 2 replaced\r\nPSU checked\tok';
const REASON = 'board 3 \u202emissing';

/** Any control or text-direction character but a line break or a tab. */
const RAW = /[\p{Bidi_Control}\u2028\u2029]|(?![\n\t])\p{Cc}/u;

/** A failed device (its verdict has reasons) with hostile text everywhere the files show it. */
function hostileReport() {
  const report = largeSiteReport(4);
  const failed = report.devices[3];
  if (failed?.acceptance === null || failed?.acceptance === undefined) throw new Error('no failed device');
  Object.assign(failed, { model: MODEL, label: LABEL, worker: WORKER, notes: NOTES });
  failed.acceptance.reasons = [REASON];
  return report;
}

describe('report files show device text escaped, as the terminal does', () => {
  it('HTML: no raw control or direction character; each shown as its escape; notes keep their lines', () => {
    const html = renderReport(hostileReport(), 'html').content;
    expect(html).not.toMatch(RAW);
    expect(html).toContain('S21 \\u202eorP\\x1b]0;owned\\x07');
    expect(html).toContain('acct.w1\\u2066\\u200f');
    expect(html).toContain('board 3 \\u202emissing');
    expect(html).toContain('fan 2 replaced\nPSU checked\tok');
  });

  it('CSV: the same, and a cell a spreadsheet would run starts with a quote', () => {
    const csv = renderReport(hostileReport(), 'csv').content;
    expect(csv.replace(/\r\n/g, '\n')).not.toMatch(RAW);
    const table = readCsvTable(csv);
    if (!table.ok) throw new Error(table.message);
    const rows = table.rows.map((r) => r.cells);
    const header = rows.find((cells) => cells.includes('model'));
    const row = rows.find((cells) => cells.some((c) => c.includes('HYPERLINK')));
    const cell = (name: string) => row?.[header?.indexOf(name) ?? -1];
    expect(cell('model')).toBe('S21 \\u202eorP\\x1b]0;owned\\x07');
    expect(cell('label')).toBe(`'${LABEL}`);
    expect(cell('worker')).toBe('acct.w1\\u2066\\u200f');
    expect(cell('verdict_reasons')).toContain('board 3 \\u202emissing');
    expect(cell('notes')).toBe('fan 2 replaced\nPSU checked\tok');
  });

  it('a direction control cannot hide a formula from the guard', () => {
    expect(csvCell('\u202e=1+1')).toBe('\\u202e=1+1');
    expect(escapeHtml('<b>\u202e</b>')).toBe('&lt;b&gt;\\u202e&lt;/b&gt;');
  });

  it('JSON stays exact', () => {
    const json = JSON.parse(renderReport(hostileReport(), 'json').content) as {
      devices: { model: string }[];
    };
    expect(json.devices[3]?.model).toBe(MODEL);
  });
});
