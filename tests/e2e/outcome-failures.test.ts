/**
 * A bulk action's failures where the eye is, in real Chromium on a 1280×720 laptop screen (issue 22, item
 * 14): an unlock that most devices refuse names five of them under the summary, each with its reason in
 * words, "and N more", and "Select the N failed devices" selects exactly those in the fleet — all without
 * scrolling to the Last action column, which is off-screen at that width.
 * Screenshot: tests/.tmp/screenshots/outcome-failures-1280.png.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { browser as browserRequirement, describeWith } from '../support/requirements';
import { workingKeychain } from '../support/test-keychain';
import type { AppPage } from './harness/app-page';
import type { E2eSession } from './harness/e2e-session';
import { openE2eSession } from './harness/e2e-session';
import { unlockAllWithKeys } from './harness/flow-steps';

const COUNT = 9;
const FACTORY = 'admin';

describeWith(browserRequirement, 'failures of a bulk action, where the eye is, at 1280 px', () => {
  let fleet: Fleet;
  let app: AppPage;
  let session: E2eSession | undefined;

  beforeAll(async () => {
    fleet = await startFleet({
      count: COUNT,
      defaults: { password: 'set-by-the-customer-1' },
      // Two still have the factory password; one answers its unlock with a server error.
      devices: [{ password: FACTORY }, { password: FACTORY }],
    });
    fleet.devices[2]!.addFault({
      fault: { kind: 'http-500', err: 'auth service restarting' },
      paths: ['/api/v1/unlock'],
    });
    session = await openE2eSession(fleet, {
      keychain: workingKeychain(),
      beforePage: (h) => h.services.fleet!.add(fleet.devices.map((d) => ({ address: d.address }))),
    });
    ({ app } = session);
    await app.page.setViewportSize({ width: 1280, height: 720 });
    await app.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: /^Fleet/ })
      .click();
  }, 180_000);

  afterAll(() => session?.close());

  it('names five failed devices with their reasons, "and N more", and selects the failed ones', async () => {
    const { page } = app;
    await unlockAllWithKeys(page, COUNT, FACTORY);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: `Unlock ${COUNT} devices` })
      .click();
    await expect
      .poll(() => page.getByText('2 unlocked, 2 with an API key, 7 need attention.').count(), {
        timeout: 30_000,
      })
      .toBe(1);
    const list = page.getByRole('list', { name: 'Devices that failed' });
    const items = await list.getByRole('listitem').allInnerTexts();
    expect(items).toHaveLength(6);
    expect(items[5]).toBe('and 2 more');
    const hosts = fleet.devices.slice(2).map((d) => `${d.host}:${d.port}`);
    for (const item of items.slice(0, 5)) {
      const host = hosts.find((h) => item.startsWith(`${h}: `));
      expect(host, item).toBeDefined();
      expect(item).toMatch(/: (The device refused the password|.*auth service restarting)/);
    }
    expect(items.join('\n')).toContain('auth service restarting');

    // Everything is in sight at 1280×720, above the status bar: the list, the button, the table's top.
    const button = page.getByRole('button', { name: 'Select the 7 failed devices' });
    const footer = await page.getByRole('contentinfo').boundingBox();
    const table = await page.getByRole('table', { name: 'Fleet' }).boundingBox();
    for (const box of [await list.boundingBox(), await button.boundingBox()]) {
      expect(box).not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(1280);
      expect(box!.y + box!.height).toBeLessThanOrEqual(footer!.y);
    }
    expect(table!.y).toBeLessThan(footer!.y);
    await app.screenshot('outcome-failures-1280');

    await page.getByLabel('Select every device shown').setChecked(false);
    await button.click();
    await expect.poll(() => page.getByText('7 devices selected:').count()).toBe(1);
    for (const d of fleet.devices) {
      const checkbox = page.getByLabel(`Select ${d.host}:${d.port}`, { exact: true });
      expect(await checkbox.isChecked(), `${d.host}:${d.port}`).toBe(d.password !== FACTORY);
    }
    expect(app.problems).toEqual([]);
  }, 120_000);
});
