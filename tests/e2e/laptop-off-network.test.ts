/**
 * This laptop off the site network, as the technician sees it in real Chromium (browser harness, the built
 * renderer, the real core services, simulated devices): every device falling silent at once — what
 * loopback can show of a pulled cable — gives one banner over the fleet with since when, the rows kept in
 * their last state (dimmed, not checked) with no offline row and no alert; the first answer takes the
 * banner away. Screenshot: tests/.tmp/screenshots/laptop-off-network.png.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { browser as browserRequirement, describeWith } from '../support/requirements';
import { workingKeychain } from '../support/test-keychain';
import type { AppPage } from './harness/app-page';
import type { E2eSession } from './harness/e2e-session';
import { openE2eSession, withStoredPasswords } from './harness/e2e-session';
import { rows, waitForStates } from './harness/fleet-page';

const PASSWORD = 'off-network-pw-22';
const COUNT = 5;

describeWith(browserRequirement, 'this laptop off the site network, in Chromium', () => {
  let fleet: Fleet;
  let app: AppPage;
  let session: E2eSession | undefined;

  const banner = () => app.page.locator('[data-condition="laptop-off-network"]');

  beforeAll(async () => {
    fleet = await startFleet({ count: COUNT, defaults: { password: PASSWORD } });
    session = await openE2eSession(fleet, {
      keychain: workingKeychain(),
      // The app's default of 3 missed polls (the e2e default of 2 leaves the detector no interval to decide).
      settings: { monitor: { intervalMs: 500, timeoutMs: 400, offlineAfterMissedPolls: 3 } },
      beforePage: withStoredPasswords(fleet, PASSWORD),
    });
    ({ app } = session);
    await app.page.getByRole('button', { name: 'Fleet' }).click();
  }, 180_000);

  afterAll(() => session?.close());

  it('one banner with since when, the rows kept online and dimmed, no alert; gone at the first answer', async () => {
    const { page } = app;
    await waitForStates(page, COUNT, 'online');
    expect(await banner().count()).toBe(0);
    for (const device of fleet.devices) device.addFault({ fault: { kind: 'hang' } });

    await expect.poll(() => banner().count(), { timeout: 10_000 }).toBe(1);
    expect(await banner().innerText()).toMatch(
      /^This laptop is not on the site network \(since \d\d:\d\d\)\. Devices are not checked until it is back/,
    );
    expect(await banner().getAttribute('role')).toBe('alert');
    // Several intervals later (offline after 2 missed polls in these settings): still one condition.
    await page.waitForTimeout(3000);
    expect((await rows(page)).map((r) => r.state)).toEqual(fleet.devices.map(() => 'online'));
    expect(await page.locator('.fleet-main.not-checked').count()).toBe(1);
    const footer = await page.getByRole('contentinfo').innerText();
    expect(footer).toMatch(/not checked: off the site network/);
    expect(footer).toMatch(/\b0 alerts\b/);
    await app.screenshot('laptop-off-network');

    for (const device of fleet.devices) device.clearFaults();
    await expect.poll(() => banner().count(), { timeout: 10_000 }).toBe(0);
    expect(await page.locator('.fleet-main.not-checked').count()).toBe(0);
    await waitForStates(page, COUNT, 'online');
    await expect.poll(() => page.getByRole('contentinfo').innerText()).toMatch(/\b5 online\b/);
  });
});
