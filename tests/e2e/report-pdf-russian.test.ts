/**
 * The hand-over report printed to PDF in Russian (issue 35), in real Chromium as the app prints it: the
 * longer words still fit — nothing wider than the page, no table heading or cell cut — page 1 still holds
 * the summary and the signature block, the table starts on page 2, and the text in the PDF is the
 * Russian one (read back with poppler's pdftotext, so the Cyrillic glyphs are really in the file). The
 * pages are drawn into tests/.tmp/screenshots/report-pdf-ru-*.png to be looked at.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWith } from '../support/requirements';
import { largeSiteReport } from '../support/report-site';
import {
  CUT_CELLS,
  pdfPages,
  pdfPageText,
  poppler,
  popplerRun,
  PRINTABLE,
  printReport,
} from '../support/report-pdf';
import { SCREENSHOTS } from './harness/app-page';

describeWith(poppler, 'the report printed to PDF in Russian', () => {
  let chromium: Browser;
  let page: Page;
  let pdfPath: string;
  const report = largeSiteReport(200, { unaccepted: 5 });

  beforeAll(async () => {
    ({ chromium, page, pdfPath } = await printReport(report, 'ru'));
  }, 60_000);

  afterAll(() => chromium?.close());

  it('has nothing wider than the page, and no heading or cell cut', async () => {
    await page.emulateMedia({ media: 'print' });
    const measured = (await page.evaluate(`(() => ({
      lang: document.documentElement.lang,
      view: document.documentElement.clientWidth,
      widest: Math.max(...[...document.body.querySelectorAll('*')].map((el) => el.getBoundingClientRect().right)),
      cutHeaders: [...document.querySelectorAll('th')].filter((th) => th.scrollWidth > th.clientWidth + 1).map((th) => th.textContent),
    }))()`)) as { lang: string; view: number; widest: number; cutHeaders: string[] };
    expect(measured.lang).toBe('ru');
    expect(measured.view).toBe(PRINTABLE.width);
    expect(measured.widest).toBeLessThanOrEqual(measured.view);
    expect(measured.cutHeaders).toEqual([]);
    expect(await page.evaluate(CUT_CELLS)).toEqual([]);
  });

  it('holds the Russian summary and signature block on page 1, the table from page 2', () => {
    const first = pdfPageText(pdfPath, 1);
    for (const words of [
      'Принято 192 из 200 устройств',
      'Акт передачи · Hall 7 – North wing',
      'Техник',
      'Не прошли (3)',
      'Действующие пулы',
      'Действующая прошивка',
      'Передача',
      'Владелец объекта',
      'подпись',
      'дата передачи',
    ]) {
      expect(first).toContain(words);
    }
    expect(first).not.toContain('Site owner');
    expect(first).not.toContain('Устройства (200)');
    expect(pdfPageText(pdfPath, 2, false)).toContain('Устройства (200)');
    const pages = pdfPages(pdfPath);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(pages).toBeLessThanOrEqual(10);
  });

  it('draws page 1 and 2 for a look (tests/.tmp/screenshots/report-pdf-ru-*.png)', () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    popplerRun('pdftoppm', [
      '-r',
      '70',
      '-png',
      '-f',
      '1',
      '-l',
      '2',
      pdfPath,
      join(SCREENSHOTS, 'report-pdf-ru'),
    ]);
    expect(existsSync(join(SCREENSHOTS, 'report-pdf-ru-1.png'))).toBe(true);
  });
});
