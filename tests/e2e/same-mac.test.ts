/**
 * One MAC on several devices, in real Chromium against the built renderer, the real core services (browser
 * harness) and simulated devices over loopback HTTP: two of three devices report one MAC (a cloned
 * control board). Discover lists all three, the pair flagged; the fleet table keeps three rows, the pair
 * flagged "same MAC as …" with a "Same MAC" alert; unlocking with keys stores three keys, all online.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { browser as browserRequirement, describeWith } from '../support/requirements';
import { workingKeychain } from '../support/test-keychain';
import type { AppHarness } from './harness/app-harness';
import type { AppPage } from './harness/app-page';
import type { E2eSession } from './harness/e2e-session';
import { openE2eSession } from './harness/e2e-session';
import { rows } from './harness/fleet-page';
import { addFoundToFleet, confirmUnlock, scanAndAddAll, unlockAllWithKeys } from './harness/flow-steps';

const PASSWORD = 'clone-pw-1401';
const MAC = '02:E2:0E:00:00:01';
const COUNT = 3;
const hostPort = (device: SimDevice): string => `${device.host}:${device.port}`;

describeWith(browserRequirement, 'two devices with one MAC in Chromium', () => {
  let fleet: Fleet;
  let harness: AppHarness;
  let app: AppPage;
  let session: E2eSession | undefined;
  let first: SimDevice;
  let second: SimDevice;
  let third: SimDevice;

  beforeAll(async () => {
    fleet = await startFleet({ defaults: { password: PASSWORD }, devices: [{ mac: MAC }, { mac: MAC }, {}] });
    [first, second, third] = fleet.devices as [SimDevice, SimDevice, SimDevice];
    session = await openE2eSession(fleet, { keychain: workingKeychain() });
    ({ harness, app } = session);
  }, 180_000);

  afterAll(() => session?.close());

  it('lists all three in Discover, the two with one MAC each flagged with the other', async () => {
    const { page } = app;
    await scanAndAddAll(page, fleet);
    // The first one found is reported again once the second answers with its MAC: replaced, not added.
    await expect.poll(() => page.getByText(`same MAC as ${hostPort(second)}`).count()).toBe(1);
    await expect.poll(() => page.getByText(`same MAC as ${hostPort(first)}`).count()).toBe(1);
    expect(await page.getByRole('checkbox', { name: /^Add .* to the fleet$/ }).count()).toBe(COUNT);
    await app.screenshot('same-mac-discover');
  });

  it('keeps three rows in the fleet table, the pair flagged "same MAC as" each other with an alert', async () => {
    const { page } = app;
    await addFoundToFleet(page, COUNT);
    // The MAC's id stays with the lowest address; the other one is known by its address.
    const [pairFirst, pairSecond] = [`mac:${MAC}`, `addr:${hostPort(second)}`];
    const byId = async () => new Map((await rows(page)).map((r) => [r.id, r.text]));
    await expect
      .poll(async () => (await byId()).get(pairFirst) ?? '')
      .toContain(`same MAC as ${hostPort(second)}`);
    await expect.poll(async () => (await byId()).get(pairFirst) ?? '').toContain('Same MAC as another');
    const table = await byId();
    expect(table.size).toBe(COUNT);
    expect(table.get(pairSecond)).toContain(`same MAC as ${hostPort(first)}`);
    expect(table.get(pairSecond)).toContain('Same MAC as another');
    const [thirdRow] = [...table].filter(([id]) => id !== pairFirst && id !== pairSecond);
    expect(thirdRow?.[1]).toContain(hostPort(third));
    expect(thirdRow?.[1]).not.toContain('same MAC');
    await app.screenshot('same-mac-fleet');
  });

  it('unlocks all three with keys: three keys stored apart, all online and still flagged', async () => {
    const { page } = app;
    await unlockAllWithKeys(page, COUNT, PASSWORD);
    await confirmUnlock(page, COUNT);
    const listing = await harness.services.credentials!.vault.list();
    expect(listing.devices.filter((d) => d.apiKey !== undefined)).toHaveLength(COUNT);
    for (const device of fleet.devices) expect(device.apiKeys).toHaveLength(1);
    expect((await rows(page)).filter((r) => r.text.includes('same MAC as'))).toHaveLength(2);
    expect(app.problems).toEqual([]);
    expect(harness.server.invalidBatches).toEqual([]);
  });
});
