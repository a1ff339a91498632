/**
 * The factory-password flag, the activity log and the report's setup columns in real Chromium (browser
 * harness, the built renderer, the real core services, simulated devices): devices unlocked with the factory
 * password are flagged in their fleet row, in the alerts and their count, and in the device panel; a password
 * change clears the flag and shows in Site → Activity (filter by device, outcomes per device) and in the
 * device panel's Activity tab; the report preview has the Password column and the activity summary.
 * Screenshots: tests/.tmp/screenshots/factory-*.png.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { browser as browserRequirement, describeWith } from '../support/requirements';
import { workingKeychain } from '../support/test-keychain';
import type { AppPage } from './harness/app-page';
import type { E2eSession } from './harness/e2e-session';
import { openE2eSession } from './harness/e2e-session';
import { chooseAction } from './harness/fleet-page';
import { unlockAllWithKeys } from './harness/flow-steps';

const COUNT = 4;
const FACTORY = 'admin';
const OWN = 'own-pw-8080';
const NEW = 'Rack-3-Strong-pw-4412';

describeWith(browserRequirement, 'factory password flag and activity log in Chromium', () => {
  let fleet: Fleet;
  let app: AppPage;
  let session: E2eSession | undefined;
  let changed: SimDevice;
  let factory: SimDevice;
  let own: SimDevice;

  const hostOf = (d: SimDevice) => `${d.host}:${d.port}`;
  const rowOf = (d: SimDevice) => app.page.locator('[role="row"][data-device-id]', { hasText: hostOf(d) });
  const flagOf = (d: SimDevice) => rowOf(d).locator('[data-credential="factory-password"]');
  const nav = (name: RegExp) =>
    app.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name });

  beforeAll(async () => {
    fleet = await startFleet({
      count: COUNT,
      defaults: { password: FACTORY },
      devices: [{}, {}, { password: OWN }],
    });
    [changed, factory, own] = fleet.devices as [SimDevice, SimDevice, SimDevice];
    session = await openE2eSession(fleet, {
      keychain: workingKeychain(),
      settings: { monitor: { intervalMs: 1000, timeoutMs: 3000, offlineAfterMissedPolls: 2 } },
      beforePage: (h) => h.services.fleet!.add(fleet.devices.map((d) => ({ address: d.address }))),
    });
    ({ app } = session);
    await nav(/^Fleet/).click();
  }, 180_000);

  afterAll(() => session?.close());

  it('flags the devices on the factory password in their row, alerts and the alert count', async () => {
    const { page } = app;
    await unlockAllWithKeys(page, COUNT, FACTORY);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: `Unlock ${COUNT} devices` })
      .click();
    await expect
      .poll(() => page.getByText('3 unlocked, 3 with an API key, 1 need attention.').count(), {
        timeout: 30_000,
      })
      .toBe(1);
    for (const d of fleet.devices) {
      await expect.poll(() => flagOf(d).count(), { timeout: 15_000 }).toBe(d === own ? 0 : 1);
    }
    // The alert, in the row's alerts and in the status line's count (3 factory passwords + 1 refused).
    await expect
      .poll(() => rowOf(factory).innerText(), { timeout: 15_000 })
      .toMatch(/Factory pw[\s\S]*Factory password/);
    await expect
      .poll(() => page.getByRole('contentinfo').innerText(), { timeout: 15_000 })
      .toMatch(/\b4 alerts\b/);
    await app.screenshot('factory-fleet');

    // The device panel says so too.
    await rowOf(factory)
      .getByRole('button', { name: hostOf(factory) })
      .click();
    const panel = page.getByRole('complementary');
    await expect.poll(() => panel.locator('[data-credential="factory-password"]').count()).toBe(1);
    await panel.getByRole('tab', { name: 'Credentials' }).click();
    await expect.poll(() => panel.getByText(/Its password is the factory default "admin"/).count()).toBe(1);
    await panel.getByRole('button', { name: /Close/ }).click();
  }, 120_000);

  it('a password change clears the flag and is in Site → Activity and the device panel’s Activity', async () => {
    const { page } = app;
    const factoryId = (await rowOf(factory).getAttribute('data-device-id'))!;
    await page.getByLabel('Select every device shown').setChecked(false);
    await page.getByLabel(`Select ${hostOf(changed)}`, { exact: true }).check();
    await chooseAction(page, 'Password…');
    const dialog = page.getByRole('dialog', { name: 'Change the password of 1 device' });
    await dialog.getByLabel('New password', { exact: true }).fill(NEW);
    await dialog.getByLabel('New password again').fill(NEW);
    await dialog.getByLabel("as each device's own password").check();
    await dialog.getByRole('button', { name: 'Next: preview' }).click();
    await dialog.getByRole('button', { name: 'Change 1 password' }).click();
    await expect.poll(() => page.getByText('1 changed.').count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => flagOf(changed).count(), { timeout: 15_000 }).toBe(0);
    expect(await flagOf(factory).count()).toBe(1);
    await expect
      .poll(() => page.getByRole('contentinfo').innerText(), { timeout: 15_000 })
      .toMatch(/\b3 alerts\b/);

    await nav(/^Sites/).click();
    await page.getByRole('tab', { name: 'Activity' }).click();
    const list = page.getByRole('list', { name: 'Activity, newest first' });
    // Newest first: the password change, then the API keys the unlock created (writes too).
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 10_000 }).toBe(2);
    await expect(list.getByRole('listitem').nth(1).innerText()).resolves.toMatch(
      /API key created on 3 of \d devices?/,
    );
    const entry = list.getByRole('listitem').first();
    await expect(entry.innerText()).resolves.toMatch(/password changed on 1 of 1 device/);
    await expect(entry.innerText()).resolves.toMatch(/new password, stored as each device's own/);
    await entry.getByText('Outcome per device (1)').click();
    const outcome = entry.getByRole('table', { name: 'Outcome per device' });
    await expect(outcome.innerText()).resolves.toMatch(new RegExp(`${hostOf(changed)}\\s+Done`));
    await app.screenshot('factory-site-activity');
    // Filtered to a device whose password was not changed: only its API key is there.
    await page.getByLabel('Device', { exact: true }).selectOption(factoryId);
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 10_000 }).toBe(1);
    await expect(list.innerText()).resolves.toMatch(/API key created/);
    await expect(list.innerText()).resolves.not.toMatch(/password changed/);

    await nav(/^Fleet/).click();
    await rowOf(changed)
      .getByRole('button', { name: hostOf(changed) })
      .click();
    const panel = page.getByRole('complementary');
    await panel.getByRole('tab', { name: 'Activity' }).click();
    await expect
      .poll(() => panel.getByRole('list', { name: 'Activity, newest first' }).innerText(), {
        timeout: 10_000,
      })
      .toMatch(/Done\s+Password change: /);
    await panel.getByRole('button', { name: /Close/ }).click();
    expect(await page.content()).not.toContain(NEW);
  }, 120_000);

  it('the report names the devices on the factory password and summarises the activity', async () => {
    const { page } = app;
    await nav(/^Report/).click();
    const table = page.getByRole('table', { name: 'Devices in the report' });
    await expect.poll(() => table.getByRole('row').count(), { timeout: 30_000 }).toBe(COUNT + 1);
    // The printed page says it once for the site, with the devices (the per-device password is in the CSV/JSON).
    const problems = page.getByRole('region', { name: 'Problems and alerts' });
    await expect
      .poll(() => problems.innerText())
      .toMatch(
        /its password is the factory default "admin": anyone on the LAN can change its pools — 2 devices:/,
      );
    const named = await problems.innerText();
    expect(named).toContain(hostOf(factory));
    expect(named).not.toContain(hostOf(changed));
    await expect(page.getByRole('list', { name: 'Counts' }).innerText()).resolves.toMatch(
      /2\s+with the factory password/,
    );
    await expect(page.getByRole('region', { name: 'Activity' }).innerText()).resolves.toMatch(
      /password changed on 1 of 1 device/,
    );
    await problems.scrollIntoViewIfNeeded();
    await app.screenshot('factory-report');
    expect(app.problems).toEqual([]);
  }, 90_000);

  it('Forget… and an unlock with a wrong password do not turn a changed password into "Factory pw"', async () => {
    const { page } = app;
    await nav(/^Fleet/).click();
    await page.getByLabel('Select every device shown').setChecked(false);
    await page.getByLabel(`Select ${hostOf(changed)}`, { exact: true }).check();
    await chooseAction(page, 'Forget…');
    const forget = page.getByRole('dialog', { name: 'Forget stored credentials?' });
    await forget.getByLabel('What to forget').selectOption('password');
    await forget.getByRole('button', { name: 'Forget' }).click();
    await expect.poll(() => page.getByText('1 forgotten.').count(), { timeout: 15_000 }).toBe(1);
    await chooseAction(page, 'Unlock…');
    const dialog = page.getByRole('dialog', { name: 'Unlock 1 device' });
    await dialog.getByLabel('Device password').fill('not-its-password-7');
    await dialog.getByRole('button', { name: 'Unlock 1 device' }).click();
    await expect.poll(() => page.getByText(/0 unlocked, 1 failed/).count(), { timeout: 15_000 }).toBe(1);
    expect(changed.password).toBe(NEW);
    // Polls go on (with its API key); none of them brings the flag or the alert back.
    const polled = changed.requests.length;
    await expect.poll(() => changed.requests.length, { timeout: 15_000 }).toBeGreaterThan(polled + 2);
    expect(await flagOf(changed).count()).toBe(0);
    await expect(rowOf(changed).innerText()).resolves.not.toMatch(/Factory password/);
    expect(await flagOf(factory).count()).toBe(1);
    await expect(page.getByRole('contentinfo').innerText()).resolves.toMatch(/\b3 alerts\b/);
    expect(app.problems).toEqual([]);
  }, 90_000);
});
