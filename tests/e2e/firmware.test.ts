/**
 * Firmware… in real Chromium (the app path), at a laptop's 1280×720: 50 simulated devices (one of them
 * refuses the image like a device out of memory would), their passwords kept: select all → Actions →
 * Firmware… → the image from the open dialog (the harness's double, as the technician would pick it) → the
 * plan (versions now by model, the canary, the batches; nothing sent) → Start → each device live → the
 * outcome naming the failed device, with "Select the 1 failed device"; the rollout stops after the batch of
 * the failure, the rest not started; the fleet rows show the new version, and no device was ever offline.
 * Screenshots: tests/.tmp/screenshots/firmware-*.png.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { QUICK_UPDATE, S21, TEST_TIMING, writeSimImage } from '../support/firmware-world';
import { browser as browserRequirement, describeWith } from '../support/requirements';
import { requestsTo } from '../support/sim-targets';
import { workingKeychain } from '../support/test-keychain';
import type { AppHarness } from './harness/app-harness';
import type { AppPage } from './harness/app-page';
import type { E2eSession } from './harness/e2e-session';
import { openE2eSession, waitAllOnline, withStoredPasswords } from './harness/e2e-session';
import { chooseAction, selectAllShown } from './harness/fleet-page';

const COUNT = 50;
const PASSWORD = 'firmware-e2e-pw';
/**
 * The device that refuses the image: in the first batch (canary 1, then batches of 10 and 39), where no
 * failure is tolerated (a later batch goes on through 2 % failing: the field's attrition).
 */
const REFUSING = 5;
const UPDATE = '/api/v1/firmware/update';

describeWith(browserRequirement, 'Firmware… in Chromium', () => {
  let fleet: Fleet;
  let harness: AppHarness;
  let app: AppPage;
  let session: E2eSession | undefined;
  const states = new Set<string>();
  const hostOf = (i: number): string => `${fleet.devices[i]!.host}:${fleet.devices[i]!.port}`;

  beforeAll(async () => {
    fleet = await startFleet({
      count: COUNT,
      defaults: { password: PASSWORD, model: S21.model, firmwareVersion: '1.2.6', ...QUICK_UPDATE },
      devices: Array.from({ length: COUNT }, (_, i) =>
        i === REFUSING ? { firmwareFault: { kind: 'upload-refused', err: 'not enough memory' } } : {},
      ),
    });
    session = await openE2eSession(fleet, {
      keychain: workingKeychain(),
      firmwareTiming: TEST_TIMING,
      settings: { monitor: { intervalMs: 1000, timeoutMs: 800, offlineAfterMissedPolls: 3 } },
      beforePage: withStoredPasswords(fleet, PASSWORD),
    });
    ({ harness, app } = session);
    await app.page.setViewportSize({ width: 1280, height: 720 });
    await app.page.getByRole('button', { name: 'Fleet' }).click();
    // Every device online before the test starts.
    await waitAllOnline(harness, COUNT, 60_000);
  }, 180_000);

  afterAll(() => session?.close());

  it('select all → Firmware… → the image → the plan → Start → live → the outcome; rows show the new version', async () => {
    const { page } = app;
    const image = writeSimImage(harness.dataDir, '1.2.7', S21.id, 256 * 1024, 'xminer-s21pro-1.2.7.bin');
    harness.chooseNext(image);
    await selectAllShown(page, COUNT);
    await chooseAction(page, 'Firmware…');
    const dialog = page.getByRole('dialog', { name: `Firmware of ${COUNT} devices` });
    await dialog.getByRole('button', { name: 'Choose the image…' }).click();
    await expect
      .poll(() => dialog.getByText(/^xminer-s21pro-1\.2\.7\.bin \(0\.3 MB, sha256 [0-9a-f]{12}…\)$/).count())
      .toBe(1);
    expect(harness.chooseAsked).toEqual(['Choose the firmware image']);
    await dialog.getByLabel('Expected version (optional)').fill('1.2.7');
    await app.screenshot('firmware-setup');
    await dialog.getByRole('button', { name: 'Next: plan' }).click();

    const plan = dialog.getByRole('table', { name: 'Plan of the firmware update' });
    await expect.poll(() => plan.getByRole('row').count(), { timeout: 30_000 }).toBe(COUNT + 1);
    await expect
      .poll(() => dialog.getByRole('list', { name: 'Versions now by model' }).innerText())
      .toBe(`${S21.id} (${S21.model}): 1.2.6 on ${COUNT} devices`);
    expect(await dialog.locator('[data-steps]').innerText()).toBe(
      `${COUNT} devices to update — canary 1, then 10, 39 · at most 562 offline at once · 5 uploads at a time · 15 min to come back.`,
    );
    // Nothing was sent to make the plan.
    expect(fleet.devices.every((d) => requestsTo(d, UPDATE).length === 0)).toBe(true);
    await app.screenshot('firmware-plan');

    // The monitor's word on every device while the rollout runs: never offline.
    const watch = setInterval(() => {
      void harness.services.fleet
        .snapshot()
        .then((s) => s.devices.forEach((d) => states.add(d.view?.state ?? '')));
    }, 100);
    try {
      await dialog.getByRole('button', { name: `Start: update ${COUNT} devices` }).click();
      const run = page.getByRole('dialog', { name: 'Firmware update' });
      await expect
        .poll(() => run.getByText(/^Uploading \d+ %$|^Rebooting$|^Verifying$/).count(), { timeout: 30_000 })
        .toBeGreaterThan(0);
      // A long run tells its time: the time left (or "estimating…" before a step was timed), the devices
      // per step, and that the laptop is kept awake while it runs (issue 33).
      await expect
        .poll(() => run.locator('[data-time-left]').innerText(), { timeout: 30_000 })
        .toMatch(/^(about \d+ (h|min).* left|less than a minute left|estimating…)$/);
      await expect
        .poll(() => run.getByRole('list', { name: 'Devices per step' }).innerText(), { timeout: 30_000 })
        .toMatch(/^Upload: \d+ of 50 done/);
      expect(await run.getByText('Keeping this laptop awake until the run ends.').count()).toBe(1);
      await app.screenshot('firmware-running');
      // The refusal stops new uploads at once: the uploads of its batch already begun finish and are verified.
      await expect
        .poll(() => run.getByRole('status').innerText(), { timeout: 90_000 })
        .toMatch(
          new RegExp(
            `^Firmware 1\\.2\\.7 on \\d+ of ${COUNT} devices; 1 failed: ${hostOf(REFUSING).replace(/\./g, '\\.')}; \\d+ not started\\.$`,
          ),
        );
    } finally {
      clearInterval(watch);
    }
    const run = page.getByRole('dialog', { name: 'Firmware update' });
    await expect
      .poll(() => run.getByRole('list', { name: 'Devices that failed' }).innerText())
      .toBe(`${hostOf(REFUSING)}: Upload refused: not enough memory.`);
    await app.screenshot('firmware-outcome');
    // Ended: no time left nor keeping awake; per step the devices done (every verification that began ended).
    expect(await run.locator('[data-time-left]').count()).toBe(0);
    expect(await run.getByText('Keeping this laptop awake until the run ends.').count()).toBe(0);
    await expect
      .poll(() => run.getByRole('list', { name: 'Devices per step' }).innerText())
      .toMatch(/Verify: (\d+) of \1 done/);
    // The canary verified; batch 1 uploaded in order up to the refusing device (and the few uploads under
    // way beside it), then nothing more: the rollout stopped after batch 1, batch 2 never began.
    const status = await run.getByRole('status').innerText();
    const verified = Number(/ on (\d+) of /.exec(status)?.[1]);
    const uploaded = fleet.devices.map((d) => requestsTo(d, UPDATE, 'POST').length);
    expect(uploaded.slice(0, REFUSING + 1)).toEqual(fleet.devices.slice(0, REFUSING + 1).map(() => 1));
    expect(uploaded.slice(REFUSING + 10)).toEqual(fleet.devices.slice(REFUSING + 10).map(() => 0));
    expect(fleet.devices.filter((d) => d.firmwareVersion === '1.2.7').length).toBe(verified);
    expect(verified).toBeGreaterThanOrEqual(REFUSING);
    expect(states.has('offline')).toBe(false);
    expect(states.has('rebooting')).toBe(true);

    await run.getByRole('button', { name: 'Select the 1 failed device' }).click();
    await run.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByText('1 selected', { exact: false }).count()).toBeGreaterThan(0);
    // The rows show the version each device was verified on.
    const row = page.locator('[role="row"][data-device-id]', {
      hasText: `${fleet.devices[0]!.host}:${fleet.devices[0]!.port}`,
    });
    await expect.poll(() => row.innerText(), { timeout: 20_000 }).toContain('1.2.7');
    await app.screenshot('firmware-rows');
    expect(app.problems).toEqual([]);
  }, 240_000);
});
