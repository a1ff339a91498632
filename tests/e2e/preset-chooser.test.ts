/**
 * "One preset for all" chosen from a list in real Chromium (browser harness, the built renderer, the real
 * core services, 8 simulated devices over loopback: six S21 Pro, and every fourth an S19 with its own
 * presets). Power…: the choice taken → main reads the devices' presets once → the list (name, watts, TH/s,
 * tuned on, lacks it on) → typed to filter, ↓ and Enter take a preset without submitting, Escape closes the
 * list and not the dialog → the plan gives the S21 Pros the preset and skips the S19s that lack it. The
 * standard's power rule: the same chooser, a preset every device has taken with the keyboard and kept.
 * At 1280×720 and 1024×640, light and dark, the dialogs fit with the list open. Screenshots:
 * tests/.tmp/screenshots/preset-chooser-*.png.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { browser as browserRequirement, describeWith } from '../support/requirements';
import { workingKeychain } from '../support/test-keychain';
import type { AppHarness } from './harness/app-harness';
import { openAppPage } from './harness/app-page';
import type { AppPage } from './harness/app-page';
import type { E2eSession } from './harness/e2e-session';
import { openE2eSession, waitAllOnline, withStoredPasswords } from './harness/e2e-session';
import { chooseAction, selectAllShown } from './harness/fleet-page';

const COUNT = 8;
const PASSWORD = 'preset-chooser-e2e-32';
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1024, height: 640 },
];

/** Whole inside the window (half a pixel of rounding allowed). */
async function inWindow(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  const { width, height } = page.viewportSize()!;
  return (
    box !== null &&
    box.x >= -0.5 &&
    box.y >= -0.5 &&
    box.x + box.width <= width + 0.5 &&
    box.y + box.height <= height + 0.5
  );
}

/** The dialog and its buttons are in the window. */
async function expectFits(page: Page, dialog: Locator): Promise<void> {
  expect(await inWindow(page, dialog)).toBe(true);
  for (const button of await dialog.locator('.modal-actions').last().getByRole('button').all()) {
    expect(await inWindow(page, button), await button.innerText()).toBe(true);
  }
}

describeWith(browserRequirement, 'choosing a preset from a list, in Chromium', () => {
  let fleet: Fleet;
  let harness: AppHarness;
  let session: E2eSession | undefined;

  beforeAll(async () => {
    fleet = await startFleet({ count: COUNT, defaults: { password: PASSWORD } });
    session = await openE2eSession(fleet, {
      keychain: workingKeychain(),
      settings: { monitor: { intervalMs: 1000, timeoutMs: 800, offlineAfterMissedPolls: 3 } },
      beforePage: withStoredPasswords(fleet, PASSWORD),
    });
    ({ harness } = session);
    await waitAllOnline(harness, COUNT);
  }, 180_000);

  afterAll(() => session?.close());

  async function openFleet(
    size: { width: number; height: number },
    scheme: 'light' | 'dark',
  ): Promise<AppPage> {
    const app = await openAppPage(session!.browser, harness.server, { ...size, colorScheme: scheme });
    await app.page.getByRole('button', { name: 'Fleet' }).click();
    await expect.poll(() => app.page.locator('[role="row"][data-state="online"]').count()).toBe(COUNT);
    await selectAllShown(app.page, COUNT);
    return app;
  }

  /** Power… on the selection, "One preset for all" taken, the devices' presets read. */
  async function powerChooser(page: Page): Promise<Locator> {
    await chooseAction(page, 'Power…');
    const dialog = page.getByRole('dialog', { name: `Power presets of ${COUNT} devices` });
    await dialog.getByLabel('One preset for all').check();
    await expect
      .poll(() => dialog.getByText('Presets of 8 devices read.').count(), { timeout: 30_000 })
      .toBe(1);
    return dialog;
  }

  it('Power…: the list of the presets the devices offer, chosen with the keyboard, then the plan', async () => {
    const app = await openFleet(SIZES[0]!, 'light');
    const { page } = app;
    try {
      const dialog = await powerChooser(page);
      const field = dialog.getByRole('combobox', { name: 'Preset name' });
      await field.click();
      const list = dialog.getByRole('listbox', { name: `Presets of the ${COUNT} selected devices` });
      await expect.poll(() => list.isVisible()).toBe(true);
      // 2800 is on both models' lists, configured everywhere; 3250 only on the S21 Pros.
      await expect
        .poll(() => list.getByRole('option', { name: /^2800 / }).innerText())
        .toMatch(/2800\s+2800 W · [\d.]+–[\d.]+ TH\/s\s+tuned on all 8 · set now on 8/);
      await page.keyboard.type('325');
      expect(await list.getByRole('option').allInnerTexts()).toEqual([
        expect.stringMatching(/^3250\s+3250 W · 218 TH\/s\s+untuned · lacks it on 2$/),
      ]);
      // Escape closes the list, not the dialog.
      await page.keyboard.press('Escape');
      await expect.poll(() => list.isVisible()).toBe(false);
      expect(await dialog.isVisible()).toBe(true);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      expect(await field.inputValue()).toBe('3250');
      // Enter took the preset: no plan yet.
      expect(await dialog.getByRole('table', { name: 'Plan of the power presets' }).count()).toBe(0);
      await expect
        .poll(() => dialog.getByText(/^3250: 3250 W · 218 TH\/s · .*lacks it on 2$/).count())
        .toBe(1);
      await page.keyboard.press('Enter');
      const plan = dialog.getByRole('table', { name: 'Plan of the power presets' });
      await expect.poll(() => plan.getByRole('row').count(), { timeout: 30_000 }).toBe(COUNT + 1);
      const cells = await plan.getByRole('row').allInnerTexts();
      expect(cells.filter((r) => r.includes('Will be set')).length).toBe(6);
      expect(cells.filter((r) => r.includes('has no preset "3250"')).length).toBe(2);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  }, 120_000);

  it("the standard's power rule: a preset every device has, taken with the keyboard and kept", async () => {
    const app = await openFleet(SIZES[0]!, 'light');
    const { page } = app;
    try {
      await page.getByRole('button', { name: 'Sites', exact: true }).click();
      await page.getByRole('button', { name: /^Standard of / }).click();
      const dialog = page.getByRole('dialog', { name: /^The standard of site / });
      await dialog.getByLabel('The site password', { exact: true }).uncheck();
      await dialog.getByLabel('Pools', { exact: true }).uncheck();
      const power = dialog.locator('[data-part="power"]');
      await power.getByLabel('Power rule', { exact: true }).check();
      await expect
        .poll(() => power.getByText('Presets of 8 devices read.').count(), { timeout: 30_000 })
        .toBe(1);
      const field = power.getByRole('combobox', { name: 'Preset name' });
      await field.focus();
      await page.keyboard.type('280');
      const list = power.getByRole('listbox');
      expect((await list.getByRole('option').allInnerTexts()).map((t) => t.split(/\s/)[0])).toEqual(['2800']);
      await page.keyboard.press('Enter');
      expect(await field.inputValue()).toBe('2800');
      await dialog.getByRole('button', { name: 'Set the standard' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      const view = await harness.services.standard.get(undefined);
      expect(view.ok && view.value.standard?.power).toEqual({ kind: 'preset', name: '2800' });
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  }, 120_000);

  for (const size of SIZES) {
    for (const scheme of ['light', 'dark'] as const) {
      const name = `${size.width}x${size.height}-${scheme}`;
      it(`${size.width}×${size.height}, ${scheme}: both choosers fit with the list open`, async () => {
        const app = await openFleet(size, scheme);
        const { page } = app;
        try {
          const dialog = await powerChooser(page);
          await dialog.getByRole('combobox', { name: 'Preset name' }).click();
          for (let i = 0; i < 6; i += 1) await page.keyboard.press('ArrowDown');
          await expectFits(page, dialog);
          await app.screenshot(`preset-chooser-power-${name}`);
          await page.keyboard.press('Escape');
          await dialog.getByRole('button', { name: 'Cancel' }).click();

          await page.getByRole('button', { name: 'Sites', exact: true }).click();
          await page.getByRole('button', { name: /^Standard of / }).click();
          const standard = page.getByRole('dialog', { name: /^The standard of site / });
          const power = standard.locator('[data-part="power"]');
          await power.getByLabel('Power rule', { exact: true }).check();
          await power.getByLabel('One preset for all').check();
          await expect
            .poll(() => power.getByText('Presets of 8 devices read.').count(), { timeout: 30_000 })
            .toBe(1);
          const field = power.getByRole('combobox', { name: 'Preset name' });
          await field.fill('');
          await field.click();
          await page.keyboard.press('ArrowDown');
          await power.getByRole('listbox').scrollIntoViewIfNeeded();
          await expectFits(page, standard);
          expect(await inWindow(page, field)).toBe(true);
          await app.screenshot(`preset-chooser-standard-${name}`);
          await page.keyboard.press('Escape');
          await standard.getByRole('button', { name: 'Cancel' }).click();
          expect(app.problems).toEqual([]);
        } finally {
          await app.close();
        }
      }, 120_000);
    }
  }
});
