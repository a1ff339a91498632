/**
 * Sorting the fleet table, in real Chromium against simulated devices: the table keeps its own order in
 * step with the live readings (sorted-rows.ts, the table sorting "manually"), so a header click sorts,
 * a device whose hash rate overtakes the others moves up at the next redraw, and a second click turns the
 * order around, rows without a value staying last.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { browser as browserRequirement, describeWith } from '../support/requirements';
import { workingKeychain } from '../support/test-keychain';
import type { AppPage } from './harness/app-page';
import type { E2eSession } from './harness/e2e-session';
import { openE2eSession, withStoredPasswords } from './harness/e2e-session';

const PASSWORD = 'fleet-sorting-pw-27';
/** Each device's share of its nominal hash rate: far enough apart that the sim's ±1.5 % wobble never swaps two. */
const FACTORS = [0.6, 1, 0.3, 0.8];

/** The device cell's text of each fleet row, in the order the table shows them (by row index). */
async function shownOrder(page: Page): Promise<string[]> {
  const rows = page.locator('[role="row"][data-device-id]');
  const found: { at: number; text: string }[] = [];
  for (let i = 0; i < (await rows.count()); i += 1) {
    const row = rows.nth(i);
    found.push({
      at: Number(await row.getAttribute('aria-rowindex')),
      text: await row.locator('[data-column="device"]').innerText(),
    });
  }
  return found.sort((a, b) => a.at - b.at).map((row) => row.text);
}

describeWith(browserRequirement, 'sorting the fleet table in Chromium', () => {
  let fleet: Fleet;
  let app: AppPage;
  let session: E2eSession | undefined;
  const hostOf = (d: SimDevice): string => `${d.host}:${d.port}`;
  /** Whether each expected host appears in the row texts, in this order. */
  const inOrder = async (devices: SimDevice[]): Promise<boolean> => {
    const rows = await shownOrder(app.page);
    const at = devices.map((d) => rows.findIndex((text) => text.includes(hostOf(d))));
    return at.every((position, i) => position >= 0 && (i === 0 || position > (at[i - 1] ?? -1)));
  };

  beforeAll(async () => {
    fleet = await startFleet({ defaults: { password: PASSWORD }, devices: FACTORS.map(() => ({})) });
    fleet.devices.forEach((device, i) => device.setMetrics({ hashRateFactor: FACTORS[i] }));
    session = await openE2eSession(fleet, {
      keychain: workingKeychain(),
      beforePage: withStoredPasswords(fleet, PASSWORD),
    });
    ({ app } = session);
    await app.page.getByRole('button', { name: 'Fleet' }).click();
  }, 180_000);

  afterAll(() => session?.close());

  it('sorts by hash rate on a click, follows the live readings, and turns around on a second click', async () => {
    const [d0, d1, d2, d3] = fleet.devices as [SimDevice, SimDevice, SimDevice, SimDevice];
    await expect
      .poll(() => app.page.locator('[role="row"][data-state="online"]').count(), { timeout: 30_000 })
      .toBe(FACTORS.length);
    const header = app.page.getByRole('columnheader', { name: /Hash rate/ });
    await header.getByRole('button').click();
    // Hash rate sorts fastest first.
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => inOrder([d1, d3, d0, d2]), { timeout: 10_000 }).toBe(true);

    // The slowest device is repaired: it moves to the top with its next readings, without another click.
    d2.setMetrics({ hashRateFactor: 1.4 });
    await expect.poll(() => inOrder([d2, d1, d3, d0]), { timeout: 20_000 }).toBe(true);

    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => inOrder([d0, d3, d1, d2]), { timeout: 10_000 }).toBe(true);
    expect(app.problems).toEqual([]);
  }, 60_000);
});
