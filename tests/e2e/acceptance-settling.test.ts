/**
 * Acceptance that waits for the devices to settle (issue 32), in real Chromium over the built renderer,
 * the app's core services and simulated devices over loopback HTTP with slow, time-scaled restarts: five
 * devices restarted just before the run (3 s with no hash rate, then a 4 s climb), one of them on an
 * untuned preset that tunes for ten minutes. Select all → Acceptance… → settle up to 1.5 min → the fleet's
 * badges say "Settling · …" (never Failed), the dialog counts the settling devices; windows opened mid-run
 * pick the phases up (run.phases); at the end "Accepted 4, failed 0, pending 1 of 5 devices", the tuning
 * device a "Pending" badge with its reason. The dialog with settling and with pending devices at
 * 1280×720 and 1024×640, light and dark, whole inside the window. Screenshots in
 * tests/.tmp/screenshots/acceptance-settling-*.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { SAMPLE_EVERY_ENV } from '../../electron/core/acceptance/acceptance-run';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { keychainOver } from '../support/credential-services';
import { restartMining } from '../support/sim-restart';
import { browser as browserRequirement, describeWith } from '../support/requirements';
import type { AppPage } from './harness/app-page';
import { openAppPage } from './harness/app-page';
import type { E2eSession } from './harness/e2e-session';
import { openE2eSession } from './harness/e2e-session';
import { chooseAction, selectAllShown } from './harness/fleet-page';

const COUNT = 5;
const TUNING = 4;
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1024, height: 640 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

/** The dialog and its buttons whole inside the window (nothing cut off at a laptop's size). */
async function dialogFits(page: Page): Promise<void> {
  const { width, height } = page.viewportSize()!;
  const inside = async (box: { x: number; y: number; width: number; height: number } | null) =>
    box !== null &&
    box.x >= -0.5 &&
    box.y >= -0.5 &&
    box.x + box.width <= width + 0.5 &&
    box.y + box.height <= height + 0.5;
  const dialog = page.getByRole('dialog', { name: 'Acceptance' });
  expect(await inside(await dialog.boundingBox()), 'the dialog is whole inside the window').toBe(true);
  for (const button of await dialog.getByRole('button').all()) {
    expect(await inside(await button.boundingBox()), `${await button.innerText()} in sight`).toBe(true);
  }
}

describeWith(browserRequirement, 'acceptance waits for the devices to settle, in Chromium', () => {
  let fleet: Fleet;
  let app: AppPage;
  let session: E2eSession | undefined;
  /** The windows opened mid-run, each with its size and scheme in its name. */
  const others: { app: AppPage; name: string }[] = [];

  beforeAll(async () => {
    // Readings every 1.5 s (settling readings too) instead of once a minute and every 10 s.
    vi.stubEnv(SAMPLE_EVERY_ENV, '1500');
    fleet = await startFleet({
      count: COUNT,
      defaults: { miningRestartSeconds: 3, hashClimbSeconds: 4, autoTuneSeconds: 600, shareSeconds: 0.1 },
    });
    session = await openE2eSession(fleet, {
      keychain: keychainOver(),
      beforePage: (h) => h.services.fleet!.add(fleet.devices.map((d) => ({ address: d.address }))),
    });
    ({ app } = session);
    await app.page.getByRole('button', { name: 'Fleet' }).click();
  }, 300_000);

  afterAll(async () => {
    vi.unstubAllEnvs();
    for (const other of others) await other.app.close();
    await session?.close();
  });

  /** The running run's dialog in a window of its own size and scheme (it picks the run up as it is). */
  async function dialogIn(size: (typeof SIZES)[number], colorScheme: 'light' | 'dark'): Promise<AppPage> {
    const page = await openAppPage(session!.browser, session!.harness.server, { ...size, colorScheme });
    others.push({ app: page, name: `acceptance-settling-${size.width}x${size.height}-${colorScheme}` });
    await page.page.getByRole('button', { name: 'Fleet' }).click();
    await expect
      .poll(() => page.page.locator('[role="row"][data-device-id]').count(), { timeout: 30_000 })
      .toBe(COUNT);
    await selectAllShown(page.page, COUNT);
    await chooseAction(page.page, 'Acceptance…');
    return page;
  }

  it('right after a restart: badges say Settling, the dialog counts them; then accepted, and pending apart', async () => {
    const { page } = app;
    await expect
      .poll(() => page.locator('[role="row"][data-device-id]').count(), { timeout: 30_000 })
      .toBe(COUNT);
    await Promise.all(fleet.devices.map((d, i) => restartMining(d, i === TUNING ? { preset: '2980' } : {})));
    await selectAllShown(page, COUNT);
    await chooseAction(page, 'Acceptance…');
    const dialog = page.getByRole('dialog', { name: 'Acceptance' });
    await dialog.getByLabel('Watch for (minutes)').fill('0.05');
    await expect(dialog.getByLabel('Settle up to (minutes)').inputValue()).resolves.toBe('15');
    // Long enough for the four windows below to open while the tuning device still settles; short enough
    // for CI (the run ends at the limit).
    await dialog.getByLabel('Settle up to (minutes)').fill('1.5');
    await dialog.getByRole('button', { name: 'Start acceptance' }).click();

    // Settling: the fleet's badges say so, never Failed; the dialog counts them apart.
    const settling = page.locator('.fleet-row [data-phase="settling"]');
    await expect.poll(() => settling.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await settling.first().innerText()).toMatch(/^Settling · (<1|\d+) min$/);
    expect(await page.locator('.fleet-row [data-verdict="fail"]').count()).toBe(0);
    await expect
      .poll(() => dialog.locator('[data-tally]').innerText())
      .toMatch(/ · [1-5] settling · \d watching$/);

    // The fleet with the dialog closed (the run keeps going), then the dialog again: the run as it is.
    await dialog.getByRole('button', { name: 'Close (it keeps running)' }).click();
    await app.screenshot('acceptance-settling-fleet-settling');
    await chooseAction(page, 'Acceptance…');
    await expect.poll(() => dialog.locator('[data-tally]').innerText()).toMatch(/ settling · \d watching$/);

    // The tuning device settles no more; windows opened now show it settling (run.phases).
    const tuning = fleet.devices[TUNING]!;
    const tuningRow = page
      .locator('.fleet-row')
      .filter({ has: page.getByRole('button', { name: `${tuning.host}:${tuning.port}` }) });
    for (const size of SIZES) {
      for (const scheme of SCHEMES) {
        const other = await dialogIn(size, scheme);
        const tally = other.page.getByRole('dialog', { name: 'Acceptance' }).locator('[data-tally]');
        await expect
          .poll(() => tally.innerText(), { timeout: 15_000 })
          .toMatch(/ · 1 settling · 0 watching$/);
        await dialogFits(other.page);
        await other.screenshot(`acceptance-settling-${size.width}x${size.height}-${scheme}-settling`);
      }
    }
    expect(await tuningRow.locator('[data-phase="settling"]').innerText()).toMatch(/^Settling · /);

    // The end: accepted, and the tuning device pending with its reason, not failed.
    await expect
      .poll(() => dialog.getByRole('status').innerText(), { timeout: 240_000 })
      .toBe(`Accepted ${COUNT - 1}, failed 0, pending 1 of ${COUNT} devices`);
    await dialog.getByLabel('Pending only').check();
    const verdicts = dialog.getByRole('list', { name: 'Verdicts' }).locator(':scope > li');
    await expect.poll(() => verdicts.count()).toBe(1);
    expect(await verdicts.first().innerText()).toMatch(
      /Pending[\s\S]*still tuning after 1.5 min.*auto-tuning.*not judged yet/,
    );
    const pendingBadge = tuningRow.locator('[data-verdict="pending"]');
    await expect.poll(() => pendingBadge.innerText()).toBe('Pending');
    expect(await pendingBadge.getAttribute('title')).toMatch(/not judged yet/);
    expect(await page.locator('.fleet-row [data-verdict="pass"]').count()).toBe(COUNT - 1);
    expect(await page.locator('.fleet-row [data-phase]').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await app.screenshot('acceptance-settling-fleet-pending');

    for (const { app: other, name } of others) {
      const otherDialog = other.page.getByRole('dialog', { name: 'Acceptance' });
      await expect
        .poll(() => otherDialog.getByRole('status').innerText(), { timeout: 20_000 })
        .toBe(`Accepted ${COUNT - 1}, failed 0, pending 1 of ${COUNT} devices`);
      await otherDialog.getByLabel('Pending only').check();
      await dialogFits(other.page);
      await other.screenshot(`${name}-pending`);
      expect(other.problems).toEqual([]);
    }
    expect(app.problems).toEqual([]);
  }, 480_000);
});
