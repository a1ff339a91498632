/**
 * Odd session tokens and revoked API keys as the technician sees them in the fleet table, in real Chromium
 * against simulated devices: a device whose session tokens hold spaces is online; one whose token HTTP cannot
 * carry back shows the device's fault (never a password problem) and is still unlocked poll after poll; an
 * API key revoked on a device that answers `/status` with 200 `unlocked: false` ends as needs-password, the
 * key named as refused.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDeviceClient } from '../../electron/core/device/client';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { browser as browserRequirement, describeWith } from '../support/requirements';
import { unlocksOf } from '../support/sim-targets';
import { workingKeychain } from '../support/test-keychain';
import type { AppHarness } from './harness/app-harness';
import type { AppPage } from './harness/app-page';
import type { E2eSession } from './harness/e2e-session';
import { openE2eSession } from './harness/e2e-session';

const PASSWORD = 'odd-tokens-pw-14';
const KEY = 'Point7'.padEnd(32, 'q');

describeWith(browserRequirement, 'odd tokens and a revoked key in the fleet table', () => {
  let fleet: Fleet;
  let harness: AppHarness;
  let app: AppPage;
  let session: E2eSession | undefined;
  let spaced: SimDevice;
  let broken: SimDevice;
  let revoked: SimDevice;
  const client = createDeviceClient();

  const rowOf = (d: SimDevice) =>
    app.page.locator('[role="row"][data-device-id]', { hasText: `${d.host}:${d.port}` });
  const stateOf = (d: SimDevice) => rowOf(d).getAttribute('data-state');

  beforeAll(async () => {
    let n = 0;
    fleet = await startFleet({
      defaults: { password: PASSWORD },
      devices: [
        { makeToken: () => `session ${++n} of the day` },
        { makeToken: () => 'abc\r\nx-api-key: injected' },
        { statusOnBadCredential: 'unlocked-false' },
      ],
    });
    [spaced, broken, revoked] = fleet.devices as [SimDevice, SimDevice, SimDevice];
    const token = await client.unlock(revoked.address, PASSWORD);
    await client.createApiKey(revoked.address, { kind: 'token', token }, { key: KEY, description: 'e2e' });
    session = await openE2eSession(fleet, {
      keychain: workingKeychain(),
      beforePage: async (h) => {
        await h.services.fleet!.add(fleet.devices.map((d) => ({ address: d.address })));
        const { devices } = await h.services.fleet!.snapshot();
        const idOf = (d: SimDevice) => devices.find((x) => x.address === d.address)!.deviceId;
        const { vault } = h.services.credentials!;
        // The first two unlock with their stored password; the third has only its API key.
        await vault.setDevicePassword(idOf(spaced), PASSWORD);
        await vault.setDevicePassword(idOf(broken), PASSWORD);
        await vault.setApiKey(idOf(revoked), KEY, { description: 'e2e' });
        await h.services.fleet!.credentialsChanged(devices.map((d) => d.deviceId));
      },
    });
    ({ harness, app } = session);
    await app.page.getByRole('button', { name: 'Fleet' }).click();
  }, 180_000);

  afterAll(async () => {
    client.close();
    await session?.close();
  });

  it('a token with spaces: online; a token HTTP cannot carry: the device’s fault, retried', async () => {
    await expect.poll(() => stateOf(spaced), { timeout: 20_000 }).toBe('online');
    await expect.poll(() => stateOf(broken), { timeout: 20_000 }).toBe('error');
    expect(await rowOf(broken).innerText()).toMatch(
      /the device gave a session token that cannot be sent back in a header/,
    );
    const before = unlocksOf(broken).length;
    await expect.poll(() => unlocksOf(broken).length, { timeout: 10_000 }).toBeGreaterThan(before + 1);
    expect(await stateOf(broken)).toBe('error');
    await app.screenshot('unsendable-token');
  });

  it('a key revoked on a device answering unlocked: false: needs-password, the key named as refused', async () => {
    await expect.poll(() => stateOf(revoked), { timeout: 20_000 }).toBe('online');
    const token = await client.unlock(revoked.address, PASSWORD);
    await client.deleteApiKey(revoked.address, { kind: 'token', token }, KEY);
    await expect.poll(() => stateOf(revoked), { timeout: 20_000 }).toBe('needs-password');
    expect(await rowOf(revoked).innerText()).toMatch(/the stored API key was refused/);
    await app.screenshot('revoked-key');
    expect(
      harness.services.credentials!.sessions.state(
        (await harness.services.fleet!.snapshot()).devices.find((d) => d.address === revoked.address)!
          .deviceId,
      ),
    ).toMatchObject({ kind: 'needs-password' });
    expect(app.problems).toEqual([]);
  });
});
