/**
 * In real Chromium against the built renderer, the real handlers and simulated devices: a colleague's
 * site file that puts a commissioned device at another address. The Sites view lists it as waiting for
 * the technician, the fleet keeps polling our address and the device at the file's address hears
 * nothing — until the technician presses "Use the file's address"; then the device's stored credential
 * goes there.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { credentialHeadersOf } from '../support/recorded-requests';
import { browser as browserRequirement, describeWith } from '../support/requirements';
import { workingKeychain } from '../support/test-keychain';
import type { AppHarness } from './harness/app-harness';
import type { AppPage } from './harness/app-page';
import type { E2eSession } from './harness/e2e-session';
import { openE2eSession } from './harness/e2e-session';
import { addFoundToFleet, confirmUnlock, scanAndAddAll, unlockAllWithKeys } from './harness/flow-steps';

const PASSWORD = 'accept-pw-2202';
const COUNT = 2;

describeWith(browserRequirement, 'an imported address waits for the technician, in Chromium', () => {
  let fleet: Fleet;
  /** Another device, at the address the file gives: not part of the site. */
  let outside: Fleet;
  let harness: AppHarness;
  let app: AppPage;
  let session: E2eSession | undefined;

  beforeAll(async () => {
    fleet = await startFleet({ count: COUNT, defaults: { password: PASSWORD } });
    outside = await startFleet({ count: 1, defaults: { password: PASSWORD } });
    session = await openE2eSession(fleet, { keychain: workingKeychain() });
    ({ harness, app } = session);
  }, 180_000);

  afterAll(async () => {
    await session?.close();
    await outside?.close();
  });

  const nav = (name: RegExp) =>
    app.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name });

  it('commissions the site, then merges a file that moves a device: nothing goes there until accepted', async () => {
    const { page } = app;
    const elsewhere = outside.devices[0]!;
    await nav(/^Discover/).click();
    await scanAndAddAll(page, fleet);
    await addFoundToFleet(page, COUNT);
    await unlockAllWithKeys(page, COUNT, PASSWORD);
    await confirmUnlock(page, COUNT);

    await nav(/^Sites/).click();
    await page.getByRole('button', { name: 'Export Site 1' }).click();
    await expect.poll(() => page.getByText(/^Site export saved to .*\.json\.$/).count()).toBe(1);
    const file = JSON.parse(readFileSync(harness.saved.at(-1)!, 'utf8')) as {
      devices: { id: string; address: string }[];
    };
    const moved = file.devices[0]!;
    const ours = moved.address;
    moved.address = elsewhere.address;
    await page.getByLabel('Import a file (CSV or site export)').setInputFiles({
      name: 'site-1-from-bob.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(file)),
    });
    const disagreements = page.getByRole('list', { name: 'Disagreements' });
    await expect
      .poll(() => disagreements.innerText(), { timeout: 5_000 })
      .toContain(
        `${ours}: the address differs (here "${ours}", in the file "${elsewhere.address}"). Kept yours: nothing is sent to the file's address until you accept it.`,
      );
    await app.screenshot('sites-import-pending-address');

    // The fleet polls on at our address; the file's hears nothing.
    const polled = fleet.devices.find((d) => d.address === ours)!;
    const before = polled.requests.length;
    await expect
      .poll(() => polled.requests.slice(before).filter((r) => r.path === '/api/v1/status').length, {
        timeout: 10_000,
      })
      .toBeGreaterThanOrEqual(4);
    expect(elsewhere.requests).toEqual([]);

    await disagreements.getByRole('button', { name: `Use the file's address for ${moved.id}` }).click();
    await expect
      .poll(() =>
        page.getByText(`Accepted the file's address for ${moved.id}: it is used from now on.`).count(),
      )
      .toBe(1);
    await expect
      .poll(() => disagreements.innerText())
      .toContain("Accepted: the file's address is used from now on.");
    // Accepted: the device's stored API key now goes to that address.
    await expect
      .poll(() => elsewhere.requests.some((r) => credentialHeadersOf(r).length > 0), { timeout: 10_000 })
      .toBe(true);
    expect(app.problems).toEqual([]);
  });
});
