/**
 * A revoked API key, on devices that refuse a bad credential on `/status` either way
 * firmware does — an empty 401, or 200 `unlocked: false` (the only answer the vendor document declares).
 * Either way the key ends as refused: the stored password unlocks the device once, else it needs a
 * password — in the monitor (the app's state and reason), `minerdeck status` and `minerdeck monitor`
 * (child processes, over a real keychain where a stored key is needed).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceClient } from '../../electron/core/device/client';
import { createDeviceClient } from '../../electron/core/device/client';
import type { Fleet, SimDevice, StatusOnBadCredential } from '../simulator';
import { startFleet } from '../simulator';
import { clearService, testServiceName } from '../support/keychain';
import type { MonitorHarness } from '../support/monitor-harness';
import { startMonitorHarness } from '../support/monitor-harness';
import { credentialHeadersOf } from '../support/recorded-requests';
import { describeWith, keychain } from '../support/requirements';
import { runCli } from '../support/run-cli';
import { devicesOf, requestsTo, unlocksOf } from '../support/sim-targets';

const KEY = 'Revoked'.padEnd(32, 'k');
const PASSWORD = 'Revoke-pw-7';
const MODES: StatusOnBadCredential[] = ['401', 'unlocked-false'];
const KEY_REFUSED = /needs its password: the stored API key was refused and no password is stored for it/;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
/** Polls slow enough that a loaded CI machine never times one out (a timeout is not a refusal). */
const SETTINGS = { intervalMs: 150, timeoutMs: 140 };

/** Creates `key` on the device in a password session, as provisioning did on an earlier visit. */
async function createKey(client: DeviceClient, device: SimDevice, key: string): Promise<void> {
  const token = await client.unlock(device.address, device.options.password ?? 'admin');
  await client.createApiKey(device.address, { kind: 'token', token }, { key, description: 'point 7' });
}
/** Someone deletes the key on the device (its web page, another tool). */
async function revokeKey(client: DeviceClient, device: SimDevice, key: string): Promise<void> {
  const token = await client.unlock(device.address, device.options.password ?? 'admin');
  await client.deleteApiKey(device.address, { kind: 'token', token }, key);
  expect(device.apiKeys).toEqual([]);
}

/** What `/status` itself answers the revoked key, per mode: the two ways firmware refuses it. */
const RAW_REFUSAL: Record<StatusOnBadCredential, (answer: Promise<unknown>) => Promise<void>> = {
  '401': (answer) => expect(answer).rejects.toMatchObject({ code: 'AUTH_REQUIRED', detail: { status: 401 } }),
  'unlocked-false': (answer) => expect(answer).resolves.toMatchObject({ unlocked: false }),
};

describe.each(MODES)('monitor: a key revoked on a device answering a bad credential with %s', (mode) => {
  let h: MonitorHarness | undefined;
  /** The set-up's own client, with default timeouts (the harness's are the monitor's, short). */
  const client = createDeviceClient();
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });
  afterAll(() => client.close());

  it('no password stored: needs-password, with the key named as refused; no unlock sent', async () => {
    h = await startMonitorHarness({
      devices: [{ statusOnBadCredential: mode }],
      storePasswords: false,
      settings: SETTINGS,
    });
    const [device] = h.devices;
    const [target] = h.targets;
    await createKey(client, device!, KEY);
    await h.vault.setApiKey(target!.deviceId, KEY, { description: 'point 7' });
    h.monitor.start(h.targets);
    await h.waitForState(0, 'online');
    expect(h.detail(0).credential).toBe('apiKey');

    await revokeKey(client, device!, KEY);
    await RAW_REFUSAL[mode](client.getStatus(device!.address, { kind: 'apiKey', key: KEY }));
    const unlocksBefore = unlocksOf(device!).length;
    const stuck = await h.waitForState(0, 'needs-password');
    expect(stuck.view.reason).toMatch(/^the device no longer accepts its credentials: /);
    expect(stuck.view.reason).toMatch(KEY_REFUSED);
    expect(stuck.alerts.map((a) => a.kind)).toEqual(['needs-password']);
    expect(h.sessions.state(target!.deviceId)).toMatchObject({ kind: 'needs-password' });
    await sleep(300);
    expect(h.detail(0).view.state).toBe('needs-password');
    expect(unlocksOf(device!)).toHaveLength(unlocksBefore);
  });

  it('a password stored: one unlock with it, then online on a session token', async () => {
    h = await startMonitorHarness({ devices: [{ statusOnBadCredential: mode }], settings: SETTINGS });
    const [device] = h.devices;
    const [target] = h.targets;
    await createKey(client, device!, KEY);
    await revokeKey(client, device!, KEY);
    await RAW_REFUSAL[mode](client.getStatus(device!.address, { kind: 'apiKey', key: KEY }));
    await h.vault.setApiKey(target!.deviceId, KEY, { description: 'point 7' });
    h.fleet.clearRequests();
    h.monitor.start(h.targets);
    await h.waitForState(0, 'online');
    await sleep(300);
    expect(h.detail(0)).toMatchObject({ credential: 'token', view: { reason: 'device reports mining' } });
    expect(unlocksOf(device!)).toHaveLength(1);
    // The refused key is not tried again: every read after the unlock carries the session token.
    const reads = requestsTo(device!, '/api/v1/status').map((r) => credentialHeadersOf(r).join());
    expect(reads[0]).toBe('x-api-key');
    const unlocked = reads.indexOf('authorization');
    expect(unlocked).toBeGreaterThan(0);
    expect(reads.slice(unlocked).every((headers) => headers === 'authorization')).toBe(true);
  });
});

describe('minerdeck status and monitor (child processes) with a revoked key', () => {
  const SERVICE = testServiceName('revoked');
  const env = { MINERDECK_KEYCHAIN_SERVICE: SERVICE, DISPLAY: undefined, WAYLAND_DISPLAY: undefined };
  let fleet: Fleet;
  let client: DeviceClient;
  const byMode = new Map<StatusOnBadCredential, SimDevice>();

  beforeAll(async () => {
    fleet = await startFleet({
      defaults: { password: PASSWORD },
      devices: MODES.map((statusOnBadCredential) => ({ statusOnBadCredential })),
    });
    devicesOf(fleet, 2).forEach((device, i) => byMode.set(MODES[i]!, device));
    client = createDeviceClient();
  });
  afterAll(async () => {
    client.close();
    await fleet.close();
    await clearService(SERVICE);
  });

  it.each(MODES)('status --api-key-stdin with a revoked key (%s): AUTH_REQUIRED, exit 1', async (mode) => {
    const device = byMode.get(mode)!;
    const run = await runCli(['status', device.address, '--api-key-stdin', '--json'], {
      stdin: 'Never'.padEnd(32, 'x'),
      env,
    });
    expect(run.code).toBe(1);
    expect(run.json[0]).toMatchObject({
      ok: false,
      error: { code: 'AUTH_REQUIRED', message: expect.stringMatching(/the device refused the credentials/) },
    });
  });

  describeWith(keychain, 'with the key stored in the keychain', () => {
    it.each(MODES)(
      'status and monitor (%s): needs its password, the key named as refused',
      async (mode) => {
        const device = byMode.get(mode)!;
        // A key created and stored with a password typed in (not remembered): the key is all it has.
        const created = await runCli(['key', 'create', device.address, '--password-stdin'], {
          stdin: PASSWORD,
          env,
        });
        expect(created.code).toBe(0);
        const [key] = device.apiKeys;
        const working = await runCli(['status', device.address, '--json'], { env });
        expect(working.json[0]).toMatchObject({ ok: true, credential: 'API key' });
        await revokeKey(client, device, key!.key);
        const unlocksBefore = unlocksOf(device).length;

        const status = await runCli(['status', device.address, '--json'], { env });
        expect(status.code).toBe(1);
        expect(status.json[0]).toMatchObject({
          ok: false,
          error: { code: 'AUTH_REQUIRED', message: expect.stringMatching(KEY_REFUSED) },
        });
        const human = await runCli(['status', device.address], { env });
        expect(human.code).toBe(1);
        expect(human.stderr).toMatch(KEY_REFUSED);

        const monitor = await runCli(
          ['monitor', device.address, '--interval', '0.2', '--timeout', '150', '--duration', '1', '--json'],
          { env },
        );
        expect(monitor.code).toBe(0);
        // Never online this run, so `locked` (not `needs-password`); the reason and alert say it all.
        expect(monitor.json.at(-1)).toMatchObject({
          address: device.address,
          state: 'locked',
          alerts: ['needs-password'],
          final: true,
        });
        expect(monitor.json.at(-1)?.reason).toMatch(KEY_REFUSED);
        expect(unlocksOf(device)).toHaveLength(unlocksBefore);
      },
      60_000,
    );
  });
});
