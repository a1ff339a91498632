/**
 * Settings → "Site metrics" in real Chromium over the app's core and simulated devices: off by default;
 * the technician names a free loopback port and ticks the box; the card shows the URL and "Not scraped
 * yet"; the test scrapes that URL as the site's Prometheus would (each device's hash rate is there); the
 * card then shows "Last scrape: … ago" by itself; unticked, nothing listens any more.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHandlers } from '../../electron/core/handlers';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { browser as browserRequirement, describeWith } from '../support/requirements';
import { workingKeychain } from '../support/test-keychain';
import type { AppPage } from './harness/app-page';
import type { E2eSession } from './harness/e2e-session';
import { openE2eSession } from './harness/e2e-session';
import { freePort } from '../support/free-port';

const PASSWORD = 'Metrics-e2e-1';
const CHECKBOX = { name: "Serve site metrics for the site's Prometheus" };

describeWith(browserRequirement, 'Site metrics in Chromium', () => {
  let fleet: Fleet;
  let app: AppPage;
  let session: E2eSession | undefined;

  beforeAll(async () => {
    fleet = await startFleet({ count: 3, defaults: { password: PASSWORD } });
    session = await openE2eSession(fleet, {
      keychain: workingKeychain(),
      // Devices watched and unlocked before the page opens: this suite is about the Settings card.
      beforePage: async (h) => {
        await h.services.fleet!.add(fleet.devices.map((d) => ({ address: d.address })));
        const deviceIds = (await h.services.fleet!.snapshot()).devices.map((d) => d.deviceId);
        const unlocked = await createHandlers(h.services)['credentials:unlock']({
          deviceIds,
          password: PASSWORD,
          remember: true,
          scope: 'site',
        });
        expect(unlocked.ok && unlocked.value.outcomes.every((o) => o.ok)).toBe(true);
      },
    });
    ({ app } = session);
  }, 120_000);

  afterAll(() => session?.close());

  it('"Save settings" saves in Chromium with the defaults in the form (no browser check blocks it)', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const hottest = page.getByLabel('Hottest chip allowed (°C)');
    await hottest.fill('88');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => session?.harness.services.settings?.current().monitor.chipTempMaxC).toBe(88);
    await expect.poll(() => page.locator('.settings-actions [role="status"]').count()).toBe(1);
    expect(app.problems).toEqual([]);
  });

  it('turn on → the URL → scraped over HTTP → "Last scrape" → turn off', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const box = page.getByRole('checkbox', CHECKBOX);
    await expect(box.isChecked()).resolves.toBe(false);
    await expect(page.getByLabel('Address', { exact: true }).inputValue()).resolves.toBe('127.0.0.1:9464');

    const port = await freePort();
    await page.getByLabel('Address', { exact: true }).fill(`127.0.0.1:${port}`);
    // The box follows the saved setting: a click asks main, the tick comes with its answer.
    await box.click();
    await expect.poll(() => box.isChecked()).toBe(true);
    const url = `http://127.0.0.1:${port}/metrics`;
    const shown = page.getByLabel('Prometheus scrapes');
    await expect.poll(() => shown.inputValue().catch(() => ''), { timeout: 10_000 }).toBe(url);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Not scraped yet' }).count()).toBe(1);
    await app.screenshot('settings-site-metrics');

    // The site's Prometheus, played by the test: every device answers with a hash rate.
    await expect
      .poll(
        async () => {
          const text = await (await fetch(url)).text();
          return fleet.devices.every((d) =>
            text
              .split('\n')
              .some(
                (l) =>
                  l.startsWith('minerdeck_device_hash_rate_hashes_per_second{') &&
                  l.includes(`address="${d.address}"`),
              ),
          );
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBe(true);
    await expect
      .poll(
        () =>
          page
            .getByRole('status')
            .filter({ hasText: /^Last scrape: \d+ s ago$/ })
            .count(),
        {
          timeout: 10_000,
        },
      )
      .toBe(1);
    await app.screenshot('settings-site-metrics-scraped');

    await box.click();
    await expect.poll(() => box.isChecked()).toBe(false);
    await expect.poll(() => shown.count()).toBe(0);
    await expect(fetch(url)).rejects.toThrow();
    expect(app.problems).toEqual([]);
  });
});
