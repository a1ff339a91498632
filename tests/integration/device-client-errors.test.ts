/**
 * The device client against the simulator over real loopback HTTP, for both profiles: every error code
 * produced by a real simulated answer (hang, reset mid-body, 6 MB body, malformed JSON, HTML, 403 with and
 * without a body, 429, 401 with an empty body, 500 {"err"}, a device that is down, an abort).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DeviceCredential } from '../../shared/domain/credential';
import type { DeviceClient, DeviceClientOptions } from '../../electron/core/device/client';
import { createDeviceClient } from '../../electron/core/device/client';
import type { Fleet, Profile, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { devicesOf } from '../support/sim-targets';

const KEY = 'Kq3vX9mZ2pL7wR4tY8nB1cD6fG0hJ5sA';
const CGMINER_ERR = 'CGMiner err: Cgminer error failed-to-activate-pause-mode';

describe.each<Profile>(['spec', 'field'])('device client errors against the %s profile', (profile) => {
  const password = `${profile}-Pa55word`;
  let fleet: Fleet;
  let main: SimDevice;
  let legacy: SimDevice;
  let guarded: SimDevice;
  let flaky: SimDevice;
  const clients: DeviceClient[] = [];

  beforeAll(async () => {
    fleet = await startFleet({
      devices: [
        { profile, password, lockoutThreshold: 0 },
        { profile, password, lockoutThreshold: 0, legacyFirmware: true },
        { profile, password, lockoutThreshold: 2, lockoutSeconds: 17 },
        { profile, password, lockoutThreshold: 0 },
      ],
    });
    [main, legacy, guarded, flaky] = devicesOf(fleet, 4);
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

  async function tokenFor(device: SimDevice): Promise<DeviceCredential> {
    return { kind: 'token', token: await client().unlock(device.address, password) };
  }

  describe('every error code from a real simulated answer', () => {
    it('a hanging device → TIMEOUT', async () => {
      main.addFault({ fault: { kind: 'hang' }, paths: ['/api/v1/status'] });
      const started = Date.now();
      await expect(
        client({ totalTimeoutMs: 300 }).getStatus(main.address, { kind: 'apiKey', key: KEY }),
      ).rejects.toMatchObject({ code: 'TIMEOUT' });
      expect(Date.now() - started).toBeLessThan(2000);
      expect(main.requests.map((r) => r.path)).toEqual(['/api/v1/status']);
    });

    it('a reset in the middle of the body → UNREACHABLE', async () => {
      main.addFault({ fault: { kind: 'reset-mid-body' }, paths: ['/api/v1/unlock'] });
      await expect(client().unlock(main.address, password)).rejects.toMatchObject({ code: 'UNREACHABLE' });
    });

    it('a 6 MB body → BAD_RESPONSE', async () => {
      main.addFault({ fault: { kind: 'huge-body', bytes: 6 * 1024 * 1024 }, paths: ['/api/v1/status'] });
      await expect(client().getStatus(main.address, await tokenFor(main))).rejects.toMatchObject({
        code: 'BAD_RESPONSE',
        message: expect.stringContaining('answer larger than 1 MiB'),
      });
    });

    it('malformed JSON → BAD_RESPONSE', async () => {
      main.addFault({ fault: { kind: 'malformed-json' }, paths: ['/api/v1/status'] });
      await expect(client().getStatus(main.address, await tokenFor(main))).rejects.toMatchObject({
        code: 'BAD_RESPONSE',
        message: expect.stringContaining('malformed JSON'),
      });
    });

    it('HTML → BAD_RESPONSE', async () => {
      main.addFault({ fault: { kind: 'html' }, paths: ['/api/v1/unlock'] });
      await expect(client().unlock(main.address, password)).rejects.toMatchObject({
        code: 'BAD_RESPONSE',
        message: expect.stringContaining('answered HTML, not JSON'),
      });
    });

    it('a wrong password answered 403 with a body → WRONG_PASSWORD', async () => {
      await expect(client().unlock(main.address, 'not-the-password')).rejects.toMatchObject({
        code: 'WRONG_PASSWORD',
        detail: { status: 403 },
      });
    });

    it('a wrong password answered 403 without a body (old firmware) → WRONG_PASSWORD', async () => {
      await expect(client().unlock(legacy.address, 'not-the-password')).rejects.toMatchObject({
        code: 'WRONG_PASSWORD',
        detail: { status: 403 },
      });
    });

    it('429 {"unlock_timeout": 17} → LOCKED_OUT for 17 s', async () => {
      main.addFault({
        fault: {
          kind: 'status',
          code: 429,
          body: '{"unlock_timeout": 17}',
          headers: { 'content-type': 'application/json' },
        },
        paths: ['/api/v1/unlock'],
      });
      await expect(client().unlock(main.address, password)).rejects.toMatchObject({
        code: 'LOCKED_OUT',
        detail: { retryAfterSeconds: 17 },
        message: expect.stringContaining('locked out: wait 17 s before trying again'),
      });
    });

    it('a real lockout after wrong passwords → LOCKED_OUT with the seconds left', async () => {
      const c = client();
      await expect(c.unlock(guarded.address, 'wrong-1')).rejects.toMatchObject({ code: 'WRONG_PASSWORD' });
      await expect(c.unlock(guarded.address, 'wrong-2')).rejects.toMatchObject({ code: 'WRONG_PASSWORD' });
      await expect(c.unlock(guarded.address, password)).rejects.toMatchObject({
        code: 'LOCKED_OUT',
        detail: { retryAfterSeconds: expect.closeTo(16, -1) },
      });
    });

    it('401 with an empty body (expired token) → AUTH_REQUIRED', async () => {
      const credential = await tokenFor(flaky);
      flaky.expireTokens();
      await expect(client().getStatus(flaky.address, credential)).rejects.toMatchObject({
        code: 'AUTH_REQUIRED',
        detail: { status: 401 },
      });
    });

    it('401 with an empty body on any protected call → AUTH_REQUIRED', async () => {
      main.addFault({ fault: { kind: 'status', code: 401 }, paths: ['/api/v1/apikeys'] });
      await expect(
        client().createApiKey(main.address, await tokenFor(main), { key: KEY, description: 'x' }),
      ).rejects.toMatchObject({ code: 'AUTH_REQUIRED', detail: { status: 401 } });
    });

    it('500 {"err"} → HTTP_ERROR with the device text', async () => {
      main.addFault({ fault: { kind: 'http-500' }, paths: ['/api/v1/status'] });
      await expect(client().getStatus(main.address, await tokenFor(main))).rejects.toMatchObject({
        code: 'HTTP_ERROR',
        detail: { status: 500, deviceMessage: CGMINER_ERR },
        message: expect.stringContaining(`device answered 500: ${CGMINER_ERR}`),
      });
    });

    it('a device that is down (connection refused) → UNREACHABLE', async () => {
      await flaky.goDown(1);
      await expect(client().getStatus(flaky.address, { kind: 'apiKey', key: KEY })).rejects.toMatchObject({
        code: 'UNREACHABLE',
        detail: { cause: 'ECONNREFUSED' },
      });
      await flaky.waitUntilUp();
    });

    it('abort through an AbortSignal → CANCELLED at once', async () => {
      main.addFault({ fault: { kind: 'hang' }, paths: ['/api/v1/status'] });
      const controller = new AbortController();
      const pending = client().getStatus(
        main.address,
        { kind: 'apiKey', key: KEY },
        { signal: controller.signal, totalTimeoutMs: 10_000 },
      );
      await expect.poll(() => main.requests.length).toBe(1);
      const started = Date.now();
      controller.abort();
      await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' });
      expect(Date.now() - started).toBeLessThan(100);
    });

    it('no message ever quotes the password', async () => {
      main.addFault({ fault: { kind: 'http-500', err: `bad pw ${password} ` }, paths: ['/api/v1/unlock'] });
      await expect(client().unlock(main.address, password)).rejects.toMatchObject({
        code: 'HTTP_ERROR',
        message: expect.not.stringContaining(password),
        detail: { deviceMessage: 'bad pw ***' },
      });
    });
  });
});
