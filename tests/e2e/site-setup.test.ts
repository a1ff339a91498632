/**
 * Setting a site up in real Chromium (the app path). 200 simulated devices, unlocked with API
 * keys: select all → Actions → Pools… → two pools with worker templates → the preview lists each device's
 * workers (nothing sent) → Apply → 200 set, read back, each once, each with its own worker → the restart
 * the devices ask for, offered and run → all 200 mining on the new pools and online. Then on three
 * devices: the locate LED from the Actions menu and from the device panel, shown in the fleet rows, and a
 * reboot after a confirmation naming the count, shown as "Rebooting (back in about N s)" — never as
 * offline or an alarm — until the devices are online again.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppEvent } from '../../shared/ipc/events';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { browser as browserRequirement, describeWith } from '../support/requirements';
import { workingKeychain } from '../support/test-keychain';
import type { AppHarness } from './harness/app-harness';
import type { AppPage } from './harness/app-page';
import type { E2eSession } from './harness/e2e-session';
import { openE2eSession } from './harness/e2e-session';
import { chooseAction } from './harness/fleet-page';
import { unlockAllWithKeys } from './harness/flow-steps';

const COUNT = 200;
const FACTORY = 'admin';
const MAIN = 'stratum+tcp://pool.example:3333';
const BACKUP = 'stratum+tcp://backup.example:443';
const POOL_PASSWORD = 'pool-pw-6602';

describeWith(browserRequirement, 'Setting a site up in Chromium', () => {
  let fleet: Fleet;
  let harness: AppHarness;
  let app: AppPage;
  let session: E2eSession | undefined;
  const events: AppEvent[] = [];

  const rowOf = (d: SimDevice) =>
    app.page.locator('[role="row"][data-device-id]', { hasText: `${d.host}:${d.port}` });
  const states = async (): Promise<string[]> =>
    (await harness.services.fleet!.snapshot()).devices.map((d) => d.view?.state ?? 'none');

  beforeAll(async () => {
    fleet = await startFleet({
      count: COUNT,
      // Short restarts and reboots: the suite waits for the devices to come back.
      defaults: {
        password: FACTORY,
        miningRestartSeconds: 1,
        rebootAfterSeconds: 1,
        rebootDownSeconds: 3,
        bootSeconds: 1,
      },
    });
    session = await openE2eSession(fleet, {
      keychain: workingKeychain(),
      // Polls that tolerate a busy 2-core machine with 200 devices.
      settings: { monitor: { intervalMs: 1000, timeoutMs: 3000, offlineAfterMissedPolls: 2 } },
      beforePage: (h) => {
        h.services.events.subscribe((batch) => events.push(...batch));
        return h.services.fleet!.add(fleet.devices.map((d) => ({ address: d.address })));
      },
    });
    ({ harness, app } = session);
    await app.page.getByRole('button', { name: 'Fleet' }).click();
  }, 120_000);

  afterAll(() => session?.close());

  it('select 200 → Pools… → preview → apply → restart mining → all back online', async () => {
    const { page } = app;
    // Commissioning starts with the factory password as the site's password, and API keys.
    await unlockAllWithKeys(page, COUNT, FACTORY);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: `Unlock ${COUNT} devices` })
      .click();
    await expect
      .poll(() => page.getByText(`${COUNT} unlocked, ${COUNT} with an API key.`).count(), {
        timeout: 60_000,
      })
      .toBe(1);
    await expect
      .poll(async () => (await states()).every((s) => s === 'online'), { timeout: 30_000 })
      .toBe(true);
    await page.getByRole('table', { name: 'Fleet' }).click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+a');
    await chooseAction(page, 'Pools…');
    const dialog = page.getByRole('dialog', { name: `Set the pools of ${COUNT} devices` });
    await dialog.getByLabel('Pool 1 URL').fill(MAIN);
    await dialog.getByLabel('Pool 1 worker').fill('acct.{mac6}');
    await dialog.getByLabel('Pool 1 password').fill(POOL_PASSWORD);
    await dialog.getByRole('button', { name: 'Add a backup pool' }).click();
    await dialog.getByLabel('Pool 2 URL').fill(BACKUP);
    // First a backup worker every device would share: flagged on every row, nothing can be sent.
    await dialog.getByLabel('Pool 2 worker').fill('acct.backup');
    await dialog.getByRole('button', { name: 'Next: preview' }).click();
    await expect
      .poll(
        () =>
          dialog
            .getByText(`0 devices will get the pools, ${COUNT} devices flagged`, { exact: false })
            .count(),
        {
          timeout: 20_000,
        },
      )
      .toBe(1);
    await expect(
      dialog.getByRole('table', { name: 'Preview of the pools' }).getByRole('row').nth(1).innerText(),
    ).resolves.toMatch(
      /Duplicate worker: pool 2's worker "acct.backup" gives "acct.backup" here and on .* and 196 more: each device needs its own worker$/,
    );
    await expect(dialog.getByRole('button', { name: 'Set pools on 0 devices' }).isDisabled()).resolves.toBe(
      true,
    );
    await app.screenshot('pools-preview-flagged');
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByLabel('Pool 2 worker').fill('acct.r{ip3}s{ip4}');
    await dialog.getByLabel('Save these pools as a preset').fill('Hall 7');
    await dialog.getByRole('button', { name: 'Save preset' }).click();
    await expect.poll(() => dialog.getByText('Saved as preset "Hall 7".').count()).toBe(1);
    await app.screenshot('pools-form');
    await dialog.getByRole('button', { name: 'Next: preview' }).click();

    await expect
      .poll(() => dialog.getByText(`${COUNT} devices will get the pools.`).count(), { timeout: 20_000 })
      .toBe(1);
    const preview = dialog.getByRole('table', { name: 'Preview of the pools' });
    const first = fleet.devices[0]!;
    const [, , third, fourth] = first.host.split('.');
    await expect(preview.getByRole('row').nth(1).innerText()).resolves.toMatch(
      new RegExp(
        `^${first.host}:${first.port}\\s+acct\\.[0-9A-F]{6}\\s+acct\\.r${third}s${fourth}\\s+Will be set$`,
      ),
    );
    await app.screenshot('pools-preview');
    // Nothing was sent for the preview.
    expect(fleet.devices.every((d) => d.writeCounts.settingsPosts === 0)).toBe(true);

    await dialog.getByRole('button', { name: `Set pools on ${COUNT} devices` }).click();
    await expect
      .poll(() => page.getByText(`Pools set on ${COUNT} of ${COUNT} devices.`).count(), { timeout: 60_000 })
      .toBe(1);
    const offer = page.getByRole('button', { name: `Restart mining on ${COUNT} devices` });
    await expect.poll(() => offer.count()).toBe(1);
    await expect.poll(() => rowOf(first).innerText()).toMatch(/Pools set and read back/);
    await app.screenshot('pools-outcome');

    // Each device: one write, three slots, its own worker in each pool, read back.
    const workers = new Set<string>();
    for (const d of fleet.devices) {
      expect(d.writeCounts.settingsPosts).toBe(1);
      expect(d.pools.map((p) => [p.url, p.pass])).toEqual([
        [MAIN, POOL_PASSWORD],
        [BACKUP, ''],
        ['', ''],
      ]);
      workers.add(d.pools[0]!.user);
    }
    expect(workers.size).toBe(COUNT);

    await offer.click();
    await expect
      .poll(() => page.getByText(`Mining restarted on ${COUNT} of ${COUNT} devices.`).count(), {
        timeout: 60_000,
      })
      .toBe(1);
    expect(fleet.devices.every((d) => d.writeCounts.miningRestarts === 1)).toBe(true);
    await expect
      .poll(async () => (await states()).every((s) => s === 'online'), { timeout: 30_000 })
      .toBe(true);
    // The restart put the new pools in use: the readings list them, and nobody still asks for a restart.
    const detail = await harness.services.fleet!.detail((await rowOf(first).getAttribute('data-device-id'))!);
    expect(detail.ok && detail.value.reading?.pools.map((p) => p.url)).toEqual(
      expect.arrayContaining([MAIN, BACKUP]),
    );
    expect(detail.ok && detail.value.reading?.flags?.restartRequired).toBe(false);

    const activity = await harness.services.inventory!.activity();
    expect(activity.ok && activity.value.map((a) => [a.action, a.devices.length])).toEqual(
      expect.arrayContaining([
        ['pools', COUNT],
        ['restart-mining', COUNT],
      ]),
    );
    expect(JSON.stringify(events)).not.toContain(POOL_PASSWORD);
    expect(app.problems).toEqual([]);
    expect(harness.server.invalidBatches).toEqual([]);
  }, 240_000);

  it('blinks the LED of three devices, then reboots them: "Rebooting", never offline, back online', async () => {
    const { page } = app;
    const three = fleet.devices.slice(0, 3);
    const ids = await Promise.all(three.map(async (d) => (await rowOf(d).getAttribute('data-device-id'))!));
    await page.getByLabel('Select every device shown').setChecked(false);
    for (const d of three) await page.getByLabel(`Select ${d.host}:${d.port}`, { exact: true }).check();
    await expect
      .poll(() => page.getByText('3 devices selected', { exact: false }).count())
      .toBeGreaterThan(0);

    await chooseAction(page, 'Blink LED', 'for 10 min');
    await expect
      .poll(() => page.getByText(/^LED blinking on 3 of 3 devices/).count(), { timeout: 15_000 })
      .toBe(1);
    expect(three.map((d) => d.ledOn)).toEqual([true, true, true]);
    for (const d of three) {
      await expect.poll(() => rowOf(d).locator('[data-led="on"]').count(), { timeout: 10_000 }).toBe(1);
    }
    await app.screenshot('locate-led-on');

    // One LED off from the device panel.
    await rowOf(three[2]!)
      .getByRole('button', { name: `${three[2]!.host}:${three[2]!.port}` })
      .click();
    const panel = page.getByRole('complementary');
    await panel.getByRole('button', { name: 'Turn LED off' }).click();
    await expect.poll(() => three[2]!.ledOn, { timeout: 10_000 }).toBe(false);
    await expect.poll(() => rowOf(three[2]!).locator('[data-led="on"]').count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => panel.getByRole('status').innerText(), { timeout: 10_000 }).toMatch(/LED/);
    await app.screenshot('device-panel-actions');
    await panel.getByRole('button', { name: 'Close the device panel (Escape)' }).click();

    const seen = new Map<string, Set<string>>(ids.map((id) => [id, new Set()]));
    const watch = setInterval(() => {
      void harness.services.fleet!.snapshot().then((s) => {
        for (const d of s.devices) if (d.view !== undefined) seen.get(d.deviceId)?.add(d.view.state);
      });
    }, 100);
    const before = events.length;
    await chooseAction(page, 'Reboot…');
    const confirm = page.getByRole('dialog', { name: 'Reboot?' });
    await expect
      .poll(() => confirm.getByRole('button', { name: 'Reboot 3 devices' }).count(), { timeout: 10_000 })
      .toBe(1);
    await app.screenshot('reboot-confirm');
    expect(three.map((d) => d.writeCounts.reboots)).toEqual([0, 0, 0]);
    await confirm.getByRole('button', { name: 'Reboot 3 devices' }).click();
    await expect
      .poll(() => page.getByText('Rebooted on 3 of 3 devices.').count(), { timeout: 15_000 })
      .toBe(1);
    for (const d of three) {
      await expect
        .poll(() => rowOf(d).innerText(), { timeout: 10_000 })
        .toMatch(/Rebooting\s+\(back in about \d+ s\)/);
    }
    await app.screenshot('rebooting');
    // The reboot turned the LEDs off; the devices come back and are unlocked again by themselves.
    for (const d of three) {
      await expect.poll(() => rowOf(d).getAttribute('data-state'), { timeout: 30_000 }).toBe('online');
    }
    clearInterval(watch);
    expect(three.map((d) => [d.writeCounts.reboots, d.ledOn])).toEqual(three.map(() => [1, false]));
    for (const id of ids) {
      expect([...seen.get(id)!]).toContain('rebooting');
      expect([...seen.get(id)!]).not.toContain('offline');
    }
    const alarms = events
      .slice(before)
      .flatMap((e) => (e.type === 'monitor:diff' ? e.payload.raised : []))
      .filter((a) => ids.includes(a.deviceId));
    expect(alarms).toEqual([]);
    expect(app.problems).toEqual([]);
  }, 120_000);
});
