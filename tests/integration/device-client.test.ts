/**
 * The device client against the simulator over real loopback HTTP, for both profiles: every spec rule
 * asserted on the requests the device recorded, https with pinned certificates, and the optional reads of
 * real firmware. Error codes from real simulated answers are in device-client-errors.test.ts.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DeviceCredential } from '../../shared/domain/credential';
import { deviceReadingSchema } from '../../shared/domain/reading';
import { parseDeviceAddress } from '../../shared/domain/device-address';
import type { DeviceClient, DeviceClientOptions } from '../../electron/core/device/client';
import { createDeviceClient } from '../../electron/core/device/client';
import { readStatus } from '../../electron/core/device/status-reader';
import { tlsPinKey } from '../../electron/core/device/tls-pinning';
import type { Fleet, Profile, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { credentialHeadersOf, lastRequest } from '../support/recorded-requests';
import { devicesOf } from '../support/sim-targets';

const KEY = 'Kq3vX9mZ2pL7wR4tY8nB1cD6fG0hJ5sA';

describe.each<Profile>(['spec', 'field'])('device client against the %s profile', (profile) => {
  const password = `${profile}-Pa55word`;
  let fleet: Fleet;
  let main: SimDevice;
  let secure: SimDevice;
  const clients: DeviceClient[] = [];

  beforeAll(async () => {
    fleet = await startFleet({
      devices: [
        { profile, password, lockoutThreshold: 0 },
        { profile, password, lockoutThreshold: 0, https: true },
      ],
    });
    [main, secure] = devicesOf(fleet, 2);
  });
  afterAll(() => fleet.close());

  beforeEach(() => {
    fleet.devices.forEach((device) => device.clearFaults());
    fleet.clearRequests();
  });
  afterEach(() => {
    clients.splice(0).forEach((client) => client.close());
  });

  function client(options: DeviceClientOptions = {}): DeviceClient {
    const created = createDeviceClient(options);
    clients.push(created);
    return created;
  }

  async function tokenFor(device: SimDevice, options: DeviceClientOptions = {}): Promise<DeviceCredential> {
    return { kind: 'token', token: await client(options).unlock(device.address, password) };
  }

  describe('sends what the spec says', () => {
    it('unlock: POST /api/v1/unlock, body exactly {"pw"}, JSON headers, no credential', async () => {
      const token = await client().unlock(main.address, password);
      expect(token).toMatch(/^\S+$/);
      const request = lastRequest(main, '/api/v1/unlock');
      expect(request.method).toBe('POST');
      expect(request.headers['accept']).toBe('application/json');
      expect(request.headers['content-type']).toBe('application/json');
      expect(JSON.parse(request.body)).toStrictEqual({ pw: password });
      expect(Object.keys(JSON.parse(request.body) as object)).toEqual(['pw']);
      expect(credentialHeadersOf(request)).toEqual([]);
    });

    it('getStatus with a token: GET /api/v1/status, Accept JSON, only Authorization: Bearer', async () => {
      const credential = await tokenFor(main);
      const status = await client().getStatus(main.address, credential);
      expect(status).toMatchObject({ miner_state: 'mining' });
      const request = lastRequest(main, '/api/v1/status');
      expect(request.method).toBe('GET');
      expect(request.headers['accept']).toBe('application/json');
      expect(credentialHeadersOf(request)).toEqual(['authorization']);
      expect(request.headers['authorization']).toBe(`Bearer ${(credential as { token: string }).token}`);
      expect(request.body).toBe('');
    });

    it('createApiKey: POST /api/v1/apikeys {"key","description"} with JSON headers and one credential', async () => {
      const credential = await tokenFor(main);
      const answer = await client().createApiKey(main.address, credential, {
        key: KEY,
        description: 'Minerdeck test',
      });
      expect(answer).toEqual({ status: expect.any(String) });
      const request = lastRequest(main, '/api/v1/apikeys');
      expect(request.method).toBe('POST');
      expect(request.headers['accept']).toBe('application/json');
      expect(request.headers['content-type']).toBe('application/json');
      expect(JSON.parse(request.body)).toStrictEqual({ key: KEY, description: 'Minerdeck test' });
      expect(credentialHeadersOf(request)).toEqual(['authorization']);
    });

    it('getStatus with an API key: only x-api-key, never inside Authorization', async () => {
      const credential = await tokenFor(main);
      await client().createApiKey(main.address, credential, { key: KEY, description: 'Minerdeck test' });
      const status = await client().getStatus(main.address, { kind: 'apiKey', key: KEY });
      expect(status).toMatchObject({ miner_state: 'mining' });
      const request = lastRequest(main, '/api/v1/status');
      expect(credentialHeadersOf(request)).toEqual(['x-api-key']);
      expect(request.headers['x-api-key']).toBe(KEY);
      expect(request.headers['authorization']).toBeUndefined();
      expect(request.rawHeaders.filter((value) => value.includes(KEY))).toEqual([KEY]);
    });

    it('every request the client sent carries Accept JSON and at most one credential', async () => {
      const credential = await tokenFor(main);
      const c = client();
      await c.getStatus(main.address, credential);
      await c.createApiKey(main.address, credential, { key: KEY, description: 'x' });
      await c.getStatus(main.address, { kind: 'apiKey', key: KEY });
      expect(main.requests.length).toBeGreaterThanOrEqual(4);
      for (const request of main.requests) {
        expect(request.headers['accept']).toBe('application/json');
        expect(credentialHeadersOf(request).length).toBeLessThanOrEqual(1);
        if (request.method === 'POST') expect(request.headers['content-type']).toBe('application/json');
      }
    });

    it('the status body reads into a sound reading', async () => {
      const status = await client().getStatus(main.address, await tokenFor(main));
      const reading = readStatus(status);
      expect(deviceReadingSchema.safeParse(reading).success).toBe(true);
      expect(reading.state).toMatchObject({ name: 'mining', kind: 'mining' });
    });
  });

  describe('https with a pinned certificate', () => {
    const pinsFor = (entries: Map<string, string>) => ({
      tlsPins: { get: (key: string) => entries.get(key) },
    });
    const keyOf = (device: SimDevice): string => {
      const parsed = parseDeviceAddress(device.address);
      if (!parsed.ok) throw new Error(parsed.error.message);
      return tlsPinKey(parsed.value);
    };

    it('an unknown self-signed certificate → TLS_UNTRUSTED with its fingerprint, and nothing sent', async () => {
      expect(secure.address).toMatch(/^https:\/\//);
      await expect(client(pinsFor(new Map())).unlock(secure.address, password)).rejects.toMatchObject({
        code: 'TLS_UNTRUSTED',
        detail: { fingerprint256: secure.certificateFingerprint256 },
      });
      expect(secure.requests).toEqual([]);
    });

    it('a pinned certificate → the calls go through', async () => {
      const options = pinsFor(new Map([[keyOf(secure), secure.certificateFingerprint256!]]));
      const credential = await tokenFor(secure, options);
      await expect(client(options).getStatus(secure.address, credential)).resolves.toMatchObject({
        miner_state: 'mining',
      });
      expect(JSON.parse(lastRequest(secure, '/api/v1/unlock').body)).toStrictEqual({ pw: password });
    });

    it('a certificate that changed since it was pinned → TLS_CHANGED with the new fingerprint', async () => {
      const pinned = secure.certificateFingerprint256!;
      await secure.rotateCertificate();
      expect(secure.certificateFingerprint256).not.toBe(pinned);
      await expect(
        client(pinsFor(new Map([[keyOf(secure), pinned]]))).unlock(secure.address, password),
      ).rejects.toMatchObject({
        code: 'TLS_CHANGED',
        detail: { fingerprint256: secure.certificateFingerprint256 },
      });
      expect(secure.requests).toEqual([]);
    });
  });
});

describe('real-firmware reads (field profile)', () => {
  let fleet: Fleet;
  let device: SimDevice;
  let spec: SimDevice;
  let c: DeviceClient;
  beforeAll(async () => {
    fleet = await startFleet({
      devices: [
        { profile: 'field', password: 'pw-field' },
        { profile: 'spec', password: 'pw-spec' },
      ],
    });
    [device, spec] = devicesOf(fleet, 2);
    c = createDeviceClient();
  });
  afterAll(async () => {
    c.close();
    await fleet.close();
  });

  it('getInfo is anonymous and identifies the device', async () => {
    const info = await c.getInfo(device.address, undefined);
    expect(credentialHeadersOf(lastRequest(device, '/api/v1/info'))).toEqual([]);
    expect(readStatus({}, undefined, info).identity).toMatchObject({ mac: device.options.mac });
  });

  it('status + summary + info read into a full reading', async () => {
    const credential: DeviceCredential = { kind: 'token', token: await c.unlock(device.address, 'pw-field') };
    const [status, summary, info] = await Promise.all([
      c.getStatus(device.address, credential),
      c.getSummary(device.address, credential),
      c.getInfo(device.address, undefined),
    ]);
    const reading = readStatus(status, summary, info);
    expect(deviceReadingSchema.safeParse(reading).success).toBe(true);
    expect(reading).toMatchObject({ unlocked: true, state: { kind: 'mining' }, hashRate: { unit: 'GH/s' } });
    expect(reading.boards.length).toBeGreaterThan(0);
    expect(reading.fans.length).toBeGreaterThan(0);
    expect(reading.pools.length).toBeGreaterThan(0);
  });

  it('list and delete API keys', async () => {
    const credential: DeviceCredential = { kind: 'token', token: await c.unlock(device.address, 'pw-field') };
    await c.createApiKey(device.address, credential, { key: KEY, description: 'Minerdeck' });
    expect(await c.listApiKeys(device.address, credential)).toEqual([{ key: KEY, description: 'Minerdeck' }]);
    await c.deleteApiKey(device.address, credential, KEY);
    const deletion = lastRequest(device, '/api/v1/apikeys/delete');
    expect(deletion.method).toBe('POST');
    expect(JSON.parse(deletion.body)).toStrictEqual({ key: KEY });
    expect(await c.listApiKeys(device.address, credential)).toEqual([]);
  });

  it('a spec device has no /info or /summary: HTTP_ERROR 404, so callers detect the capability', async () => {
    await expect(c.getInfo(spec.address, undefined)).rejects.toMatchObject({
      code: 'HTTP_ERROR',
      detail: { status: 404 },
    });
    await expect(c.getSummary(spec.address, undefined)).rejects.toMatchObject({
      code: 'HTTP_ERROR',
      detail: { status: 404 },
    });
  });
});
