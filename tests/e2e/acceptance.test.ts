/**
 * An acceptance run in real Chromium (browser harness over the built renderer, the app's core services,
 * simulated devices over loopback HTTP): 20 devices in the fleet, two with a hardware fault (a missing
 * board, dead chips); select all → Actions → Acceptance… → a short window → the countdown, the verdicts as
 * they settle, "Failed only" showing the two with their reasons; then the fleet's Accepted / Failed
 * badges, the device panel's Acceptance tab with the evidence, and the report's headline and evidence.
 * Screenshots in tests/.tmp/screenshots/acceptance-*.png.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { SAMPLE_EVERY_ENV } from '../../electron/core/acceptance/acceptance-run';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { keychainOver } from '../support/credential-services';
import { browser as browserRequirement, describeWith } from '../support/requirements';
import type { AppPage } from './harness/app-page';
import type { E2eSession } from './harness/e2e-session';
import { openE2eSession } from './harness/e2e-session';
import { chooseAction, selectAllShown } from './harness/fleet-page';

const COUNT = 20;

describeWith(browserRequirement, 'an acceptance run in Chromium', () => {
  let fleet: Fleet;
  let app: AppPage;
  let session: E2eSession | undefined;
  let missing: SimDevice;
  let dead: SimDevice;

  beforeAll(async () => {
    // Readings every 1.5 s instead of once a minute (the test knob the CLI and the app share).
    vi.stubEnv(SAMPLE_EVERY_ENV, '1500');
    fleet = await startFleet({
      count: COUNT,
      defaults: { shareSeconds: 0.1 },
      devices: [
        {},
        {},
        {},
        { hardwareFaults: [{ kind: 'missing-board' }] },
        {},
        {},
        {},
        { hardwareFaults: [{ kind: 'dead-chips', board: 1, chips: 3 }] },
      ],
    });
    missing = fleet.devices[3]!;
    dead = fleet.devices[7]!;
    // Acceptance reads without credentials: a session-only keychain is enough.
    session = await openE2eSession(fleet, {
      keychain: keychainOver(),
      beforePage: (h) => h.services.fleet!.add(fleet.devices.map((d) => ({ address: d.address }))),
    });
    ({ app } = session);
    await app.page.getByRole('button', { name: 'Fleet' }).click();
  }, 120_000);

  afterAll(async () => {
    vi.unstubAllEnvs();
    await session?.close();
  });

  it('select all → Acceptance… → countdown, verdicts as they settle, failed only', async () => {
    const { page } = app;
    await expect
      .poll(() => page.locator('[role="row"][data-device-id]').count(), { timeout: 30_000 })
      .toBe(COUNT);
    await selectAllShown(page, COUNT);
    await chooseAction(page, 'Acceptance…');
    const dialog = page.getByRole('dialog', { name: 'Acceptance' });
    await dialog.getByLabel('Watch for (minutes)').fill('0.1');
    await app.screenshot('acceptance-setup');
    await dialog.getByRole('button', { name: 'Start acceptance' }).click();
    await expect.poll(() => dialog.getByRole('status').innerText()).toMatch(/^\d+ s left · ends /);
    await app.screenshot('acceptance-running');
    await expect
      .poll(() => dialog.getByRole('status').innerText(), { timeout: 20_000 })
      .toBe(`Accepted ${COUNT - 2} of ${COUNT} devices`);
    await expect(
      dialog.getByText('The verdicts are kept in the site; the report shows them.').count(),
    ).resolves.toBe(1);
    await dialog.getByLabel('Failed only').check();
    const verdicts = dialog.getByRole('list', { name: 'Verdicts' }).locator(':scope > li');
    await expect.poll(() => verdicts.count()).toBe(2);
    const failed = await verdicts.allInnerTexts();
    expect(failed.join('\n')).toContain(`${missing.host}:${missing.port}`);
    expect(failed.join('\n')).toContain('2 of 3 hash boards present (board 3 missing)');
    expect(failed.join('\n')).toMatch(/3 chips not hashing \(board 2: chips \d+, \d+ and \d+\)/);
    await app.screenshot('acceptance-failed-only');
    await dialog.getByRole('button', { name: 'Close' }).click();
  }, 60_000);

  it('the fleet shows the badges, and the device panel the evidence', async () => {
    const { page } = app;
    await expect.poll(() => page.locator('.fleet-row [data-verdict="pass"]').count()).toBe(COUNT - 2);
    await expect.poll(() => page.locator('.fleet-row [data-verdict="fail"]').count()).toBe(2);
    await app.screenshot('acceptance-fleet');
    await page.getByRole('button', { name: `${dead.host}:${dead.port}` }).click();
    const panel = page.getByRole('complementary');
    await panel.getByRole('tab', { name: 'Acceptance' }).click();
    const verdict = panel.getByRole('region', { name: 'Acceptance verdict' });
    await expect.poll(() => verdict.innerText()).toMatch(/✗ 3 chips not hashing/);
    await expect(verdict.innerText()).resolves.toMatch(/✓ 3 of 3 hash boards present/);
    await expect(verdict.innerText()).resolves.toMatch(/Dead chips: board 2: 3 \(chips/);
    await app.screenshot('acceptance-device-panel');
    await panel.getByRole('button', { name: 'Close the device panel (Escape)' }).click();
  }, 30_000);

  it('the report leads with the verdicts, names the failures and shows their evidence', async () => {
    const { page } = app;
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: /^Report/ })
      .click();
    const preview = page.getByRole('article', { name: 'Report preview' });
    await expect
      .poll(() => preview.getByRole('heading', { level: 3 }).first().innerText(), { timeout: 20_000 })
      .toBe(`Accepted ${COUNT - 2} of ${COUNT} devices`);
    await expect(page.getByRole('region', { name: 'Failures' }).innerText()).resolves.toContain(
      `${missing.host}:${missing.port} — 2 of 3 hash boards present (board 3 missing)`,
    );
    await expect(page.getByRole('region', { name: 'Evidence' }).innerText()).resolves.toMatch(
      /Boards: 2 of 3 present \(missing: 3\)/,
    );
    await app.screenshot('acceptance-report');
    expect(app.problems).toEqual([]);
  }, 60_000);
});
