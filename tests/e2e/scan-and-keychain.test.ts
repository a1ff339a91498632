/**
 * Two more paths in real Chromium: cancelling a large scan part-way (it stops at once and says how far
 * it got), and working without a keychain (session-only: said at the top, explained in Settings, no API
 * keys created, a password still usable until the app quits).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { browser as browserRequirement, describeWith } from '../support/requirements';
import { lockedKeychain } from '../support/test-keychain';
import type { AppPage } from './harness/app-page';
import type { E2eSession } from './harness/e2e-session';
import { openE2eSession } from './harness/e2e-session';
import { actionEnabled, chooseAction, rows, waitForStates } from './harness/fleet-page';

describeWith(browserRequirement, 'cancelling a scan, and session-only mode, in Chromium', () => {
  let fleet: Fleet;
  let app: AppPage;
  let session: E2eSession | undefined;

  beforeAll(async () => {
    fleet = await startFleet({ count: 2, defaults: { password: 'pw-7781' } });
    session = await openE2eSession(fleet, {
      keychain: lockedKeychain(),
      suggest: () => [
        {
          interfaceName: 'eth0',
          address: '192.168.1.23',
          cidr: '192.168.1.0/24',
          hostCount: 254,
          capped: false,
        },
      ],
    });
    ({ app } = session);
  }, 180_000);

  afterAll(() => session?.close());

  it("suggests the laptop's subnet and points at a bad item with its position", async () => {
    const { page } = app;
    await expect.poll(() => page.getByRole('button', { name: /192\.168\.1\.0\/24/ }).count()).toBe(1);
    await page.getByLabel('Addresses to scan').fill('10.0.0.1, 10.0.0.0/33');
    await expect.poll(() => page.getByText('item 2 "10.0.0.0/33"', { exact: false }).count()).toBe(1);
    await expect(page.getByLabel('Addresses to scan').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.getByRole('button', { name: /^Scan/ }).isDisabled()).resolves.toBe(true);
    await page.getByRole('button', { name: /192\.168\.1\.0\/24/ }).click();
    await page.getByLabel('Addresses to scan').fill('');
    await page.getByRole('button', { name: /192\.168\.1\.0\/24/ }).click();
    await expect.poll(() => page.getByText('254 addresses to scan').count()).toBe(1);
  });

  it('cancels a 65,534-address scan part-way, at once, and keeps what it found', async () => {
    const { page } = app;
    // A /16 of loopback addresses on a closed port: every address answers "refused", fast but many.
    const block = fleet.devices[0]!.host.split('.').slice(0, 2).join('.');
    await page.getByLabel('Addresses to scan').fill(`${block}.0.0/16`);
    await page.getByText('Scan options').click();
    await page.getByLabel('Ports').fill('9');
    await page.getByRole('button', { name: 'Scan 65,534 addresses' }).click();
    await expect.poll(() => page.getByText(/per second/).count(), { timeout: 10_000 }).toBe(1);
    await app.screenshot('discover-scanning');
    await page.getByRole('button', { name: 'Cancel scan' }).click();
    await expect.poll(() => page.getByText(/Scan cancelled after/).count(), { timeout: 3_000 }).toBe(1);
    const said = await page.getByText(/Scan cancelled after/).innerText();
    const probed = Number(/after ([\d,]+) of/.exec(said)?.[1]?.replace(/,/g, ''));
    expect(probed).toBeGreaterThan(0);
    expect(probed).toBeLessThan(65_534);
    // A new scan can start right away: the old one is gone.
    await page.getByLabel('Ports').fill(String(fleet.devices[0]!.port));
    await page.getByLabel('Addresses to scan').fill(fleet.devices.map((d) => d.host).join(', '));
    await page.getByRole('button', { name: 'Scan 2 addresses' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: '2 devices found' }).count(), { timeout: 10_000 })
      .toBe(1);
  });

  it('says it is session-only, explains what to do, and still unlocks without storing keys', async () => {
    const { page } = app;
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Session-only' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Add 2 devices to the fleet' }).click();
    await page.getByRole('button', { name: 'Go to the fleet →' }).click();
    await waitForStates(page, 2, 'locked');
    await page.getByLabel('Select every device shown').check();
    await expect(actionEnabled(page, 'API keys')).resolves.toBe(false);
    await chooseAction(page, 'Unlock…');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel(/Create an API key/).isDisabled()).resolves.toBe(true);
    await dialog.getByLabel('Device password').fill('pw-7781');
    await dialog.getByRole('button', { name: 'Unlock 2 devices' }).click();
    await expect.poll(() => page.getByText('2 unlocked.').count(), { timeout: 10_000 }).toBe(1);
    await waitForStates(page, 2, 'online');
    expect((await rows(page)).every((r) => /kept until Minerdeck quits/.test(r.text))).toBe(true);
    await app.screenshot('session-only');
    await page.getByRole('button', { name: 'What to do' }).click();
    await expect.poll(() => page.getByText('Keychain: locked').count()).toBe(1);
    await expect
      .poll(() => page.getByText(/The system said: Cannot create an item in a locked collection/).count())
      .toBe(1);
    await app.screenshot('settings-session-only');
    expect(app.problems).toEqual([]);
  });
});
