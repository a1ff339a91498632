/**
 * A hand-over report printed to PDF in real Chromium as the app prints it (the HTML loaded from a file,
 * A4 landscape, backgrounds, the page's own size; electron/main/file-glue.ts), and read back with poppler
 * (pdfinfo, pdftotext, pdftoppm) for the PDF tests.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { HandOverReport } from '../../shared/domain/report';
import type { Locale } from '../../shared/i18n/locales';
import { renderReport } from '../../electron/core/report/render-report';
import { launchChromium } from './browser';
import type { Requirement } from './requirements';
import { browser as browserRequirement } from './requirements';

export const poppler: Requirement = {
  what: 'a browser and poppler-utils',
  envVar: 'REQUIRE_BROWSER',
  missing: () =>
    browserRequirement.missing() ??
    (['/usr/bin/pdfinfo', '/usr/bin/pdftotext', '/usr/bin/pdftoppm'].every((p) => existsSync(p))
      ? undefined
      : 'pdfinfo, pdftotext or pdftoppm not found (apt install poppler-utils)'),
};

/** A4 landscape less the report's 12 mm margins, in CSS pixels (96 per inch). */
export const PRINTABLE = {
  width: Math.floor(((297 - 24) / 25.4) * 96),
  height: Math.floor(((210 - 24) / 25.4) * 96),
};

export const popplerRun = (tool: string, args: string[]): string =>
  execFileSync(tool, args, { encoding: 'utf8' });

export const pdfPages = (pdfPath: string): number =>
  Number(/Pages:\s+(\d+)/.exec(popplerRun('pdfinfo', [pdfPath]))?.[1]);

/** One page's text (`-layout`: columns kept on their lines). */
export const pdfPageText = (pdfPath: string, n: number, layout = true): string =>
  popplerRun('pdftotext', [...(layout ? ['-layout'] : []), '-f', String(n), '-l', String(n), pdfPath, '-']);

export interface PrintedReport {
  chromium: Browser;
  /** The report's HTML, still open at the printable width. */
  page: Page;
  pdfPath: string;
}

/** `language`: the document's (issue 35); English when not given. */
export async function printReport(report: HandOverReport, language?: Locale): Promise<PrintedReport> {
  const dir = mkdtempSync(join(tmpdir(), 'minerdeck-report-pdf-'));
  const htmlPath = join(dir, 'report.html');
  writeFileSync(htmlPath, renderReport(report, 'html', language).content);
  const chromium = await launchChromium();
  const page = await chromium.newPage({ viewport: PRINTABLE });
  await page.goto(`file://${htmlPath}`);
  const pdf = await page.pdf({
    format: 'A4',
    landscape: true,
    printBackground: true,
    preferCSSPageSize: true,
  });
  const pdfPath = join(dir, 'report.pdf');
  writeFileSync(pdfPath, pdf);
  return { chromium, page, pdfPath };
}

/** Cells of the device tables whose text is wider than the cell (cut or spilling), as "heading: text". */
export const CUT_CELLS = `(() => [...document.querySelectorAll('table.device-table')].flatMap((table) => {
  const headings = [...table.querySelectorAll('th')].map((th) => th.textContent);
  return [...table.querySelectorAll('tbody tr')].flatMap((tr) => [...tr.children]
    .filter((td) => td.scrollWidth > td.clientWidth + 1 || getComputedStyle(td).textOverflow === 'ellipsis')
    .map((td) => headings[td.cellIndex] + ': ' + td.textContent));
}))()`;
