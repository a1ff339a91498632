/**
 * The hand-over report of 200 devices printed to PDF in real Chromium, as the app prints it (the HTML
 * loaded from a file, A4 landscape, backgrounds, the page's own size; electron/main/file-glue.ts): nothing
 * is wider than the page (no column cut), page 1 holds the summary and the signature block, the device table
 * carries at least 25 devices a page, and the whole document fits in 10 pages. The pages are counted and
 * read with poppler (pdfinfo, pdftotext) and drawn with pdftoppm into tests/.tmp/screenshots/ to be looked at.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWith } from '../support/requirements';
import { largeSiteReport } from '../support/report-site';
import {
  CUT_CELLS,
  drawPages,
  pdfInfo,
  pdfPageText,
  pdfText,
  poppler,
  PRINTABLE,
  printReport,
} from '../support/report-pdf';
import { SCREENSHOTS } from './harness/app-page';

describeWith(poppler, 'the report printed to PDF in Chromium', () => {
  let chromium: Browser;
  let page: Page;
  let pdfPath: string;
  // A site with a standard: page 1 carries its line and parts, the table its Standard column.
  const report = largeSiteReport(200, {
    unaccepted: 5,
    standard: {
      passwordStored: true,
      standard: {
        password: true,
        pools: [
          { url: 'stratum+tcp://btc.pool.example:3333', worker: 'hall7acct.{label}', password: '' },
          { url: 'stratum+tcp://backup.pool.example:443', worker: 'hall7acct.{label}', password: '' },
        ],
        firmware: { version: '1.2.7', imagePath: '/images/vnish-1.2.7.tar' },
        power: { kind: 'preset', name: '3200' },
        acceptance: { minutes: 30, minHashratePercent: 95, maxChipTempC: 85, maxRejectedPercent: 2 },
        updatedAt: '2026-03-01T07:00:00.000Z',
      },
    },
  });

  beforeAll(async () => {
    ({ chromium, page, pdfPath } = await printReport(report));
  }, 60_000);

  afterAll(() => chromium?.close());

  it('has nothing wider than the page: no column cut, no header cut', async () => {
    await page.emulateMedia({ media: 'print' });
    const measured = await page.evaluate(`(() => {
      const table = document.querySelector('table.device-table').getBoundingClientRect();
      const cutHeaders = [...document.querySelectorAll('th')].filter((th) => th.scrollWidth > th.clientWidth + 1);
      return {
        page: document.documentElement.scrollWidth,
        view: document.documentElement.clientWidth,
        tableRight: table.right,
        cutHeaders: cutHeaders.map((th) => th.textContent),
        widest: Math.max(...[...document.body.querySelectorAll('*')].map((el) => el.getBoundingClientRect().right)),
      };
    })()`);
    const {
      page: scrolled,
      view,
      tableRight,
      cutHeaders,
      widest,
    } = measured as {
      page: number;
      view: number;
      tableRight: number;
      cutHeaders: string[];
      widest: number;
    };
    expect(view).toBe(PRINTABLE.width);
    expect(scrolled).toBeLessThanOrEqual(view);
    expect(tableRight).toBeLessThanOrEqual(view);
    expect(widest).toBeLessThanOrEqual(view);
    expect(cutHeaders).toEqual([]);
    // What identifies a device is printed whole: no cell is cut or ends in "…" (the MAC's last octets,
    // the Standard column's words were, before issue 34).
    expect(await page.evaluate(CUT_CELLS)).toEqual([]);
  });

  it('prints every MAC and serial whole, each on one line, and the Standard column in full words', () => {
    const text = pdfText(pdfPath);
    const lines = new Set(text.split('\n').map((line) => line.trim()));
    const cut = report.devices.filter((d) => !lines.has(d.mac ?? '') || !lines.has(d.serial ?? ''));
    expect(cut.map((d) => `${d.mac} ${d.serial}`)).toEqual([]);
    expect(text).toContain('acceptance failed');
  });

  it('fits 200 devices in at most 10 pages, at least 25 devices a page', () => {
    const { pages, pageSize } = pdfInfo(pdfPath);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(pages).toBeLessThanOrEqual(10);
    expect(pageSize).toMatch(/^841\.\d+ x 59[45]\.\d+ pts \(A4\)/);
    const tablePages = Array.from({ length: pages - 1 }, (_, i) => pdfPageText(pdfPath, i + 2));
    const rowsOn = (text: string) =>
      text.split('\n').filter((line) => /^\s*\d+\s+10\.7\.\d+\.\d+\s/.test(line)).length;
    const counts = tablePages.map(rowsOn);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(200);
    // Every page the table fills (all but its last) carries 25 devices or more.
    const full = counts.filter((n) => n > 0).slice(0, -1);
    expect(full.length).toBeGreaterThan(0);
    for (const n of full) expect(n).toBeGreaterThanOrEqual(25);
  });

  it('holds the summary and the signature block on page 1, and the table starts on page 2', () => {
    const first = pdfPageText(pdfPath, 1);
    for (const words of [
      'Accepted 192 of 200 devices',
      'Hall 7 – North wing',
      'Dana Okafor',
      'field-laptop-07',
      'Failures (3)',
      '10.7.0.42 · Rack 3 / slot 2',
      'Activity',
      'Pools in force',
      'Firmware in force',
      'Hand-over',
      'Site owner',
      'signature',
    ]) {
      expect(first).toContain(words);
    }
    expect(first).not.toContain('Devices (200)');
    expect(pdfPageText(pdfPath, 2, 'reading')).toContain('Devices (200)');
  });

  it('draws the pages for a look (tests/.tmp/screenshots/report-pdf-*.png)', () => {
    const prefix = join(SCREENSHOTS, 'report-pdf');
    const last = pdfInfo(pdfPath).pages;
    const drawn = [...drawPages(pdfPath, prefix, 1, 3), ...drawPages(pdfPath, `${prefix}-last`, last, last)];
    expect(drawn.filter((png) => !existsSync(png))).toEqual([]);
  });
});
