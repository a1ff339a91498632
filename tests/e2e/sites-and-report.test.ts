/**
 * Sites, import/export and the hand-over report in real Chromium, against the built renderer, the real
 * core services (browser harness, its save dialog writing into a test folder) and simulated devices:
 * create a site and work in it, scan and commission, import a CSV of planned devices and scan them from
 * Discover, export the site, merge a colleague's export that disagrees (said in plain words), preview the
 * report and save it as CSV and HTML (the files are read back), switch sites and see the fleet follow.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { browser as browserRequirement, describeWith } from '../support/requirements';
import { workingKeychain } from '../support/test-keychain';
import type { AppHarness } from './harness/app-harness';
import type { AppPage } from './harness/app-page';
import type { E2eSession } from './harness/e2e-session';
import { openE2eSession } from './harness/e2e-session';
import { waitForStates } from './harness/fleet-page';
import { addFoundToFleet, confirmUnlock, scanAndAddAll, unlockAllWithKeys } from './harness/flow-steps';

const PASSWORD = 'hall-pw-6620';
const COUNT = 3;

describeWith(browserRequirement, 'sites, import/export and the report in Chromium', () => {
  let fleet: Fleet;
  let harness: AppHarness;
  let app: AppPage;
  let session: E2eSession | undefined;

  beforeAll(async () => {
    fleet = await startFleet({ count: COUNT, defaults: { password: PASSWORD } });
    session = await openE2eSession(fleet, { keychain: workingKeychain() });
    ({ harness, app } = session);
  }, 180_000);

  afterAll(() => session?.close());

  const siteSelect = () => app.page.getByLabel('Site', { exact: true });
  const nav = (name: string | RegExp) =>
    app.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name });
  const lastSaved = (): string => readFileSync(harness.saved.at(-1)!, 'utf8');

  it('starts in a first site, creates "Hall 7" and works in it', async () => {
    const { page } = app;
    await expect.poll(() => siteSelect().inputValue()).toBe('site-1');
    await nav(/^Sites/).click();
    await page.getByLabel('Site name').fill('Hall 7');
    await page.getByLabel('Subnets (optional)').fill('127.0.0.0/8');
    await page.getByRole('button', { name: 'Create and switch to it' }).click();
    await expect.poll(() => page.getByText('Site "Hall 7" created; it is the current site.').count()).toBe(1);
    await expect.poll(() => siteSelect().inputValue()).toBe('hall-7');
  });

  it('scans the simulator into the current site and commissions it', async () => {
    const { page } = app;
    await nav(/^Discover/).click();
    await scanAndAddAll(page, fleet);
    await addFoundToFleet(page, COUNT);
    await unlockAllWithKeys(page, COUNT, PASSWORD);
    await confirmUnlock(page, COUNT);
  });

  it('imports a CSV of planned devices and scans them from Discover', async () => {
    const { page } = app;
    await nav(/^Sites/).click();
    await expect.poll(() => page.getByRole('row', { name: /Hall 7/ }).innerText()).toMatch(/\b3\b/);
    // A loopback address no device listens on: the report's check may knock, nothing outside is touched.
    const planned = `${fleet.devices[0]!.host.split('.').slice(0, 3).join('.')}.200`;
    await page.getByLabel('Import a file (CSV or site export)').setInputFiles({
      name: 'planned.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFFaddress;label;notes\r\n${planned};"Rack 2; slot 4";spare PSU\r\n\r\n`),
    });
    await expect
      .poll(() => page.getByText('1 planned device added to "Hall 7".').count(), { timeout: 5_000 })
      .toBe(1);
    await page.getByRole('button', { name: 'Scan the planned devices' }).click();
    await expect.poll(() => page.getByLabel('Addresses to scan').inputValue()).toBe(`${planned}:80`);
  });

  it('exports the site through the save dialog, then merges a colleague’s copy that disagrees', async () => {
    const { page } = app;
    await nav(/^Sites/).click();
    await page.getByRole('button', { name: 'Export Hall 7' }).click();
    await expect.poll(() => page.getByText(/^Site export saved to .*\.json\.$/).count()).toBe(1);
    const exported = JSON.parse(lastSaved()) as {
      site: { name: string };
      devices: {
        address: string;
        label: string;
        identity: { hostname: string | null };
        lastSeen: string | null;
      }[];
    };
    expect(exported.site.name).toBe('Hall 7');
    expect(exported.devices).toHaveLength(COUNT + 1);
    expect(exported.devices.find((d) => d.lastSeen === null)?.label).toBe('Rack 2; slot 4');
    expect(JSON.stringify(exported)).not.toContain(PASSWORD);

    // Bob saw the first device later, under another host name.
    const bobs = structuredClone(exported);
    const changed = bobs.devices.find((d) => d.lastSeen !== null)!;
    changed.identity.hostname = 'bobs-name';
    changed.lastSeen = new Date(Date.now() + 60_000).toISOString();
    await page.getByLabel('Import a file (CSV or site export)').setInputFiles({
      name: 'hall-7-from-bob.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(bobs)),
    });
    const disagreements = page.getByRole('list', { name: 'Disagreements' });
    await expect.poll(() => disagreements.count(), { timeout: 5_000 }).toBe(1);
    await expect
      .poll(() => disagreements.innerText())
      .toMatch(/the host name differs \(here ".*", in the file "bobs-name"\)\. Kept the file's/);
    await expect.poll(() => page.getByText(/^Merged into site "Hall 7": 0 devices added/).count()).toBe(1);
    await app.screenshot('sites-merge');
  });

  it('previews the report and saves it as CSV and HTML', async () => {
    const { page } = app;
    await nav(/^Report/).click();
    const table = page.getByRole('table', { name: 'Devices in the report' });
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 10_000 }).toBe(COUNT + 1);
    // The document to sign: page 1 names the site and leads with the acceptance headline.
    await expect.poll(() => page.getByText('Hand-over report · Hall 7').count()).toBe(1);
    await expect
      .poll(() => page.getByRole('heading', { name: `No acceptance run yet: ${COUNT + 1} devices` }).count())
      .toBe(1);
    await expect(page.getByRole('list', { name: 'Counts' }).innerText()).resolves.toMatch(
      new RegExp(`${COUNT}\\s+online`),
    );
    const text = await table.innerText();
    for (const device of fleet.devices) expect(text).toContain(`${device.host}:${device.port}`);
    expect(text).toMatch(/not run · (not-checked|locked|offline)/);
    await app.screenshot('report');

    await page.getByRole('button', { name: 'Save CSV…' }).click();
    await expect.poll(() => page.getByText(/^Saved to .*\.csv\.$/).count(), { timeout: 10_000 }).toBe(1);
    const csv = lastSaved();
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain('Hall 7');
    for (const device of fleet.devices) expect(csv).toContain(device.host);
    await page.getByRole('button', { name: 'Save HTML…' }).click();
    await expect.poll(() => page.getByText(/^Saved to .*\.html\.$/).count(), { timeout: 10_000 }).toBe(1);
    const html = lastSaved();
    expect(html).toContain('<title>Hand-over report – Hall 7</title>');
    expect(html).toContain(`<h1>No acceptance run yet: ${COUNT + 1} devices</h1>`);
    expect(html).toContain('Rack 2; slot 4');
    expect(html).not.toContain(PASSWORD);
  });

  it('switching the site in the header switches the fleet', async () => {
    const { page } = app;
    await siteSelect().selectOption({ label: 'Site 1' });
    await nav(/^Fleet/).click();
    await expect.poll(() => page.locator('[role="row"][data-device-id]').count()).toBe(0);
    await siteSelect().selectOption({ label: 'Hall 7' });
    await waitForStates(page, COUNT, 'online');
    await app.screenshot('fleet-after-site-switch');
    expect(app.problems).toEqual([]);
  });
});
