/**
 * Standard…'s firmware part in real Chromium at 1024×640 (browser harness, the built renderer, the real core
 * services, simulated devices over loopback): Sites → Standard… → only the Firmware part ticked → Choose the
 * image… (the harness's double of main's file dialog, a simulated image as the technician would pick it) →
 * its name, size and the start of its SHA-256, never its path → the version → Set the standard. Main keeps
 * the image it chose (`standard:get` names that very file), Standard… shows it again as kept, and the fleet's
 * Standard column says which devices run an older version. Screenshot:
 * tests/.tmp/screenshots/standard-firmware-*.png.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { S21, writeSimImage } from '../support/firmware-world';
import { browser as browserRequirement, describeWith } from '../support/requirements';
import { workingKeychain } from '../support/test-keychain';
import type { AppHarness } from './harness/app-harness';
import type { AppPage } from './harness/app-page';
import type { E2eSession } from './harness/e2e-session';
import { openE2eSession, withStoredPasswords } from './harness/e2e-session';

const COUNT = 3;
const PASSWORD = 'standard-firmware-e2e';
const SMALL_LAPTOP = { width: 1024, height: 640 };

describeWith(browserRequirement, "Standard…'s firmware part in Chromium", () => {
  let fleet: Fleet;
  let harness: AppHarness;
  let app: AppPage;
  let session: E2eSession | undefined;
  const rowOf = (i: number) =>
    app.page.locator('[role="row"][data-device-id]', {
      hasText: `${fleet.devices[i]!.host}:${fleet.devices[i]!.port}`,
    });

  beforeAll(async () => {
    // Two devices on 1.2.6, the last one already on the standard's 1.2.7.
    fleet = await startFleet({
      count: COUNT,
      defaults: { password: PASSWORD, model: S21.model, firmwareVersion: '1.2.6' },
      devices: [{}, {}, { firmwareVersion: '1.2.7' }],
    });
    session = await openE2eSession(fleet, {
      keychain: workingKeychain(),
      settings: { monitor: { intervalMs: 1000, timeoutMs: 800, offlineAfterMissedPolls: 3 } },
      beforePage: withStoredPasswords(fleet, PASSWORD),
    });
    ({ harness, app } = session);
    await app.page.setViewportSize(SMALL_LAPTOP);
  }, 120_000);

  afterAll(() => session?.close());

  it('Choose the image… → name, size, SHA-256 → the version → saved; standard:get and Standard… show it', async () => {
    const { page } = app;
    const image = writeSimImage(harness.dataDir, '1.2.7', S21.id, 128 * 1024, 'xminer-s21pro-1.2.7.bin');
    const sha = createHash('sha256').update(readFileSync(image)).digest('hex');
    harness.chooseNext(image);

    await page.getByRole('button', { name: 'Sites', exact: true }).click();
    await page.getByRole('button', { name: /^Standard of / }).click();
    const dialog = page.getByRole('dialog', { name: /^The standard of site / });
    const firmware = dialog.locator('[data-part="firmware"]');
    // A site without a standard: only the firmware part this time.
    await dialog.getByLabel('The site password', { exact: true }).uncheck();
    await dialog.getByLabel('Pools', { exact: true }).uncheck();
    await firmware.getByLabel('Firmware', { exact: true }).check();
    await firmware.getByRole('button', { name: 'Choose the image…' }).click();
    await expect
      .poll(() => firmware.getByText(`xminer-s21pro-1.2.7.bin (0.1 MB, sha256 ${sha.slice(0, 12)}…)`).count())
      .toBe(1);
    expect(harness.chooseAsked).toEqual(['Choose the firmware image']);
    // The window never sees where the file is.
    expect(await dialog.innerText()).not.toContain(harness.dataDir);
    await firmware.getByLabel('Firmware version').fill('1.2.7');

    // The dialog fits the small laptop's window: its title and its buttons in view.
    const inWindow = (box: { x: number; y: number; width: number; height: number } | null): boolean =>
      box !== null &&
      box.x >= 0 &&
      box.y >= 0 &&
      box.x + box.width <= SMALL_LAPTOP.width &&
      box.y + box.height <= SMALL_LAPTOP.height;
    expect(inWindow(await dialog.boundingBox())).toBe(true);
    const save = dialog.getByRole('button', { name: 'Set the standard' });
    expect(inWindow(await save.boundingBox())).toBe(true);
    await app.screenshot('standard-firmware-chosen');
    await save.click();
    await expect.poll(() => dialog.count()).toBe(0);

    // Main kept the very file it chose, with the version typed.
    const view = await harness.services.standard.get(undefined);
    expect(view.ok && view.value.standard).toMatchObject({
      password: { required: false },
      firmware: { version: '1.2.7', imagePath: image },
    });
    expect(view.ok && view.value.standard?.pools).toBeUndefined();

    // Standard… again: the kept part, by its file name and version.
    await page.getByRole('button', { name: /^Standard of / }).click();
    await expect
      .poll(() => firmware.getByText('The kept image: xminer-s21pro-1.2.7.bin (for 1.2.7).').count())
      .toBe(1);
    expect(await firmware.getByLabel('Firmware', { exact: true }).isChecked()).toBe(true);
    expect(await firmware.getByLabel('Firmware version').inputValue()).toBe('1.2.7');
    await app.screenshot('standard-firmware-kept');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    // The fleet's Standard column: the devices on 1.2.6 differ, the one on 1.2.7 is at the standard.
    await page.getByRole('button', { name: 'Fleet' }).click();
    for (const i of [0, 1]) {
      await expect
        .poll(() => rowOf(i).locator('[data-column="standard"]').innerText(), { timeout: 30_000 })
        .toContain('firmware older (1.2.6)');
    }
    await expect
      .poll(() => rowOf(2).locator('[data-column="standard"]').innerText(), { timeout: 30_000 })
      .toMatch(/✓$/);
    expect(app.problems).toEqual([]);
  }, 120_000);
});
