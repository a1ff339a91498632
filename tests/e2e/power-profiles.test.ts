/**
 * Power profiles in real Chromium (the app path), at a laptop's 1280×720: 24 simulated devices (every
 * fourth an S19 with its own presets), unlocked with API keys: select all → Actions → Power… → a site
 * budget → the plan (each device's preset, watts and hash rate; the totals within the budget; nothing
 * sent) → Apply → every device set once, read back → the restart they ask for, offered and run → each
 * row shows its new preset, the untuned ones tuning (never offline, no alarm) and then mining.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { browser as browserRequirement, describeWith } from '../support/requirements';
import { workingKeychain } from '../support/test-keychain';
import { requestsTo } from '../support/sim-targets';
import type { AppHarness } from './harness/app-harness';
import type { AppPage } from './harness/app-page';
import type { E2eSession } from './harness/e2e-session';
import { openE2eSession } from './harness/e2e-session';
import { chooseAction } from './harness/fleet-page';
import { unlockAllWithKeys } from './harness/flow-steps';

const COUNT = 24;
const BUDGET_KW = 70;

describeWith(browserRequirement, 'Power profiles in Chromium', () => {
  let fleet: Fleet;
  let harness: AppHarness;
  let app: AppPage;
  let session: E2eSession | undefined;

  const states = async (): Promise<string[]> =>
    (await harness.services.fleet!.snapshot()).devices.map((d) => d.view?.state ?? 'none');

  beforeAll(async () => {
    fleet = await startFleet({
      count: COUNT,
      defaults: { password: 'admin', miningRestartSeconds: 1, autoTuneSeconds: 4 },
    });
    session = await openE2eSession(fleet, {
      keychain: workingKeychain(),
      settings: { monitor: { intervalMs: 1000, timeoutMs: 3000, offlineAfterMissedPolls: 2 } },
      beforePage: (h) => h.services.fleet!.add(fleet.devices.map((d) => ({ address: d.address }))),
    });
    ({ harness, app } = session);
    await app.page.getByRole('button', { name: 'Fleet' }).click();
  }, 120_000);

  afterAll(() => session?.close());

  it('select all → Power… → a site budget → the plan → apply → restart → rows show the new presets', async () => {
    const { page } = app;
    await unlockAllWithKeys(page, COUNT, 'admin');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: `Unlock ${COUNT} devices` })
      .click();
    // Generous waits: the 2-core machine is shared with other suites.
    await expect
      .poll(() => page.getByText(`${COUNT} unlocked, ${COUNT} with an API key.`).count(), { timeout: 60_000 })
      .toBe(1);
    await expect
      .poll(async () => (await states()).every((s) => s === 'online'), { timeout: 60_000 })
      .toBe(true);
    // A laptop's screen from here on (the unlock steps count every row, so they run at the default size).
    await page.setViewportSize({ width: 1280, height: 720 });
    // Each row shows the preset the device runs, read once by main (the rows drawn: the table is virtual).
    await expect
      .poll(() => page.getByText('preset 2800', { exact: true }).count(), { timeout: 20_000 })
      .toBeGreaterThan(10);

    await page.getByRole('table', { name: 'Fleet' }).click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+a');
    await chooseAction(page, 'Power…');
    const dialog = page.getByRole('dialog', { name: `Power presets of ${COUNT} devices` });
    await dialog.getByLabel('Budget for these devices').fill(String(BUDGET_KW));
    await app.screenshot('power-choice');
    await dialog.getByRole('button', { name: 'Next: preview' }).click();
    const plan = dialog.getByRole('table', { name: 'Plan of the power presets' });
    await expect.poll(() => plan.getByRole('row').count(), { timeout: 30_000 }).toBe(COUNT + 1);
    const totals = await dialog.locator('[data-totals]').innerText();
    const [, watts] = /^24 devices: ([\d.,]+) kW of 70 kW, [\d.,]+ TH\/s expected\.$/.exec(totals) ?? [];
    expect(Number(watts)).toBeLessThanOrEqual(BUDGET_KW);
    expect(Number(watts)).toBeGreaterThanOrEqual(BUDGET_KW - 0.1);
    expect(fleet.devices.every((d) => requestsTo(d, '/api/v1/settings', 'POST').length === 0)).toBe(true);
    await app.screenshot('power-plan');
    const apply = dialog.getByRole('button', { name: /^Set presets on \d+ devices$/ });
    await apply.click();

    await expect
      .poll(() => page.getByText(/^Power profile set on \d+ of \d+ devices/).count(), { timeout: 30_000 })
      .toBe(1);
    const written = fleet.devices.filter((d) => requestsTo(d, '/api/v1/settings', 'POST').length === 1);
    expect(written.length).toBeGreaterThan(0);
    expect(fleet.devices.every((d) => requestsTo(d, '/api/v1/settings', 'POST').length <= 1)).toBe(true);
    // Before the restart the rows show what is set and what still runs.
    await expect
      .poll(() => page.getByText('2800→', { exact: false }).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await app.screenshot('power-applied');
    await page
      .getByRole('button', {
        name: `Restart mining on ${written.length} device${written.length === 1 ? '' : 's'}`,
      })
      .click();

    // Tuning after an untuned preset is expected: online, never offline, no alarm.
    await expect
      .poll(
        async () =>
          (await harness.services.fleet!.snapshot()).devices.some(
            (d) => d.view?.reading?.minerState === 'auto-tuning',
          ),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    expect(await states()).not.toContain('offline');
    await expect
      .poll(() => page.getByText('device reports auto-tuning').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await app.screenshot('power-tuning');
    await expect
      .poll(async () => (await states()).every((s) => s === 'online'), { timeout: 30_000 })
      .toBe(true);
    await expect.poll(() => written.every((d) => d.presetInUse === d.preset), { timeout: 10_000 }).toBe(true);
    const row = page.locator('[role="row"][data-device-id]', {
      hasText: `${written[0]!.host}:${written[0]!.port}`,
    });
    await expect.poll(() => row.innerText(), { timeout: 40_000 }).toContain(`preset ${written[0]!.preset}`);
    // The factory password is still `admin` here (its own alert, rightly); nothing else was raised.
    const alerts = (await harness.services.fleet!.snapshot()).alerts.map((a) => a.kind);
    expect(alerts.filter((kind) => kind !== 'factory-password')).toEqual([]);
    await app.screenshot('power-rows');
    expect(app.problems).toEqual([]);
  }, 240_000);
});
