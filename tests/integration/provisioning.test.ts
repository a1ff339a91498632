/**
 * API-key provisioning against simulated devices over real HTTP: both profiles, the three answer shapes,
 * a device that refuses, one that disappears between create and verify; revocation where the device has
 * it and where it does not. A key is stored only after the device honoured it with `x-api-key` alone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../electron/core/credentials/memory-store';
import { createProvisioner } from '../../electron/core/credentials/provisioning';
import type { SecureStore } from '../../electron/core/credentials/secure-store';
import { createSessionManager } from '../../electron/core/credentials/session-manager';
import { createVault } from '../../electron/core/credentials/vault';
import type { DeviceClient } from '../../electron/core/device/client';
import { createDeviceClient } from '../../electron/core/device/client';
import type { Fleet, SimDevice, SimDeviceOptions } from '../simulator';
import { startFleet } from '../simulator';
import { countingStore } from '../support/fake-stores';
import type { ClientHooks } from '../support/hooked-client';
import { hookedClient } from '../support/hooked-client';
import { credentialHeadersOf } from '../support/recorded-requests';
import { requestsTo, targetOf, unlocksOf } from '../support/sim-targets';

const PASSWORD = 'prov-Pa55';
const NOW = new Date(2026, 10, 20, 9, 30);

let fleet: Fleet | undefined;
const clients: DeviceClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await fleet?.close();
  fleet = undefined;
});

async function setup(
  options: SimDeviceOptions,
  extra: { hooks?: (d: SimDevice) => ClientHooks; store?: SecureStore } = {},
) {
  fleet = await startFleet({ devices: [{ password: PASSWORD, ...options }] });
  const device = fleet.devices[0]!;
  const real = createDeviceClient({ totalTimeoutMs: 2_000 });
  clients.push(real);
  const client = extra.hooks ? hookedClient(real, extra.hooks(device)) : real;
  const vault = createVault(extra.store ?? createMemoryStore());
  const target = targetOf(device);
  await vault.setDevicePassword(target.deviceId, PASSWORD);
  const sessions = createSessionManager({ client, vault });
  const provisioner = createProvisioner({
    client,
    vault,
    sessions,
    hostname: 'tech-laptop.local',
    now: () => NOW,
  });
  return { device, vault, target, sessions, provisioner, client };
}

const createRequests = (d: SimDevice) => requestsTo(d, '/api/v1/apikeys', 'POST');

describe('provisioning', () => {
  it.each(['field', 'spec'] as const)(
    '%s profile: create, verify with x-api-key alone, then store',
    async (profile) => {
      const { device, vault, target, provisioner } = await setup({ profile });
      const result = await provisioner.provision(target);
      expect(result).toEqual({
        deviceId: target.deviceId,
        answer: 'inserted',
        description: 'Minerdeck tech-laptop 2026-11-20',
        storedIn: 'session-only',
      });
      const [create] = createRequests(device);
      const body = JSON.parse(create!.body) as { key: string; description: string };
      expect(body.key).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(body.description).toBe('Minerdeck tech-laptop 2026-11-20');
      expect(credentialHeadersOf(create!)).toEqual(['authorization']);
      expect(create!.headers['content-type']).toBe('application/json');

      const verify = requestsTo(device, '/api/v1/status').at(-1)!;
      expect(credentialHeadersOf(verify)).toEqual(['x-api-key']);
      expect(verify.headers['x-api-key']).toBe(body.key);
      expect((await vault.getApiKey(target.deviceId))?.secret).toBe(body.key);
      expect(device.apiKeys.map((k) => k.key)).toEqual([body.key]);
    },
  );

  it('accepts the bare string "inserted" of the oldest firmware', async () => {
    const { device, vault, target, provisioner } = await setup({ profile: 'field', legacyFirmware: true });
    expect(await provisioner.provision(target)).toMatchObject({ answer: 'inserted' });
    expect((await vault.getApiKey(target.deviceId))?.secret).toBe(device.apiKeys[0]?.key);
  });

  it('stores the key a device generated itself, not the one proposed', async () => {
    const { device, vault, target, provisioner } = await setup({
      profile: 'field',
      apiKeyMode: 'device-generated',
    });
    expect(await provisioner.provision(target)).toMatchObject({ answer: 'device-generated' });
    const proposed = (JSON.parse(createRequests(device)[0]!.body) as { key: string }).key;
    const stored = (await vault.getApiKey(target.deviceId))?.secret;
    expect(stored).toBe(device.apiKeys[0]?.key);
    expect(stored).not.toBe(proposed);
    expect(requestsTo(device, '/api/v1/status').at(-1)!.headers['x-api-key']).toBe(stored);
  });

  it('a device that refuses (500 {"err"}): its text is shown, nothing is stored, the password path still works', async () => {
    const { device, vault, target, provisioner, sessions, client } = await setup({
      profile: 'field',
      apiKeyMode: 'refuse',
    });
    await expect(provisioner.provision(target)).rejects.toMatchObject({
      code: 'HTTP_ERROR',
      message: expect.stringMatching(
        /Failed to insert api key.*no API key was created; the device keeps using its password/,
      ),
    });
    expect(await vault.getApiKey(target.deviceId)).toBeUndefined();
    await expect(
      sessions.withCredential(target, (c) => client.getStatus(target.address, c)),
    ).resolves.toMatchObject({
      unlocked: true,
    });
    expect(requestsTo(device, '/api/v1/status').map(credentialHeadersOf).at(-1)).toEqual(['authorization']);
  });

  it('a device that disappears between create and verify: nothing stored, the reason says so', async () => {
    const { device, vault, target, provisioner } = await setup(
      { profile: 'field' },
      { hooks: (d) => ({ createApiKey: () => d.goDown(60) }) },
    );
    await expect(provisioner.provision(target)).rejects.toMatchObject({
      code: 'UNREACHABLE',
      message: expect.stringMatching(
        /could not be verified, so it was not stored; the device keeps using its password/,
      ),
    });
    expect(device.apiKeys).toHaveLength(1);
    expect(await vault.getApiKey(target.deviceId)).toBeUndefined();
  });

  it('a device that takes the key but does not honour it (unlocked: false) is not trusted', async () => {
    const { vault, target, provisioner } = await setup({ profile: 'field' });
    fleet!.devices[0]!.addFault({
      fault: {
        kind: 'status',
        code: 200,
        body: '{"miner_state":"mining","unlocked":false}',
        headers: { 'content-type': 'application/json' },
      },
      paths: ['/api/v1/status'],
    });
    await expect(provisioner.provision(target)).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      message: expect.stringMatching(/unlocked: false/),
    });
    expect(await vault.getApiKey(target.deviceId)).toBeUndefined();
  });

  it('a wrong stored password: no key, one /unlock, the reason is the password', async () => {
    const { device, vault, target, provisioner } = await setup({ profile: 'spec' });
    await vault.setDevicePassword(target.deviceId, 'not-it');
    await expect(provisioner.provision(target)).rejects.toMatchObject({ code: 'WRONG_PASSWORD' });
    expect(unlocksOf(device)).toHaveLength(1);
    expect(createRequests(device)).toHaveLength(0);
  });

  it('a stored key that still works is kept: nothing created', async () => {
    const { device, target, provisioner } = await setup({ profile: 'field' });
    await provisioner.provision(target);
    fleet!.clearRequests();
    expect(await provisioner.provision(target)).toMatchObject({ answer: 'already-stored' });
    expect(createRequests(device)).toHaveLength(0);
    expect(device.apiKeys).toHaveLength(1);
  });

  it('when the keychain fails to store a verified key, the key is taken off the device again', async () => {
    const store = countingStore();
    store.failSetFor = (account) => account.endsWith('/api-key');
    const { device, vault, target, provisioner } = await setup({ profile: 'field' }, { store });
    await expect(provisioner.provision(target)).rejects.toMatchObject({
      code: 'KEYCHAIN_UNAVAILABLE',
      message: expect.stringMatching(/could not be stored, and it was deleted from the device again/),
    });
    expect(device.apiKeys).toHaveLength(0);
    expect(await vault.getApiKey(target.deviceId)).toBeUndefined();
  });
});

describe('revoking', () => {
  it('field firmware: POST /apikeys/delete {key}, then forgotten locally', async () => {
    const { device, vault, target, provisioner } = await setup({ profile: 'field' });
    await provisioner.provision(target);
    const key = (await vault.getApiKey(target.deviceId))!.secret;
    expect(await provisioner.revoke(target)).toEqual({
      deviceId: target.deviceId,
      onDevice: 'deleted',
      description: 'Minerdeck tech-laptop 2026-11-20',
      forgotten: true,
    });
    const [del] = requestsTo(device, '/api/v1/apikeys/delete', 'POST');
    expect(JSON.parse(del!.body)).toEqual({ key });
    expect(device.apiKeys).toHaveLength(0);
    expect(await vault.getApiKey(target.deviceId)).toBeUndefined();
  });

  it('spec firmware has no delete: forgotten locally, and it says the device could not', async () => {
    const { vault, target, provisioner } = await setup({ profile: 'spec' });
    await provisioner.provision(target);
    expect(await provisioner.revoke(target)).toMatchObject({
      onDevice: 'not-supported',
      forgotten: true,
      error: { code: 'HTTP_ERROR' },
    });
    expect(await vault.getApiKey(target.deviceId)).toBeUndefined();
  });

  it('an unreachable device: forgotten locally, the failure reported', async () => {
    const { device, vault, target, provisioner } = await setup({ profile: 'field' });
    await provisioner.provision(target);
    await device.goDown(60);
    expect(await provisioner.revoke(target)).toMatchObject({
      onDevice: 'failed',
      error: { code: 'UNREACHABLE' },
    });
    expect(await vault.getApiKey(target.deviceId)).toBeUndefined();
  });

  it('nothing stored → NOT_FOUND, no request', async () => {
    const { device, target, provisioner } = await setup({ profile: 'field' });
    await expect(provisioner.revoke(target)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(device.requests).toHaveLength(0);
  });
});
