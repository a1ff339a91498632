/**
 * When the password is wrong, and when a device has locked itself: in real Chromium against simulated
 * devices. The technician sees, per device, why it did not unlock — in words, with the seconds to wait —
 * and Minerdeck never tries a password twice on its own (the simulator counts every unlock it got).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { browser as browserRequirement, describeWith } from '../support/requirements';
import { unlocksOf } from '../support/sim-targets';
import { workingKeychain } from '../support/test-keychain';
import type { AppHarness } from './harness/app-harness';
import type { AppPage } from './harness/app-page';
import type { E2eSession } from './harness/e2e-session';
import { openE2eSession } from './harness/e2e-session';
import { chooseAction, rows, waitForStates } from './harness/fleet-page';

const RIGHT = 'right-pw-2291';
const WRONG = 'wrong-pw-0000';

describeWith(browserRequirement, 'wrong passwords and lockouts in Chromium', () => {
  let fleet: Fleet;
  let harness: AppHarness;
  let app: AppPage;
  let session: E2eSession | undefined;

  /** Selects exactly these devices by their rows' checkboxes. */
  async function select(devices: readonly SimDevice[]): Promise<void> {
    for (const d of fleet.devices) {
      await app.page
        .getByLabel(`Select ${d.host}:${d.port}`, { exact: true })
        .setChecked(devices.includes(d));
    }
  }

  async function unlock(password: string, count: number): Promise<void> {
    const { page } = app;
    await chooseAction(page, 'Unlock…');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Device password').fill(password);
    await dialog.getByRole('button', { name: new RegExp(`^Unlock ${count} device`) }).click();
  }

  const rowOf = (d: SimDevice) =>
    app.page.locator('[role="row"][data-device-id]', { hasText: `${d.host}:${d.port}` });

  beforeAll(async () => {
    fleet = await startFleet({
      count: 4,
      defaults: { password: RIGHT },
      devices: [{}, {}, {}, { lockoutThreshold: 1, lockoutSeconds: 120 }],
    });
    session = await openE2eSession(fleet, {
      keychain: workingKeychain(),
      beforePage: (h) => h.services.fleet!.add(fleet.devices.map((d) => ({ address: d.address }))),
    });
    ({ harness, app } = session);
    await app.page.getByRole('button', { name: 'Fleet' }).click();
  }, 180_000);

  afterAll(() => session?.close());

  it('a wrong password: every device says it refused it, nothing is stored, and it was tried once each', async () => {
    await waitForStates(app.page, 4, 'locked');
    const normal = fleet.devices.slice(0, 3);
    await select(normal);
    await unlock(WRONG, 3);
    await expect.poll(() => app.page.getByText('0 unlocked, 3 failed.').count(), { timeout: 15_000 }).toBe(1);
    for (const d of normal) {
      await expect.poll(() => rowOf(d).innerText()).toMatch(/refused the password/);
      expect(unlocksOf(d)).toHaveLength(1);
    }
    const listing = await harness.services.credentials!.vault.list();
    expect(listing.sites).toEqual([]);
    expect(listing.devices.filter((d) => d.password !== undefined && !d.password.rejected)).toEqual([]);
    await app.screenshot('wrong-password');

    // Nothing retries by itself: a second later the devices have still seen one unlock each.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const d of normal) expect(unlocksOf(d)).toHaveLength(1);

    // The right password then works, keys included.
    await unlock(RIGHT, 3);
    await expect
      .poll(() => app.page.getByText('3 unlocked, 3 with an API key.').count(), { timeout: 15_000 })
      .toBe(1);
    await expect
      .poll(async () => (await rows(app.page)).filter((r) => r.state === 'online').length, {
        timeout: 15_000,
      })
      .toBe(3);
  });

  it('a device that locked itself out says how long to wait, and is not asked again', async () => {
    const touchy = fleet.devices[3]!;
    await select([touchy]);
    await unlock(WRONG, 1);
    await expect.poll(() => rowOf(touchy).innerText(), { timeout: 10_000 }).toMatch(/refused the password/);
    // Now even the right password meets the lockout, and the row says so with the seconds left.
    await unlock(RIGHT, 1);
    await expect.poll(() => rowOf(touchy).innerText(), { timeout: 10_000 }).toMatch(/locked out/i);
    expect(await rowOf(touchy).innerText()).toMatch(/\d+ s/);
    await app.screenshot('locked-out');
    expect(unlocksOf(touchy)).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(unlocksOf(touchy)).toHaveLength(2);
    expect(app.problems).toEqual([]);
  });
});
