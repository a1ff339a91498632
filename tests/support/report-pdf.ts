/**
 * A hand-over report printed to PDF in real Chromium as the app prints it (the HTML loaded from a file,
 * A4 landscape, backgrounds, the page's own size; electron/main/file-glue.ts), and read back with poppler
 * (pdfinfo, pdftotext, pdffonts, pdftoppm) for the PDF tests: the one place those tools are called.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { HandOverReport } from '../../shared/domain/report';
import type { Locale } from '../../shared/i18n/locales';
import { renderReport } from '../../electron/core/report/render-report';
import { launchChromium } from './browser';
import type { Requirement } from './requirements';
import { browser as browserRequirement } from './requirements';

const POPPLER_TOOLS = ['pdfinfo', 'pdftotext', 'pdffonts', 'pdftoppm'];

export const poppler: Requirement = {
  what: 'a browser and poppler-utils',
  envVar: 'REQUIRE_BROWSER',
  missing: () =>
    browserRequirement.missing() ??
    (POPPLER_TOOLS.every((tool) => existsSync(`/usr/bin/${tool}`))
      ? undefined
      : `${POPPLER_TOOLS.join(', ')}: one not found (apt install poppler-utils)`),
};

/**
 * The PostScript names of the fonts fontconfig offers for Chinese (`fc-list :lang=zh`), where Chromium
 * finds the glyphs of a zh-Hans report; none (or no fontconfig) and Chinese prints as empty boxes.
 */
export function chineseFonts(): string[] {
  const run = spawnSync('fc-list', ['--format', '%{postscriptname}\\n', ':lang=zh'], { encoding: 'utf8' });
  if (run.error !== undefined || run.status !== 0) return [];
  return [...new Set(run.stdout.split('\n').map((name) => name.trim()))].filter((name) => name !== '');
}

/** For the Chinese report: without a CJK font it would pass nothing but empty boxes (tofu). */
export const chineseFont: Requirement = {
  what: 'a browser, poppler-utils and a font for Chinese',
  envVar: 'REQUIRE_BROWSER',
  missing: () =>
    poppler.missing() ??
    (chineseFonts().length > 0
      ? undefined
      : 'fontconfig lists no font for Chinese (fc-list :lang=zh): apt install fonts-wqy-microhei ' +
        '(.ci/install-system-deps does), else Chinese prints as empty boxes'),
};

/** A4 landscape less the report's 12 mm margins, in CSS pixels (96 per inch). */
export const PRINTABLE = {
  width: Math.floor(((297 - 24) / 25.4) * 96),
  height: Math.floor(((210 - 24) / 25.4) * 96),
};

export const popplerRun = (tool: string, args: string[]): string =>
  execFileSync(tool, args, { encoding: 'utf8' });

/** pdfinfo's page count and page size (e.g. "841.89 x 595.276 pts (A4)"). */
export function pdfInfo(pdfPath: string): { pages: number; pageSize: string } {
  const info = popplerRun('pdfinfo', [pdfPath]);
  return {
    pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]),
    pageSize: /^Page size:\s+(.+)$/m.exec(info)?.[1]?.trim() ?? '',
  };
}

export const pdfPages = (pdfPath: string): number => pdfInfo(pdfPath).pages;

/** The whole document's text, in reading order. */
export const pdfText = (pdfPath: string): string => popplerRun('pdftotext', [pdfPath, '-']);

/**
 * How pdftotext orders a page's text: `layout` keeps columns on their lines; `reading` follows the
 * columns; `raw` takes the order it was drawn in — a line of mixed fonts whole, where Chromium drew
 * Chinese bold as outlines (Type 3: a font without a bold face) and the other two split it.
 */
export type TextOrder = 'layout' | 'reading' | 'raw';

/** One page's text. */
export const pdfPageText = (pdfPath: string, n: number, order: TextOrder = 'layout'): string =>
  popplerRun('pdftotext', [
    ...(order === 'reading' ? [] : [`-${order}`]),
    '-f',
    String(n),
    '-l',
    String(n),
    pdfPath,
    '-',
  ]);

export interface PdfFont {
  /** Without the subset's "ABCDEF+" prefix: the font's PostScript name. */
  name: string;
  type: string;
  embedded: boolean;
}

/** The fonts the PDF draws with (pdffonts): a glyph drawn from a font not embedded is not in the file. */
export function pdfFonts(pdfPath: string): PdfFont[] {
  return popplerRun('pdffonts', [pdfPath])
    .split('\n')
    .slice(2)
    .flatMap((line) => {
      const row = /^(\S+)\s+(.+?)\s+\S+\s+(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/.exec(line);
      return row === null
        ? []
        : [
            {
              name: (row[1] ?? '').replace(/^[A-Z]{6}\+/, ''),
              type: row[2] ?? '',
              embedded: row[3] === 'yes',
            },
          ];
    });
}

/**
 * Draws the pages `from`..`to` with pdftoppm into `<prefix>-<n>.png` (one file a page, named by its page
 * number whatever the document's length), to be looked at; returns the files.
 */
export function drawPages(pdfPath: string, prefix: string, from: number, to: number, dpi = 70): string[] {
  mkdirSync(dirname(prefix), { recursive: true });
  return Array.from({ length: to - from + 1 }, (_, i) => {
    const n = String(from + i);
    popplerRun('pdftoppm', [
      '-r',
      String(dpi),
      '-png',
      '-singlefile',
      '-f',
      n,
      '-l',
      n,
      pdfPath,
      `${prefix}-${n}`,
    ]);
    return `${prefix}-${n}.png`;
  });
}

export interface PrintedReport {
  chromium: Browser;
  /** The report's HTML, still open at the printable width. */
  page: Page;
  pdfPath: string;
}

/**
 * `language`: the document's (issue 35); English when not given. `chromium`: a browser to print in (a
 * suite printing several reports shares one), else one is launched for this report.
 */
export async function printReport(
  report: HandOverReport,
  language?: Locale,
  chromium?: Browser,
): Promise<PrintedReport> {
  const dir = mkdtempSync(join(tmpdir(), 'minerdeck-report-pdf-'));
  const htmlPath = join(dir, 'report.html');
  writeFileSync(htmlPath, renderReport(report, 'html', language).content);
  const browser = chromium ?? (await launchChromium());
  const page = await browser.newPage({ viewport: PRINTABLE });
  await page.goto(`file://${htmlPath}`);
  const pdf = await page.pdf({
    format: 'A4',
    landscape: true,
    printBackground: true,
    preferCSSPageSize: true,
  });
  const pdfPath = join(dir, 'report.pdf');
  writeFileSync(pdfPath, pdf);
  return { chromium: browser, page, pdfPath };
}

/** Cells of the device tables whose text is wider than the cell (cut or spilling), as "heading: text". */
export const CUT_CELLS = `(() => [...document.querySelectorAll('table.device-table')].flatMap((table) => {
  const headings = [...table.querySelectorAll('th')].map((th) => th.textContent);
  return [...table.querySelectorAll('tbody tr')].flatMap((tr) => [...tr.children]
    .filter((td) => td.scrollWidth > td.clientWidth + 1 || getComputedStyle(td).textOverflow === 'ellipsis')
    .map((td) => headings[td.cellIndex] + ': ' + td.textContent));
}))()`;
