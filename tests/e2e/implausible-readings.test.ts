/**
 * Implausible readings and a MAC that is not one, as the technician sees them, in real Chromium against
 * simulated devices: a device sending physically implausible numbers reads "implausible" in its fleet row and
 * device panel (what it sent on hover; the Raw JSON tab still has it), never a number; text that is not a MAC
 * is not shown as the MAC; a vendor state the app used to call unknown (`shutting-down`) reads in words.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { answerImplausibly, IMPLAUSIBLE_OPTIONS } from '../support/implausible-device';
import { browser as browserRequirement, describeWith } from '../support/requirements';
import { workingKeychain } from '../support/test-keychain';
import type { AppPage } from './harness/app-page';
import type { E2eSession } from './harness/e2e-session';
import { openE2eSession, withStoredPasswords } from './harness/e2e-session';

const PASSWORD = 'implausible-pw-14';

describeWith(browserRequirement, 'implausible readings and state words in Chromium', () => {
  let fleet: Fleet;
  let app: AppPage;
  let session: E2eSession | undefined;
  let odd: SimDevice;
  let stopping: SimDevice;

  const rowOf = (d: SimDevice) =>
    app.page.locator('[role="row"][data-device-id]', { hasText: `${d.host}:${d.port}` });
  const panel = () => app.page.getByRole('complementary');
  /** The value of one item of the device panel's readings. */
  const item = (term: string) =>
    panel()
      .locator('.reading', { has: app.page.getByText(term, { exact: true }) })
      .locator('dd');

  beforeAll(async () => {
    fleet = await startFleet({
      defaults: { password: PASSWORD },
      devices: [{ ...IMPLAUSIBLE_OPTIONS }, {}],
    });
    [odd, stopping] = fleet.devices as [SimDevice, SimDevice];
    answerImplausibly(odd);
    stopping.setMinerState('shutting-down');
    session = await openE2eSession(fleet, {
      keychain: workingKeychain(),
      beforePage: withStoredPasswords(fleet, PASSWORD),
    });
    ({ app } = session);
    await app.page.getByRole('button', { name: 'Fleet' }).click();
  }, 180_000);

  afterAll(() => session?.close());

  it('shows "implausible" in the fleet row, with what the device sent on hover, and no alert', async () => {
    const row = rowOf(odd);
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 20_000 }).toBe('online');
    await expect.poll(() => row.locator('[data-implausible]').count(), { timeout: 10_000 }).toBe(4);
    const mark = (field: string) => row.locator(`[data-implausible="${field}"]`);
    expect(await mark('hashRate').innerText()).toBe('implausible');
    expect(await mark('hashRate').getAttribute('title')).toBe(
      'The device sent -5 GH/s (plausible: 0 to 10 PH/s): left out as implausible',
    );
    expect(await mark('chipTempMax').getAttribute('title')).toMatch(/^The device sent 5000 °C /);
    expect(await mark('powerW').innerText()).toBe('implausible');
    expect(await mark('fanRpmMin').getAttribute('title')).toMatch(/^The device sent -1200 rpm /);
    const text = await row.innerText();
    expect(text).not.toMatch(/-5|5000|25\.0 kW|-1200/);
    expect(text).toMatch(/None/); // no temperature or hash-rate alert from the nonsense
    await app.screenshot('implausible-row');
  });

  it('shows "implausible" in the device panel; the Raw JSON tab keeps what the device sent', async () => {
    await app.page.getByRole('button', { name: `${odd.host}:${odd.port}`, exact: true }).click();
    await expect.poll(() => item('Hash rate').innerText(), { timeout: 10_000 }).toMatch(/implausible/);
    expect(await item('Hottest chip').innerText()).toMatch(/implausible/);
    expect(await item('Power').innerText()).toMatch(/implausible/);
    expect(await item('In this state').innerText()).toMatch(/implausible/);
    expect(await item('Fans').innerText()).toMatch(/implausible · 5,880 rpm/);
    // "N/A" is not the MAC: not shown as one.
    expect(await item('MAC').innerText()).toMatch(/implausible/);
    expect(await item('MAC').locator('[data-implausible]').getAttribute('title')).toMatch(
      /"N\/A" is not a device's MAC address/,
    );
    expect(await panel().innerText()).not.toMatch(/N\/A|52767249433/);
    await app.screenshot('implausible-panel');
    await panel().getByRole('tab', { name: 'Raw JSON' }).click();
    await panel().getByText('Summary (GET /api/v1/summary)').click();
    await expect.poll(() => panel().getByText('"hr_realtime": -5', { exact: false }).count()).toBe(1);
    await panel().getByRole('button', { name: /Close/ }).click();
  });

  it('says what a vendor state means: shutting-down in words', async () => {
    await expect.poll(() => rowOf(stopping).getAttribute('data-state'), { timeout: 20_000 }).toBe('online');
    await app.page.getByRole('button', { name: `${stopping.host}:${stopping.port}`, exact: true }).click();
    await expect
      .poll(() => item('Device says').innerText(), { timeout: 10_000 })
      .toBe('shutting-down — mining is shutting down; hash rate falls to zero');
    await app.screenshot('state-words');
    expect(app.problems).toEqual([]);
  });
});
