/**
 * "Password…" (the Actions menu) in real Chromium (the app path): 50 simulated devices on the factory
 * password, one with a password of its own and one offline. Select all → Password… → the new
 * password twice → the preview says 48 will change and why the other two are skipped → Apply → 48
 * changed, each of them now taking only the new password (the simulator says so), the two others
 * untouched, and the new password nowhere but the keychain: not in events, the page, or the data folder.
 * Then "Generate a strong one": shown once, copied through main, set on two devices.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppEvent } from '../../shared/ipc/events';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { browser as browserRequirement, describeWith } from '../support/requirements';
import { workingKeychain } from '../support/test-keychain';
import type { AppHarness } from './harness/app-harness';
import type { AppPage } from './harness/app-page';
import type { E2eSession } from './harness/e2e-session';
import { openE2eSession } from './harness/e2e-session';
import { chooseAction } from './harness/fleet-page';
import { expectOffline, unlockAllWithKeys } from './harness/flow-steps';

const COUNT = 50;
const FACTORY = 'admin';
const OWN = 'own-pw-6120';
const NEW = 'Site-Strong-pw-5823';

/** Every file under `dir`, as text. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'));
}

describeWith(browserRequirement, 'Password… in Chromium', () => {
  let fleet: Fleet;
  let harness: AppHarness;
  let app: AppPage;
  let session: E2eSession | undefined;
  const events: AppEvent[] = [];
  // Sorted by address, the first rows of the table: on screen without scrolling.
  let ownPassword: SimDevice;
  let offline: SimDevice;

  const rowOf = (d: SimDevice) =>
    app.page.locator('[role="row"][data-device-id]', { hasText: `${d.host}:${d.port}` });

  beforeAll(async () => {
    fleet = await startFleet({
      count: COUNT,
      defaults: { password: FACTORY },
      devices: [{}, { password: OWN }],
    });
    ownPassword = fleet.devices[1]!;
    offline = fleet.devices[2]!;
    session = await openE2eSession(fleet, {
      keychain: workingKeychain(),
      // Polls that tolerate a busy 2-core machine: only the device that is really down may look offline.
      settings: { monitor: { intervalMs: 1000, timeoutMs: 3000, offlineAfterMissedPolls: 2 } },
      beforePage: (h) => {
        h.services.events.subscribe((batch) => events.push(...batch));
        return h.services.fleet!.add(fleet.devices.map((d) => ({ address: d.address })));
      },
    });
    ({ harness, app } = session);
    await app.page.getByRole('button', { name: 'Fleet' }).click();
  }, 180_000);

  afterAll(() => session?.close());

  it('changes 48 of 50: the preview skips the offline device and the one whose password is not known', async () => {
    const { page } = app;
    // Commissioning starts with the factory password as the site's password, and API keys.
    await unlockAllWithKeys(page, COUNT, FACTORY);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: `Unlock ${COUNT} devices` })
      .click();
    await expect
      .poll(() => page.getByText('49 unlocked, 49 with an API key, 1 need attention.').count(), {
        timeout: 60_000,
      })
      .toBe(1);
    await offline.goDown(600);
    await expectOffline(page, offline);

    await page.getByRole('table', { name: 'Fleet' }).click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+a');
    await chooseAction(page, 'Password…');
    const dialog = page.getByRole('dialog', { name: `Change the password of ${COUNT} devices` });
    await dialog.getByLabel('New password', { exact: true }).fill(NEW);
    await dialog.getByLabel('New password again').fill(NEW);
    await expect(dialog.getByLabel(/as the site's password/).isChecked()).resolves.toBe(true);
    await app.screenshot('password-dialog');
    await dialog.getByRole('button', { name: 'Next: preview' }).click();

    await expect
      .poll(() => dialog.getByText('48 devices will change, 2 devices skipped', { exact: false }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    const preview = dialog.getByRole('table', { name: 'Preview of the password change' });
    const previewRow = (d: SimDevice) =>
      preview.getByRole('row', { name: new RegExp(`${d.host}:${d.port} `) });
    await expect(previewRow(offline).innerText()).resolves.toMatch(/Skipped\s+Offline: /);
    await expect(previewRow(ownPassword).innerText()).resolves.toMatch(/Skipped\s+No known current password/);
    await expect(previewRow(fleet.devices[0]!).innerText()).resolves.toMatch(
      /Will change\s+Current password: /,
    );
    await app.screenshot('password-preview');
    // Nothing was sent for the preview.
    expect(fleet.devices.map((d) => d.writeCounts.settingsPosts)).toEqual(fleet.devices.map(() => 0));

    await dialog.getByRole('button', { name: 'Change 48 passwords' }).click();
    await expect.poll(() => page.getByText('48 changed, 2 skipped.').count(), { timeout: 60_000 }).toBe(1);
    await expect.poll(() => rowOf(fleet.devices[0]!).innerText()).toMatch(/Password changed and checked/);
    await expect.poll(() => rowOf(offline).innerText()).toMatch(/Skipped: offline/);
    await expect.poll(() => rowOf(ownPassword).innerText()).toMatch(/Skipped: no known current password/);
    await app.screenshot('password-outcome');

    // The devices: 48 take only the new password now, each changed by one request; the two others untouched.
    for (const d of fleet.devices) {
      const skipped = d === offline || d === ownPassword;
      expect(d.password).toBe(skipped ? (d === ownPassword ? OWN : FACTORY) : NEW);
      expect(d.writeCounts.passwordChanges).toBe(skipped ? 0 : 1);
      expect(d.writeCounts.settingsPosts).toBe(skipped ? 0 : 1);
    }
    // The keychain: the new password is the site's; the offline device keeps the factory one as its own.
    const vault = harness.services.credentials!.vault;
    const idOf = async (d: SimDevice) => (await rowOf(d).getAttribute('data-device-id'))!;
    expect((await vault.passwordFor(await idOf(fleet.devices[0]!), undefined))?.secret).toBe(NEW);
    expect((await vault.passwordFor(await idOf(offline), undefined))?.secret).toBe(FACTORY);
    // The site's activity log has the request, one outcome per device (after the API keys the unlock
    // created, on the devices that accepted the password).
    const activity = await harness.services.inventory!.activity();
    expect(activity.ok && activity.value.map((a) => [a.action, a.devices.length])).toEqual([
      ['api-key', COUNT - 1],
      ['password-change', COUNT],
    ]);
    // The new password is nowhere else.
    expect(JSON.stringify(events)).not.toContain(NEW);
    expect(await page.content()).not.toContain(NEW);
    for (const text of filesUnder(harness.dataDir)) expect(text).not.toContain(NEW);
    expect(app.problems).toEqual([]);
    expect(harness.server.invalidBatches).toEqual([]);
  }, 240_000);

  it('"Generate a strong one": shown once, copied through main, set on the chosen devices', async () => {
    const { page } = app;
    const chosen = [fleet.devices[3]!, fleet.devices[4]!];
    await page.getByLabel('Select every device shown').setChecked(false);
    for (const d of chosen) await page.getByLabel(`Select ${d.host}:${d.port}`, { exact: true }).check();
    await expect
      .poll(() => page.getByText('2 devices selected', { exact: false }).count())
      .toBeGreaterThan(0);
    await chooseAction(page, 'Password…');
    const dialog = page.getByRole('dialog', { name: 'Change the password of 2 devices' });
    await dialog.getByRole('button', { name: 'Generate a strong one' }).click();
    const shown = dialog.getByLabel('Generated password');
    await expect.poll(() => shown.innerText(), { timeout: 10_000 }).toMatch(/^[A-Za-z2-9]{20}$/);
    const generated = await shown.innerText();
    await app.screenshot('password-generated');
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect
      .poll(() => dialog.getByText('Password copied to the clipboard.').count(), { timeout: 10_000 })
      .toBe(1);
    expect(harness.clipboard).toEqual([generated]);
    await dialog.getByLabel("as each device's own password").check();
    await dialog.getByRole('button', { name: 'Next: preview' }).click();
    await expect
      .poll(() => dialog.getByText('2 devices will change', { exact: false }).count(), { timeout: 15_000 })
      .toBe(1);
    await dialog.getByRole('button', { name: 'Change 2 passwords' }).click();
    await expect.poll(() => page.getByText('2 changed.').count(), { timeout: 15_000 }).toBe(1);
    for (const d of chosen) expect(d.password).toBe(generated);
    // Shown once: the dialog is gone, and so is the password from the page.
    expect(await page.content()).not.toContain(generated);
    expect(JSON.stringify(events)).not.toContain(generated);
    expect(app.problems).toEqual([]);
  }, 60_000);
});
