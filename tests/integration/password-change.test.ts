/**
 * Changing device passwords (commission/password-change.ts, password-bulk.ts) against simulated devices
 * over real HTTP: keychain first, one POST per device, verified by unlocking with the new password, a
 * lost answer decided by a read-back, and the monitor's unlocks never sending the old password once the
 * device took the new one.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { englishTranslator } from '../../shared/i18n/translate';
import { createTranslator } from '../../shared/i18n/translate-sync';
import { createCommissionServices } from '../../electron/core/commission/commission-services';
import { createJournaledStore } from '../../electron/core/credentials/journaled-store';
import { createMemoryStore } from '../../electron/core/credentials/memory-store';
import { createSessionManager } from '../../electron/core/credentials/session-manager';
import { createVault } from '../../electron/core/credentials/vault';
import type { DeviceClient } from '../../electron/core/device/client';
import { createDeviceClient } from '../../electron/core/device/client';
import type { Fleet, SimDevice, SimDeviceOptions } from '../simulator';
import { startFleet } from '../simulator';
import { hookedClient } from '../support/hooked-client';
import { requestsTo, targetOf, unlocksOf } from '../support/sim-targets';

const OLD = 'admin';
const NEW = 'N3w-site-password';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let fleet: Fleet | undefined;
let client: DeviceClient | undefined;
afterEach(async () => {
  client?.close();
  await fleet?.close();
  fleet = undefined;
  client = undefined;
});

async function setup(devices: SimDeviceOptions[], totalTimeoutMs = 2_000) {
  fleet = await startFleet({ devices: devices.map((d) => ({ password: OLD, ...d })) });
  client = createDeviceClient({ totalTimeoutMs, connectTimeoutMs: 500 });
  const vault = createVault(createMemoryStore());
  const sessions = createSessionManager({ client, vault });
  const commission = createCommissionServices({ client, credentials: { vault, sessions } });
  const targets = fleet.devices.map((d) => targetOf(d));
  for (const t of targets) await vault.setDevicePassword(t.deviceId, OLD);
  const change = async () => {
    const plan = await commission.planPasswordChange(targets);
    return commission.changePasswords(targets, NEW, { plan });
  };
  return { devices: fleet.devices, vault, sessions, targets, commission, change };
}

const settingsPosts = (device: SimDevice) => requestsTo(device, '/api/v1/settings', 'POST');
const unlockPasswords = (device: SimDevice) =>
  unlocksOf(device).map((r) => (JSON.parse(r.body) as { pw: string }).pw);

describe('password change', () => {
  it('changes, verifies by unlocking with the new password, and keeps it as the device password', async () => {
    const { devices, vault, targets, change } = await setup([{}, {}]);
    const { results } = await change();
    expect(results).toMatchObject([{ outcome: 'done' }, { outcome: 'done' }]);
    for (const [i, device] of devices.entries()) {
      expect(device.password).toBe(NEW);
      expect(settingsPosts(device)).toHaveLength(1);
      expect(JSON.parse(settingsPosts(device)[0]!.body)).toEqual({ password: { current: OLD, pw: NEW } });
      // the last unlock is the verification with the new password
      expect(unlockPasswords(device).at(-1)).toBe(NEW);
      const stored = await vault.passwordFor(targets[i]!.deviceId, undefined);
      expect(stored?.secret).toBe(NEW);
      expect(await vault.pendingPasswordFor(targets[i]!.deviceId)).toBeUndefined();
    }
    const listing = await vault.list();
    expect(listing.devices[0]?.password).toMatchObject({
      factoryDefault: false,
      changedAt: expect.any(String),
    });
  });

  it('the device refuses a wrong current password: the old password stays, pending dropped, sent once', async () => {
    const { devices, vault, targets, change } = await setup([{ password: 'other-pw' }]);
    const target = targets[0]!;
    // An API key the device honours lets the write reach it with a wrong stored password.
    const token = await client!.unlock(target.address, 'other-pw');
    const key = 'k'.repeat(32);
    await client!.createApiKey(target.address, { kind: 'token', token }, { key, description: 'test' });
    await vault.setApiKey(target.deviceId, key, { description: 'test' });
    const { results } = await change();
    expect(results[0]).toMatchObject({
      outcome: 'failed',
      message: expect.stringMatching(/refused the change/),
    });
    expect(devices[0]!.password).toBe('other-pw');
    expect(settingsPosts(devices[0]!)).toHaveLength(1);
    expect(await vault.pendingPasswordFor(target.deviceId)).toBeUndefined();
    expect((await vault.passwordFor(target.deviceId, undefined))?.secret).toBe(OLD);
  });

  it('a stored password the device refuses at unlock: nothing is sent and the change fails', async () => {
    const { devices, vault, targets, change } = await setup([{ password: 'other-pw' }]);
    const { results } = await change();
    expect(results[0]?.outcome).toBe('failed');
    expect(devices[0]!.password).toBe('other-pw');
    expect(settingsPosts(devices[0]!)).toHaveLength(0);
    expect(await vault.pendingPasswordFor(targets[0]!.deviceId)).toBeUndefined();
  });

  it('a 500 before applying: failed, nothing changed, pending dropped, sent once', async () => {
    const { devices, vault, targets, change } = await setup([{}]);
    devices[0]!.addFault({ fault: { kind: 'http-500' }, paths: ['/api/v1/settings'], methods: ['POST'] });
    const { results } = await change();
    expect(results[0]).toMatchObject({
      outcome: 'failed',
      message: expect.stringMatching(/refused the change/),
    });
    // The window's words (issue 35): the English is the message, the Russian says the same.
    expect(englishTranslator().t(results[0]!.text!)).toBe(results[0]!.message);
    expect(createTranslator('ru').t(results[0]!.text!)).toContain('устройство отклонило смену пароля');
    expect(devices[0]!.password).toBe(OLD);
    expect(settingsPosts(devices[0]!)).toHaveLength(1);
    expect(await vault.pendingPasswordFor(targets[0]!.deviceId)).toBeUndefined();
    expect((await vault.passwordFor(targets[0]!.deviceId, undefined))?.secret).toBe(OLD);
  });

  it('an answer lost after applying: never resent; the read-back finds the new password and keeps it', async () => {
    const { devices, vault, targets, change } = await setup([{}], 800);
    devices[0]!.addFault({
      fault: { kind: 'hang-after-apply' },
      paths: ['/api/v1/settings'],
      methods: ['POST'],
      times: 1,
    });
    const { results } = await change();
    expect(results[0]).toMatchObject({ outcome: 'done', message: expect.stringMatching(/no clear answer/) });
    expect(settingsPosts(devices[0]!)).toHaveLength(1);
    expect((await vault.passwordFor(targets[0]!.deviceId, undefined))?.secret).toBe(NEW);
  });

  it('reads started right after the device took the new password wait, and never send the old one', async () => {
    const { devices, vault, sessions, targets } = await setup([{}]);
    const target = targets[0]!;
    const read = () => sessions.withCredential(target, (c) => client!.getStatus(target.address, c));
    await read();
    // The device has applied the change and ended every session; the verification has not run yet.
    const started: Promise<unknown>[] = [];
    const hooked = hookedClient(client!, {
      changePassword: async () => {
        for (let i = 0; i < 10; i += 1) started.push(read());
        // Time for those reads to meet the device's 401 and look for a password to unlock with.
        await sleep(150);
      },
    });
    const commission = createCommissionServices({ client: hooked, credentials: { vault, sessions } });
    const plan = await commission.planPasswordChange(targets);
    const { results } = await commission.changePasswords(targets, NEW, { plan });
    expect(results[0]?.outcome).toBe('done');
    expect(started).toHaveLength(10);
    await Promise.all(started);
    await read();
    const sent = unlockPasswords(devices[0]!);
    expect(sent).toEqual([OLD, NEW]);
  });

  it('a pending password left by a crash is tried once at the next unlock and kept when accepted', async () => {
    const { devices, vault, targets } = await setup([{}]);
    const target = targets[0]!;
    // the device has the new password, the keychain still the old one plus the pending new one
    await vault.setPendingPassword(target.deviceId, NEW, { changedAt: '2026-11-24T10:00:00.000Z' });
    devices[0]!.setPassword(NEW);
    const sessions = createSessionManager({ client: client!, vault });
    await sessions.withCredential(target, (c) => client!.getStatus(target.address, c));
    expect(unlockPasswords(devices[0]!)).toEqual([NEW]);
    expect((await vault.passwordFor(target.deviceId, undefined))?.secret).toBe(NEW);
    expect(await vault.pendingPasswordFor(target.deviceId)).toBeUndefined();
  });

  it('a pending password the device refuses: the old one is tried once and kept', async () => {
    const { devices, vault, targets } = await setup([{}]);
    const target = targets[0]!;
    await vault.setPendingPassword(target.deviceId, NEW, { changedAt: '2026-11-24T10:00:00.000Z' });
    const sessions = createSessionManager({ client: client!, vault });
    await sessions.withCredential(target, (c) => client!.getStatus(target.address, c));
    expect(unlockPasswords(devices[0]!)).toEqual([NEW, OLD]);
    expect((await vault.pendingPasswordFor(target.deviceId))?.rejected).toBe(true);
  });

  it('neither the pending nor the old password: "password unknown", and nothing more is tried', async () => {
    const { devices, vault, targets } = await setup([{ password: 'someone-else' }]);
    const target = targets[0]!;
    await vault.setPendingPassword(target.deviceId, NEW, { changedAt: '2026-11-24T10:00:00.000Z' });
    const sessions = createSessionManager({ client: client!, vault });
    const read = () => sessions.withCredential(target, (c) => client!.getStatus(target.address, c));
    await expect(read()).rejects.toThrow(/refused/);
    await expect(read()).rejects.toThrow(
      /password unknown: changed by this laptop at 2026-11-24T10:00:00.000Z/,
    );
    await expect(read()).rejects.toThrow(/password unknown/);
    expect(unlockPasswords(devices[0]!)).toEqual([NEW, OLD]);
  });

  it('the preview skips devices with no known password, and the bulk reports them as skipped', async () => {
    const { devices, vault, targets, commission } = await setup([{}, {}]);
    await vault.deleteDevicePassword(targets[1]!.deviceId);
    const plan = await commission.planPasswordChange(targets, {
      offlineReason: () => undefined,
    });
    expect(plan.map((p) => p.send)).toEqual([true, false]);
    expect(plan[1]?.detail).toMatch(/no known current password/);
    // The preview's lines for the window's language (issue 35): English word for word, and Russian.
    for (const entry of plan) expect(englishTranslator().t(entry.detailText!)).toBe(entry.detail);
    expect(createTranslator('ru').t(plan[0]!.detailText!)).toBe(
      'текущий пароль: сохранённый пароль устройства',
    );
    const { results } = await commission.changePasswords(targets, NEW, { plan });
    expect(results.map((r) => r.outcome)).toEqual(['done', 'skipped']);
    expect(settingsPosts(devices[1]!)).toHaveLength(0);
    expect(devices[1]!.password).toBe(OLD);
  });
});

describe('password change seen by another process', () => {
  it('a monitor in another process unlocks with the new password after the change, never the old one', async () => {
    fleet = await startFleet({ devices: [{ password: OLD }] });
    client = createDeviceClient({ totalTimeoutMs: 2_000, connectTimeoutMs: 500 });
    const device = fleet.devices[0]!;
    const target = targetOf(device);
    // Two processes over one keychain: each writes through its own journal, filed later (not here).
    const keychain = createMemoryStore();
    const storeOf = () => createJournaledStore(keychain, { autoFile: false });
    const changing = createVault(storeOf());
    const watching = createVault(storeOf());
    // Stored earlier, already filed into its own account: both processes see it.
    await createVault(keychain).setDevicePassword(target.deviceId, OLD);
    const watcher = createSessionManager({ client, vault: watching });
    const read = () => watcher.withCredential(target, (c) => client!.getStatus(target.address, c));
    await read();
    expect(unlockPasswords(device)).toEqual([OLD]);

    const sessions = createSessionManager({ client, vault: changing });
    const commission = createCommissionServices({ client, credentials: { vault: changing, sessions } });
    const plan = await commission.planPasswordChange([target]);
    const { results } = await commission.changePasswords([target], NEW, { plan });
    expect(results[0]?.outcome).toBe('done');

    // The watcher's session ended with the change: its one fresh unlock uses the new password.
    await read();
    const changeAt = device.requests.findIndex((r) => r.path === '/api/v1/settings');
    const after = device.requests
      .slice(changeAt)
      .filter((r) => r.path === '/api/v1/unlock')
      .map((r) => (JSON.parse(r.body) as { pw: string }).pw);
    // the changer's check, then the watcher's one fresh unlock
    expect(after).toEqual([NEW, NEW]);
  });
});
