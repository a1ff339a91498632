/**
 * The technician's whole flow in real Chromium, against the built renderer, the real core services
 * (through the WebSocket harness) and simulated devices over real loopback HTTP: scan the subnet → all
 * found → add them → select all → unlock with the site password and create keys → all online with
 * readings → a device goes offline and the table says so. Screenshots of each view are saved.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { browser as browserRequirement, describeWith } from '../support/requirements';
import { workingKeychain } from '../support/test-keychain';
import type { AppHarness } from './harness/app-harness';
import type { AppPage } from './harness/app-page';
import type { E2eSession } from './harness/e2e-session';
import { openE2eSession } from './harness/e2e-session';
import { rows } from './harness/fleet-page';
import {
  addFoundToFleet,
  confirmUnlock,
  expectOffline,
  scanAndAddAll,
  unlockAllWithKeys,
} from './harness/flow-steps';

const SITE_PASSWORD = 'site-pw-4417';
const COUNT = 12;

describeWith(browserRequirement, 'the whole flow in Chromium', () => {
  let fleet: Fleet;
  let harness: AppHarness;
  let app: AppPage;
  let session: E2eSession | undefined;
  const keychain = workingKeychain();

  beforeAll(async () => {
    fleet = await startFleet({ count: COUNT, defaults: { password: SITE_PASSWORD } });
    session = await openE2eSession(fleet, {
      keychain,
    });
    ({ harness, app } = session);
  }, 180_000);

  afterAll(() => session?.close());

  it('scans the simulated subnet and finds every device, streaming them in', async () => {
    await scanAndAddAll(app.page, fleet);
    await app.screenshot('discover');
    await addFoundToFleet(app.page, COUNT);
  });

  it('unlocks every device with the site password and creates API keys: all online with readings', async () => {
    const { page } = app;
    await unlockAllWithKeys(page, COUNT, SITE_PASSWORD);
    await app.screenshot('unlock-dialog');
    await confirmUnlock(page, COUNT);
    // The keys are in the keychain, the site password once; nothing secret reached the page.
    const listing = await harness.services.credentials!.vault.list();
    expect(listing.devices.filter((d) => d.apiKey !== undefined)).toHaveLength(COUNT);
    expect(listing.sites).toHaveLength(1);
    const html = await page.content();
    expect(html).not.toContain(SITE_PASSWORD);
    for (const device of listing.devices) {
      const key = await harness.services.credentials!.vault.getApiKey(device.deviceId);
      expect(html).not.toContain(key!.secret);
    }
    await app.screenshot('fleet');
  });

  it('shows one device in detail, copies its key through main and opens its page', async () => {
    const { page } = app;
    const first = fleet.devices[0]!;
    await page.getByRole('button', { name: `${first.host}:${first.port}`, exact: true }).click();
    const panel = page.getByRole('complementary');
    await expect.poll(() => panel.getByText('Hottest chip').count()).toBeGreaterThan(0);
    await app.screenshot('device-panel');
    await panel.getByRole('tab', { name: 'History' }).click();
    await expect.poll(() => panel.locator('canvas').count()).toBeGreaterThan(0);
    await app.screenshot('device-history');
    await panel.getByRole('tab', { name: 'Raw JSON' }).click();
    await expect.poll(() => panel.getByText('"miner_state"', { exact: false }).count()).toBeGreaterThan(0);
    await panel.getByRole('tab', { name: 'Pools & boards' }).click();
    await app.screenshot('device-pools');
    await panel.getByRole('tab', { name: 'Credentials' }).click();
    await panel.getByRole('button', { name: 'Copy API key' }).click();
    await expect.poll(() => panel.getByText(/API key copied to the clipboard/).count()).toBe(1);
    const deviceId = await page
      .locator(`[data-device-id]`, { hasText: `${first.host}:${first.port}` })
      .getAttribute('data-device-id');
    const stored = await harness.services.credentials!.vault.getApiKey(deviceId!);
    expect(harness.clipboard).toEqual([stored!.secret]);
    expect(await page.content()).not.toContain(stored!.secret);
    await panel.getByRole('button', { name: 'Open web page ↗' }).click();
    await expect.poll(() => harness.opened).toEqual([`http://${first.host}:${first.port}/`]);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('complementary').count()).toBe(0);
  });

  it('says so in the table when a device goes offline', async () => {
    const { page } = app;
    const down = fleet.devices[3]!;
    await down.goDown(60);
    await expectOffline(page, down);
    // The filter "Needs attention" shows exactly that device.
    await page.getByLabel('Show devices').selectOption('problems');
    await expect.poll(async () => (await rows(page)).length).toBe(1);
    await app.screenshot('fleet-offline');
    await page.getByLabel('Show devices').selectOption('all');
  });

  it('shows the settings and the keychain state, in light and dark', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect.poll(() => page.getByText('Keychain: working').count()).toBe(1);
    await app.screenshot('settings');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('button', { name: 'Fleet' }).click();
    await app.screenshot('fleet-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    expect(app.problems).toEqual([]);
    expect(harness.server.invalidBatches).toEqual([]);
  });
});
