/**
 * The fleet view on a field laptop's screen, in real Chromium (browser harness, the built renderer, the
 * real core services, 40 simulated devices online): at 1280×720 and 1024×640, light and dark, the page
 * never scrolls sideways, nothing of the header, the selection's actions or the table is cut off, the
 * table shows at least 12 rows at 1280×720 with the columns that matter in sight, the selection's actions
 * are one "Commission…" and one keyboard-reachable **Actions** menu, and every dialog that menu opens fits
 * the window with its title and buttons in view (the tallest, the pools, scrolls its body). The columns
 * can be chosen and the choice is kept. Screenshots: tests/.tmp/screenshots/laptop-*.png.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { browser as browserRequirement, describeWith } from '../support/requirements';
import { workingKeychain } from '../support/test-keychain';
import type { AppHarness } from './harness/app-harness';
import type { AppPage } from './harness/app-page';
import { openAppPage } from './harness/app-page';
import type { E2eSession } from './harness/e2e-session';
import { openE2eSession, waitAllOnline, withStoredPasswords } from './harness/e2e-session';
import { actionLabels, chooseAction, openActions, selectAllShown } from './harness/fleet-page';
import type { PageLayout } from './harness/page-layout';
import { dialogProblems, inWindow, measurePage } from './harness/page-layout';

const PASSWORD = 'laptop-screen-pw-26';
const COUNT = 40;
/** The columns a technician must see without scrolling sideways at 1280×720 (the list). */
const KEY_COLUMNS = ['Device', 'Model', 'State', 'Hash rate', 'Chip', 'Standard'];

interface Size {
  width: number;
  height: number;
  /** Rows the table must show whole, at least. */
  minRows: number;
  /** The columns in sight without scrolling the table sideways. */
  keyColumns: string[];
}
const SIZES: Size[] = [
  { width: 1280, height: 720, minRows: 12, keyColumns: KEY_COLUMNS },
  // The standard is reached by scrolling the table sideways (never the page) on the narrower screen.
  { width: 1024, height: 640, minRows: 8, keyColumns: KEY_COLUMNS.filter((c) => c !== 'Standard') },
];

/** The fleet table as the page shows it: whole rows, the columns in sight, its own sideways overflow. */
interface TableLayout {
  /** Data rows whole inside the table's visible area. */
  wholeRows: number;
  /** Key column headers not whole inside the table's visible area. */
  hiddenKeyColumns: string[];
  /** The table's own sideways overflow. */
  tableScrollsSideways: boolean;
}

/**
 * Measures the table in the page (plain JavaScript: the tests are compiled without the DOM's types); the
 * page's own overflow and cut-off controls are the shared measure (harness/page-layout.ts). The table's
 * visible area is its scroll box below the sticky header row, cut by the window.
 */
const MEASURE_TABLE = `((keyColumns) => {
  const table = document.querySelector('[role="table"][aria-label="Fleet"]');
  let scroller = table.parentElement;
  while (!/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement;
  const area = scroller.getBoundingClientRect();
  const top = table.querySelector('[role="rowgroup"]').getBoundingClientRect().bottom;
  const bottom = Math.min(area.top + scroller.clientTop + scroller.clientHeight, innerHeight);
  const left = area.left + scroller.clientLeft;
  const right = Math.min(left + scroller.clientWidth, innerWidth);
  const whole = (r, l, t, rt, b) => r.left >= l - 0.5 && r.top >= t - 0.5 && r.right <= rt + 0.5 && r.bottom <= b + 0.5;
  const headers = [...table.querySelectorAll('[role="columnheader"]')];
  return {
    // Rows are as wide as every column: whole from top to bottom is what counts.
    wholeRows: [...table.querySelectorAll('[role="row"][data-device-id]')].filter((row) => {
      const box = row.getBoundingClientRect();
      return box.top >= top - 0.5 && box.bottom <= bottom + 0.5;
    }).length,
    hiddenKeyColumns: keyColumns.filter((name) => {
      const header = headers.find((h) => (h.textContent || '').replace(/[▲▼]/g, '').trim() === name);
      return header === undefined || !whole(header.getBoundingClientRect(), left, area.top, right, bottom);
    }),
    tableScrollsSideways: scroller.scrollWidth > scroller.clientWidth,
  };
})`;

async function measure(
  page: Page,
  keyColumns: readonly string[] = KEY_COLUMNS,
): Promise<PageLayout & TableLayout> {
  const table: TableLayout = await page.evaluate(`${MEASURE_TABLE}(${JSON.stringify(keyColumns)})`);
  return { ...(await measurePage(page)), ...table };
}

/** The dialog is inside the window, its title and its buttons whole and not covered. */
async function expectFits(page: Page, dialog: Locator, what: string): Promise<void> {
  expect(await dialogProblems(dialog, what)).toEqual([]);
}

const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

describeWith(browserRequirement, 'the fleet on a laptop screen, in Chromium', () => {
  let fleet: Fleet;
  let harness: AppHarness;
  let session: E2eSession | undefined;

  /** The app in a window of `size`, on the fleet with every device online and selected. */
  async function openFleet(size: Size, colorScheme: 'light' | 'dark'): Promise<AppPage> {
    const app = await openAppPage(session!.browser, harness.server, { ...size, colorScheme });
    await app.page.getByRole('button', { name: 'Fleet' }).click();
    await expect.poll(() => app.page.locator('[role="row"][data-state="online"]').count()).toBeGreaterThan(0);
    await selectAllShown(app.page, COUNT);
    return app;
  }

  beforeAll(async () => {
    fleet = await startFleet({ count: COUNT, defaults: { password: PASSWORD } });
    session = await openE2eSession(fleet, {
      keychain: workingKeychain(),
      settings: { monitor: { intervalMs: 1000, timeoutMs: 800, offlineAfterMissedPolls: 3 } },
      beforePage: withStoredPasswords(fleet, PASSWORD),
    });
    ({ harness } = session);
    // Every device online before any window opens.
    await waitAllOnline(harness, COUNT);
  }, 180_000);

  afterAll(() => session?.close());

  for (const size of SIZES) {
    for (const scheme of ['light', 'dark'] as const) {
      const name = `laptop-${size.width}x${size.height}-${scheme}`;
      it(`${size.width}×${size.height}, ${scheme}: the page fits, ≥ ${size.minRows} rows, every dialog fits`, async () => {
        const app = await openFleet(size, scheme);
        const { page } = app;
        try {
          await app.screenshot(name);
          const layout = await measure(page, size.keyColumns);
          expect(layout.scrollWidth, 'the page never scrolls sideways').toBeLessThanOrEqual(
            layout.clientWidth,
          );
          expect(layout.scrollHeight, 'the page itself does not scroll').toBeLessThanOrEqual(
            layout.clientHeight,
          );
          expect(layout.cutOff, 'nothing outside the table is cut off').toEqual([]);
          expect(layout.hiddenKeyColumns, 'the columns that matter are in sight').toEqual([]);
          expect(layout.wholeRows).toBeGreaterThanOrEqual(size.minRows);
          await expect.poll(() => page.getByRole('contentinfo').innerText()).toMatch(/40 devices/);

          // Commission… on a site without a standard: its set-up form, the tallest dialog there is.
          await page.getByRole('button', { name: 'Commission…' }).click();
          const commission = page.getByRole('dialog');
          await expect
            .poll(() => commission.getByLabel('Site password again').count(), { timeout: 10_000 })
            .toBe(1);
          await expectFits(page, commission, 'Commission…');
          await app.screenshot(`${name}-commission`);
          await page.keyboard.press('Escape');
          await expect.poll(() => commission.count()).toBe(0);

          const labels = await actionLabels(page);
          expect(labels).toEqual(
            expect.arrayContaining(['Unlock…', 'API keys', 'Password…', 'Pools…', 'Blink LED', 'Restart…']),
          );
          expect(labels).toEqual(expect.arrayContaining(['Reboot…', 'Forget…', 'Remove…']));
          expect(inWindow(await (await openActions(page)).boundingBox(), page), 'the menu fits').toBe(true);
          await app.screenshot(`${name}-actions`);
          await page.keyboard.press('Escape');

          for (const label of labels.filter((l) => l.endsWith('…'))) {
            await chooseAction(page, label);
            const dialog = page.getByRole('dialog');
            await expect.poll(() => dialog.count()).toBe(1);
            // Restart and reboot first ask main who would get it; the dialog then names the count.
            await expect.poll(() => dialog.getByText(/^Checking /).count(), { timeout: 10_000 }).toBe(0);
            if (label === 'Pools…') {
              // Three pools: the tallest form there is, taller than the window — its body scrolls.
              await dialog.getByRole('button', { name: 'Add a backup pool' }).click();
              await dialog.getByRole('button', { name: 'Add a backup pool' }).click();
              await expect.poll(() => dialog.getByLabel('Pool 3 URL').count()).toBe(1);
            }
            await expectFits(page, dialog, label);
            await app.screenshot(`${name}-${slug(label)}`);
            if (label === 'Pools…') {
              const body = dialog.locator('.modal-body');
              await body.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
              await expectFits(page, dialog, `${label} scrolled to its end`);
              await expect(dialog.getByLabel('Save these pools as a preset').isVisible()).resolves.toBe(true);
            }
            await page.keyboard.press('Escape');
            await expect.poll(() => dialog.count()).toBe(0);
          }
          expect(app.problems).toEqual([]);
        } finally {
          await app.close();
        }
      }, 120_000);
    }
  }

  it('the Actions menu is reached and used with the keyboard alone', async () => {
    const app = await openFleet(SIZES[0]!, 'light');
    const { page } = app;
    try {
      await page.keyboard.press('/');
      // The focused element's words, without a menu button's ▾ mark.
      const focused = (): Promise<string> =>
        page.evaluate(`(document.activeElement?.textContent ?? '').replace(/[▾▸]/g, '').trim()`);
      for (let tab = 0; tab < 8 && (await focused()) !== 'Actions'; tab += 1)
        await page.keyboard.press('Tab');
      expect(await focused()).toBe('Actions');
      await page.keyboard.press('Enter');
      await expect.poll(focused).toBe('Unlock…');
      // One item a key press, each move awaited: a focus read right after a press may still see the item
      // before, and a press sent on such a stale reading overshoots the one sought.
      for (let down = 0; down < 8 && (await focused()) !== 'Pools…'; down += 1) {
        const was = await focused();
        await page.keyboard.press('ArrowDown');
        await expect.poll(focused).not.toBe(was);
      }
      expect(await focused()).toBe('Pools…');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: `Set the pools of ${COUNT} devices` });
      await expect.poll(() => dialog.count()).toBe(1);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  }, 60_000);

  it('the report preview with the site standard never scrolls the page sideways, at either size', async () => {
    // Last in this file: the site gets a standard. Its pool URL is long and has no place to break a line
    // (no space, no hyphen): it must wrap, not widen the page.
    const host = Array.from({ length: 3 }, () => 'longpoolname'.repeat(5)).join('.');
    const set = await harness.services.standard.set({
      pools: [{ url: `stratum+tcp://${host}.example:3333`, worker: 'acct.{mac6}' }],
    });
    expect(set.ok).toBe(true);
    for (const size of SIZES) {
      const app = await openAppPage(session!.browser, harness.server, { ...size, colorScheme: 'light' });
      const { page } = app;
      try {
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('button', { name: /^Report/ })
          .click();
        const table = page.getByRole('table', { name: 'Devices in the report' });
        await expect.poll(() => table.locator('tbody tr').count(), { timeout: 30_000 }).toBe(COUNT);
        const standard = page.getByRole('region', { name: 'Site standard' });
        await expect.poll(() => standard.innerText()).toMatch(/^The site standard: \d+ of 40 devices/);
        expect(await standard.innerText()).toContain('worker acct.{mac6}');
        const headings = await table.getByRole('columnheader').allInnerTexts();
        expect(headings.slice(-2)).toEqual(['Standard', 'Verdict']);
        await app.screenshot(`laptop-${size.width}x${size.height}-report`);
        // Neither the page nor any box around the preview is wider than its own width; only the device
        // table scrolls sideways, inside its own box.
        const wider: string[] = await page.evaluate(`(() => {
          const wider = [];
          for (let el = document.querySelector('[aria-label="Report preview"]'); el; el = el.parentElement) {
            if (el.scrollWidth > el.clientWidth + 0.5) wider.push(el.tagName + '.' + el.className);
          }
          return wider;
        })()`);
        expect(wider, 'nothing around the preview scrolls sideways').toEqual([]);
        expect(app.problems).toEqual([]);
      } finally {
        await app.close();
      }
    }
  }, 90_000);

  it('columns chosen in the Columns menu stay chosen in the next window', async () => {
    const first = await openFleet(SIZES[0]!, 'light');
    const header = (page: Page, name: string) => page.getByRole('columnheader', { name, exact: true });
    try {
      const { page } = first;
      await expect.poll(() => header(page, 'Fans').count()).toBe(1);
      await page.getByRole('button', { name: 'Columns', exact: true }).click();
      const menu = page.getByRole('menu', { name: 'Columns' });
      for (const column of ['Fans', 'Power', 'Stored', 'Alerts']) {
        const item = menu.getByRole('menuitemcheckbox', { name: column });
        await expect(item.getAttribute('aria-checked')).resolves.toBe('true');
        await item.click();
        await expect.poll(() => item.getAttribute('aria-checked')).toBe('false');
      }
      await first.screenshot('laptop-columns-menu');
      await page.keyboard.press('Escape');
      await expect.poll(() => header(page, 'Fans').count()).toBe(0);
      // Without fans, power, what is stored and alerts, every other column fits 1280 px: no sideways
      // scrolling at all.
      expect((await measure(page)).tableScrollsSideways).toBe(false);
      await first.screenshot('laptop-columns-chosen');
      expect(first.problems).toEqual([]);
    } finally {
      await first.close();
    }
    expect(harness.services.settings!.current().fleetView.hiddenColumns).toEqual([
      'fans',
      'power',
      'credentials',
      'alerts',
    ]);

    const again = await openFleet(SIZES[0]!, 'light');
    try {
      await expect.poll(() => header(again.page, 'Standard').count()).toBe(1);
      expect(await header(again.page, 'Fans').count()).toBe(0);
      expect(await header(again.page, 'Power').count()).toBe(0);
      await again.page.getByRole('button', { name: 'Columns', exact: true }).click();
      await again.page
        .getByRole('menu', { name: 'Columns' })
        .getByRole('menuitem', { name: 'Show every column' })
        .click();
      await expect.poll(() => header(again.page, 'Fans').count()).toBe(1);
      expect(harness.services.settings!.current().fleetView.hiddenColumns).toEqual([]);
    } finally {
      await again.close();
    }
  }, 60_000);
  it('the panel of a device that stopped answering while nobody had it open: its last numbers, fitting, light and dark', async () => {
    // Main keeps a device's whole summary only while it is open: this one went silent while closed.
    // The first row, in sight at either size.
    const silent = fleet.devices[0]!;
    silent.addFault({ fault: { kind: 'hang' } });
    try {
      const offline = async (): Promise<boolean> =>
        (await harness.services.fleet!.snapshot()).devices.some(
          (d) => d.address.includes(`${silent.host}:${silent.port}`) && d.view?.state === 'offline',
        );
      await expect.poll(offline, { timeout: 30_000 }).toBe(true);
      for (const size of SIZES) {
        for (const scheme of ['light', 'dark'] as const) {
          const app = await openFleet(size, scheme);
          const { page } = app;
          try {
            await page.getByRole('button', { name: `${silent.host}:${silent.port}`, exact: true }).click();
            const panel = page.getByRole('complementary');
            const hint = panel.getByText(
              'The numbers its last summary gave; fans, pools and boards come when the device answers again.',
            );
            await expect.poll(() => hint.count(), { timeout: 10_000 }).toBe(1);
            const rate = panel.getByText('Hash rate', { exact: true }).locator('xpath=following-sibling::dd');
            await expect(rate.innerText()).resolves.toMatch(/ [TGPE]H\/s$/);
            expect(inWindow(await panel.boundingBox(), page), 'the panel is inside the window').toBe(true);
            expect(inWindow(await hint.boundingBox(), page), 'its words are in view').toBe(true);
            await app.screenshot(`laptop-${size.width}x${size.height}-${scheme}-panel-last-summary`);
            expect(app.problems).toEqual([]);
          } finally {
            await app.close();
          }
        }
      }
    } finally {
      silent.clearFaults();
    }
  }, 120_000);
});
