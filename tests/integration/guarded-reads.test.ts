/**
 * The rule for reads the vendor lists as anonymous (`SessionManager.read`, credentials/guarded-reads.ts),
 * against simulated devices over real HTTP: anonymous on firmware that answers them so (no unlock, no
 * credential); on firmware that guards them (the simulator's `guardedReads`) the refused read is made once
 * more with the stored credential and the device's later reads carry it from the start; a device with no
 * credential stored gets a clear "needs its password", once, and never a lockout.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../electron/core/credentials/memory-store';
import { createSessionManager } from '../../electron/core/credentials/session-manager';
import { createVault } from '../../electron/core/credentials/vault';
import type { SimDeviceOptions } from '../simulator';
import { credentialHeadersOf } from '../support/recorded-requests';
import { requestsTo, targetOf, unlocksOf } from '../support/sim-targets';
import { fleetPerTest } from '../support/fleet-per-test';

const PASSWORD = 'Site-pw-1';
const sims = fleetPerTest();

async function setup(options: SimDeviceOptions, stored: { password?: string; apiKey?: string } = {}) {
  const { fleet, client } = await sims.open(
    { devices: [{ password: PASSWORD, ...options }] },
    { totalTimeoutMs: 3_000 },
  );
  const device = fleet.devices[0]!;
  const vault = createVault(createMemoryStore());
  const target = targetOf(device);
  if (stored.password !== undefined) await vault.setDevicePassword(target.deviceId, stored.password);
  if (stored.apiKey !== undefined)
    await vault.setApiKey(target.deviceId, stored.apiKey, { description: 't' });
  const sessions = createSessionManager({ client, vault });
  const chains = () => sessions.read(target, (c) => client.getChains(target.address, c));
  const info = () => sessions.read(target, (c) => client.getInfo(target.address, c));
  return { device, client, target, sessions, chains, info };
}

describe('reads the vendor lists as anonymous', () => {
  it('go without a credential to firmware that answers them so: no unlock, nothing remembered', async () => {
    const { device, sessions, target, chains, info } = await setup({}, { password: PASSWORD });
    await chains();
    await info();
    expect(unlocksOf(device)).toHaveLength(0);
    expect(device.requests.map(credentialHeadersOf)).toEqual([[], []]);
    expect(sessions.guardsReads(target.deviceId)).toBe(false);
  });

  it('a guarded device: the refused read is made once more with a token, then every read carries it', async () => {
    const { device, sessions, target, chains, info } = await setup(
      { guardedReads: true },
      { password: PASSWORD },
    );
    await expect(chains()).resolves.toEqual(expect.any(Array));
    expect(requestsTo(device, '/api/v1/chains').map(credentialHeadersOf)).toEqual([[], ['authorization']]);
    expect(sessions.guardsReads(target.deviceId)).toBe(true);
    // Remembered per device: the next reads (another path too) pay no refused request.
    await chains();
    await expect(info()).resolves.toMatchObject({ miner: expect.any(String) });
    expect(requestsTo(device, '/api/v1/chains').map(credentialHeadersOf)).toEqual([
      [],
      ['authorization'],
      ['authorization'],
    ]);
    expect(requestsTo(device, '/api/v1/info').map(credentialHeadersOf)).toEqual([['authorization']]);
    expect(unlocksOf(device)).toHaveLength(1);
    expect(sessions.state(target.deviceId)).toEqual({ kind: 'unlocked' });
  });

  it('a guarded device with an API key stored: the key goes, no unlock', async () => {
    const key = 'K'.repeat(32);
    const { device, client, target, chains } = await setup(
      { guardedReads: ['/api/v1/chains'] },
      { apiKey: key },
    );
    // The device knows the key (as after `key create`).
    const token = await client.unlock(target.address, PASSWORD);
    await client.createApiKey(target.address, { kind: 'token', token }, { key, description: 't' });
    device.requests.splice(0);
    await chains();
    expect(requestsTo(device, '/api/v1/chains').map(credentialHeadersOf)).toEqual([[], ['x-api-key']]);
    expect(unlocksOf(device)).toHaveLength(0);
  });

  it('parallel reads of a guarded device share one unlock; refused anonymous reads never lock it out', async () => {
    const { device, sessions, target, chains } = await setup(
      { guardedReads: true, lockoutThreshold: 1 },
      { password: PASSWORD },
    );
    const all = await Promise.all(Array.from({ length: 20 }, chains));
    expect(all).toHaveLength(20);
    expect(unlocksOf(device)).toHaveLength(1);
    expect(sessions.state(target.deviceId)).toEqual({ kind: 'unlocked' });
  });

  it('no credential stored: a clear "needs its password", no unlock, and later reads do not ask the device', async () => {
    const { device, sessions, target, chains } = await setup({ guardedReads: true });
    await expect(chains()).rejects.toMatchObject({
      code: 'AUTH_REQUIRED',
      message: expect.stringMatching(/password/),
    });
    expect(unlocksOf(device)).toHaveLength(0);
    expect(sessions.state(target.deviceId).kind).toBe('needs-password');
    const before = device.requests.length;
    await expect(chains()).rejects.toMatchObject({ code: 'AUTH_REQUIRED' });
    expect(device.requests.length).toBe(before);
    expect(device.requests.every((r) => r.method === 'GET')).toBe(true);
  });
});
