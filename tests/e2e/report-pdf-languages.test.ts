/**
 * The hand-over report printed to PDF in the site owner's language (issue 35), in real Chromium as the app
 * prints it, one browser for every language: Russian (longer words) and Simplified Chinese (other glyphs).
 * In each, nothing is wider than the page, no table heading or cell is cut, page 1 still holds the summary
 * and the signature block, the table starts on page 2, and the text in the PDF is the language's (read
 * back with poppler's pdftotext, so the glyphs are really in the file). Chinese also needs a font that
 * has it: the PDF must embed one of the fonts fontconfig offers for Chinese (pdffonts), else its words
 * print as empty boxes (pdftotext cannot tell: the text keeps the characters drawn as boxes) — and without such a font on the machine the suite fails under
 * REQUIRE_BROWSER=1, naming the package (fonts-wqy-microhei). The pages are drawn into
 * tests/.tmp/screenshots/report-pdf-<locale>-*.png to be looked at.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Locale } from '../../shared/i18n/locales';
import { launchChromium } from '../support/browser';
import type { Requirement } from '../support/requirements';
import { describeWith } from '../support/requirements';
import { largeSiteReport } from '../support/report-site';
import type { PrintedReport } from '../support/report-pdf';
import {
  chineseFont,
  chineseFonts,
  CUT_CELLS,
  drawPages,
  pdfFonts,
  pdfPages,
  pdfPageText,
  poppler,
  PRINTABLE,
  printReport,
} from '../support/report-pdf';
import { SCREENSHOTS } from './harness/app-page';

interface Language {
  locale: Locale;
  name: string;
  needs: Requirement;
  /** On page 1: the headline, the kicker, the failures, what is in force, the signature block. */
  pageOne: string[];
  /** English that must not be there (page 1), and the table's title (page 2, not page 1). */
  english: string[];
  tableTitle: string;
  /** The table's column headings (page 2); Chinese ones may wrap, so they are looked for without spaces. */
  columns: string[];
  /** PostScript names of which the PDF must embed one, for the language's script. */
  fonts?: () => string[];
}

const LANGUAGES: Language[] = [
  {
    locale: 'ru',
    name: 'Russian',
    needs: poppler,
    pageOne: [
      'Принято 192 из 200 устройств',
      'Акт передачи · Hall 7 – North wing',
      'Техник',
      'Не прошли (3)',
      'Действующие пулы',
      'Действующая прошивка',
      'Передача',
      'Владелец площадки',
      'подпись',
      'дата передачи',
    ],
    english: ['Site owner', 'Hand-over', 'signature'],
    tableTitle: 'Устройства (200)',
    columns: ['Адрес', 'MAC', 'Модель', 'Прошивка', 'Воркер'],
  },
  {
    locale: 'zh-Hans',
    name: 'Simplified Chinese',
    needs: chineseFont,
    pageOne: [
      '200 台设备中验收通过 192 台',
      '交接报告 · Hall 7 – North wing',
      '技术员',
      '未通过（3）',
      '当前矿池',
      '当前固件',
      '交接',
      '矿场业主',
      '签字',
      '交接日期',
    ],
    english: ['Site owner', 'Hand-over', 'signature', 'Accepted'],
    tableTitle: '设备（200）',
    columns: [
      '地址',
      'MAC',
      '序列号',
      '型号',
      '固件',
      '预设',
      '算力，占额定值 %',
      '最热芯片',
      '矿工',
      '结论',
    ],
    fonts: chineseFonts,
  },
];

const squeezed = (text: string): string => text.replace(/\s+/g, '');

describeWith(poppler, 'the report printed to PDF in the owner’s language', () => {
  let chromium: Browser | undefined;
  const report = largeSiteReport(200, { unaccepted: 5 });

  beforeAll(async () => {
    chromium = await launchChromium();
  }, 60_000);

  afterAll(() => chromium?.close());

  for (const language of LANGUAGES) {
    describeWith(language.needs, `in ${language.name} (${language.locale})`, () => {
      let printed: PrintedReport;

      beforeAll(async () => {
        printed = await printReport(report, language.locale, chromium);
      }, 60_000);

      afterAll(() => printed?.page.close());

      it('has nothing wider than the page, and no heading or cell cut', async () => {
        const { page } = printed;
        await page.emulateMedia({ media: 'print' });
        const measured = (await page.evaluate(`(() => ({
          lang: document.documentElement.lang,
          view: document.documentElement.clientWidth,
          widest: Math.max(...[...document.body.querySelectorAll('*')].map((el) => el.getBoundingClientRect().right)),
          cutHeaders: [...document.querySelectorAll('th')].filter((th) => th.scrollWidth > th.clientWidth + 1).map((th) => th.textContent),
        }))()`)) as { lang: string; view: number; widest: number; cutHeaders: string[] };
        expect(measured.lang).toBe(language.locale);
        expect(measured.view).toBe(PRINTABLE.width);
        expect(measured.widest).toBeLessThanOrEqual(measured.view);
        expect(measured.cutHeaders).toEqual([]);
        expect(await page.evaluate(CUT_CELLS)).toEqual([]);
      });

      it('holds the summary and signature block on page 1, the table with its headings from page 2', () => {
        const { pdfPath } = printed;
        const first = pdfPageText(pdfPath, 1, 'raw');
        for (const words of language.pageOne) expect(first).toContain(words);
        for (const words of [...language.english, language.tableTitle]) expect(first).not.toContain(words);
        const second = squeezed(pdfPageText(pdfPath, 2, 'raw'));
        for (const words of [language.tableTitle, ...language.columns]) {
          expect(second).toContain(squeezed(words));
        }
        const pages = pdfPages(pdfPath);
        expect(pages).toBeGreaterThanOrEqual(3);
        expect(pages).toBeLessThanOrEqual(10);
      });

      it('embeds every font it draws with, one of them for the language’s script', () => {
        const fonts = pdfFonts(printed.pdfPath);
        expect(fonts.length).toBeGreaterThan(0);
        expect(fonts.filter((font) => !font.embedded)).toEqual([]);
        if (language.fonts === undefined) return;
        const wanted = language.fonts();
        expect(
          fonts.some((font) => wanted.includes(font.name)),
          `embedded: ${fonts.map((f) => f.name).join(', ')}; fonts for ${language.locale}: ${wanted.join(', ')}`,
        ).toBe(true);
      });

      it(`draws page 1 and 2 for a look (tests/.tmp/screenshots/report-pdf-${language.locale}-*.png)`, () => {
        const drawn = drawPages(printed.pdfPath, join(SCREENSHOTS, `report-pdf-${language.locale}`), 1, 2);
        expect(drawn.filter((png) => !existsSync(png))).toEqual([]);
      });
    });
  }
});
