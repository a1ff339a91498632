/**
 * Which credential reads a device's settings (`GET /settings`, the pools read-back and `pools show`),
 * against simulated devices over real HTTP: the vendor OpenAPI lists only `x-api-key` for it, so a device
 * with a stored API key is read with that key — also after the device refused the key for another call —
 * and a session token is used only for a device without a key. Asserted on the headers the devices
 * recorded.
 */
import { describe, expect, it } from 'vitest';
import { readPools } from '../../electron/core/commission/pool-read';
import { createMemoryStore } from '../../electron/core/credentials/memory-store';
import type { SessionTarget } from '../../electron/core/credentials/session-target';
import { createSessionManager } from '../../electron/core/credentials/session-manager';
import { createVault } from '../../electron/core/credentials/vault';
import type { SimDevice } from '../simulator';
import { credentialHeadersOf } from '../support/recorded-requests';
import { devicesOf, requestsTo, targetOf, unlocksOf } from '../support/sim-targets';
import { fleetPerTest } from '../support/fleet-per-test';

const PW = 'Settings-pw-3';
const SETTINGS = '/api/v1/settings';
const KEY = 'SettingsReadKey0SettingsReadKey0';
/** A key this laptop stored that the devices never had (revoked on the device, say). */
const UNKNOWN_KEY = 'r'.repeat(32);

const sims = fleetPerTest();

async function setup(count: number) {
  const { fleet, client } = await sims.open(
    { defaults: { password: PW }, count },
    { totalTimeoutMs: 1000, connectTimeoutMs: 500 },
  );
  const vault = createVault(createMemoryStore());
  const sessions = createSessionManager({ client, vault });
  const targets = fleet.devices.map((d) => targetOf(d));
  for (const t of targets) await vault.setDevicePassword(t.deviceId, PW);
  return { devices: fleet.devices, targets, vault, sessions, client };
}

/** The credential header names of every GET /settings the device recorded. */
const settingsReadsOf = (device: SimDevice): string[][] =>
  requestsTo(device, SETTINGS, 'GET').map(credentialHeadersOf);

describe('reading settings (GET /settings)', () => {
  it('a device with a stored key is read with that key, one x-api-key header; one without, with a token', async () => {
    const { devices, targets, vault, sessions, client } = await setup(2);
    const [keyed, keyless] = devicesOf({ devices }, 2);
    const [keyedTarget] = targets as [SessionTarget, SessionTarget];
    const token = await client.unlock(keyedTarget.address, PW);
    await client.createApiKey(keyedTarget.address, { kind: 'token', token }, { key: KEY, description: 't' });
    await vault.setApiKey(keyedTarget.deviceId, KEY, { description: 't' });
    const unlocksBefore = unlocksOf(keyed).length;

    const pools = await readPools({ client, sessions }, targets);
    expect(pools.map((p) => p.slots !== undefined)).toEqual([true, true]);
    expect(settingsReadsOf(keyed)).toEqual([['x-api-key']]);
    expect(requestsTo(keyed, SETTINGS, 'GET')[0]?.headers['x-api-key']).toBe(KEY);
    expect(unlocksOf(keyed).length).toBe(unlocksBefore);
    expect(settingsReadsOf(keyless)).toEqual([['authorization']]);
  });

  it('a stored key the device refuses: settings are not read with a token instead, and no unlock is sent for them', async () => {
    const { devices, targets, vault, sessions, client } = await setup(1);
    const [device] = devicesOf({ devices }, 1);
    const [target] = targets as [SessionTarget];
    await vault.setApiKey(target.deviceId, UNKNOWN_KEY, { description: 'revoked on the device' });

    const [pools] = await readPools({ client, sessions }, targets);
    expect(pools?.slots).toBeUndefined();
    expect(pools?.error).toEqual({
      code: 'AUTH_REQUIRED',
      message: `${target.address.host}:${target.address.port}: the device refused the stored API key, which this read needs (the device's API takes only an API key for it): create a new API key for the device.`,
      // The same words as a key and values, for the window's language.
      text: {
        id: 'errors.device.apiKeyRefused',
        values: { where: `${target.address.host}:${target.address.port}` },
      },
    });
    expect(settingsReadsOf(device)).toEqual([['x-api-key']]);
    expect(unlocksOf(device)).toEqual([]);
  });

  it('a key the device refused for another call earlier is still the one settings are read with', async () => {
    const { devices, targets, vault, sessions, client } = await setup(1);
    const [device] = devicesOf({ devices }, 1);
    const [target] = targets as [SessionTarget];
    await vault.setApiKey(target.deviceId, UNKNOWN_KEY, { description: 'revoked on the device' });
    // A status read: the key is refused, and that read goes on with a session (tokens are fine there).
    await sessions.withCredential(target, (credential) => client.getStatus(target.address, credential));
    expect(unlocksOf(device)).toHaveLength(1);

    const [pools] = await readPools({ client, sessions }, targets);
    expect(pools?.error?.code).toBe('AUTH_REQUIRED');
    expect(settingsReadsOf(device)).toEqual([['x-api-key']]);
  });
});
