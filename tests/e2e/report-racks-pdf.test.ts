/**
 * The hand-over report by rack (issue 34) printed to PDF in real Chromium as the app prints it, read back
 * with poppler: 200 devices in ten racks. With every device failed, page 1 still holds the signature block
 * (the failures bounded there, counted by rack, every one in the evidence) and no identifying value is
 * cut; with some failed, each rack has its page — its name, its map with each slot's verdict in words,
 * its devices — and the unplaced devices come last on their own page. The pages are drawn into
 * tests/.tmp/screenshots/report-racks-*.png to be looked at.
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { HandOverReport } from '../../shared/domain/report';
import { launchChromium } from '../support/browser';
import { describeWith } from '../support/requirements';
import { largeSiteReport } from '../support/report-site';
import type { PrintedReport } from '../support/report-pdf';
import {
  CUT_CELLS,
  drawPages,
  pdfPages,
  pdfPageText,
  pdfText,
  poppler,
  printReport,
} from '../support/report-pdf';
import { SCREENSHOTS } from './harness/app-page';

/** 195 devices in ten racks of 6 × 4 (every 7th slot empty), the last 5 not placed. */
const TEN_RACKS = { racks: 10, shelves: 6, positions: 4, unplaced: 5, skipEvery: 7 };

describeWith(poppler, 'the report by rack printed to PDF in Chromium', () => {
  const allFailed = largeSiteReport(200, { failed: 200, layout: TEN_RACKS });
  const someFailed = largeSiteReport(200, { failed: 12, unaccepted: 9, layout: TEN_RACKS });
  const printed: PrintedReport[] = [];
  let chromium: Browser | undefined;

  // One browser prints both.
  beforeAll(async () => {
    chromium = await launchChromium();
    printed.push(
      await printReport(allFailed, undefined, chromium),
      await printReport(someFailed, undefined, chromium),
    );
  }, 120_000);

  afterAll(() => chromium?.close());

  it('keeps the signature block on page 1 when all 200 devices failed', () => {
    const { pdfPath } = printed[0] ?? { pdfPath: '' };
    const first = pdfPageText(pdfPath, 1);
    expect(first).toContain('Failures (200)');
    expect(first).toContain('Hand-over');
    expect(first).toContain('Site owner');
    expect(first).toContain('signature');
    expect(first).toMatch(/and 1\d\d more failed devices: see Evidence/);
    expect(first).toMatch(/Failed by rack: C1 · R01: 21; C1 · R02: 2\d/);
    // The failures' names carry their slot: the one a technician walks to.
    expect(first).toContain('C1-R01-S1-P1 (10.7.0.1)');
    expect(pdfPageText(pdfPath, 2)).not.toContain('Site owner');
  });

  it('cuts no cell of any rack page, and prints every MAC and slot whole', async () => {
    const { page, pdfPath } = printed[0] ?? ({} as never);
    await page.emulateMedia({ media: 'print' });
    expect(await page.evaluate(CUT_CELLS)).toEqual([]);
    // Each whole, on one line: a token of the text, never split across lines.
    const tokens = new Set(pdfText(pdfPath).split(/\s+/));
    const cut = allFailed.devices.filter(
      (d) => !tokens.has(d.mac ?? '') || (d.slot != null && !tokens.has(d.slot)),
    );
    expect(cut.map((d) => `${d.mac} ${d.slot}`)).toEqual([]);
  });

  it('gives each rack its page with its map, and the unplaced devices theirs, last', () => {
    const { pdfPath } = printed[1] ?? { pdfPath: '' };
    const pages = Array.from({ length: pdfPages(pdfPath) }, (_, i) => pdfPageText(pdfPath, i + 1));
    const rackPages = pages.flatMap((text, i) => {
      const title = /^\s*(Rack C\d · R\d\d|Not placed in a rack)\s*$/m.exec(text)?.[1];
      return title === undefined ? [] : [{ title, text, n: i + 1 }];
    });
    expect(rackPages.map((p) => p.title)).toEqual([
      ...['R01', 'R02', 'R03', 'R04', 'R05'].map((r) => `Rack C1 · ${r}`),
      ...['R06', 'R07', 'R08', 'R09', 'R10'].map((r) => `Rack C2 · ${r}`),
      'Not placed in a rack',
    ]);
    // Each rack on its own page, one after the other, right after page 1.
    expect(rackPages.map((p) => p.n)).toEqual(Array.from({ length: 11 }, (_, i) => i + 2));
    const first = rackPages[0]?.text ?? '';
    expect(first).toMatch(/21 devices in 24 slots: 9 accepted, 12 failed/);
    for (const words of ['S1', 'P4', '✗ FAILED', '✓ accepted', 'empty', 'C1-R01-S6-P4']) {
      expect(first).toContain(words);
    }
    expect(rackPages[10]?.text).toContain('5 devices: 5 not judged');
    expect(rackPages[10]?.text).not.toContain('✓ accepted');
    expectRowsOf(someFailed, rackPages);
  });

  it('draws the pages for a look (tests/.tmp/screenshots/report-racks-*.png)', () => {
    for (const [name, at] of [
      ['report-racks-all-failed', 0],
      ['report-racks', 1],
    ] as const) {
      drawPages(printed[at]?.pdfPath ?? '', join(SCREENSHOTS, name), 1, 3, 80);
    }
    expect(pdfPages(printed[1]?.pdfPath ?? '')).toBeGreaterThanOrEqual(12);
  });
});

/** Every device's row is on its own rack's page (its address on that page's text). */
function expectRowsOf(report: HandOverReport, pages: { title: string; text: string }[]): void {
  for (const device of report.devices) {
    const title = device.rack == null ? 'Not placed in a rack' : `Rack ${device.area} · ${device.rack}`;
    const page = pages.find((p) => p.title === title);
    expect(page?.text, device.address).toMatch(
      new RegExp(`\\s${device.address.replace('http://', '').replace(/\./g, '\\.')}\\s`),
    );
  }
}
