/**
 * The session manager against simulated devices over real HTTP: which credential goes out, unlocking
 * again by itself only when that is safe, and never locking a technician out.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../electron/core/credentials/memory-store';
import { createPasswordGuard, UNANSWERED_WAIT_SECONDS } from '../../electron/core/credentials/password-guard';
import { createSessionManager } from '../../electron/core/credentials/session-manager';
import { createVault } from '../../electron/core/credentials/vault';
import type { CredentialVault } from '../../electron/core/credentials/vault';
import type { SimDeviceOptions } from '../simulator';
import { credentialHeadersOf } from '../support/recorded-requests';
import { requestsTo, targetOf, unlocksOf } from '../support/sim-targets';
import { fleetPerTest } from '../support/fleet-per-test';

const PASSWORD = 'Site-pw-1';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const sims = fleetPerTest();

/** `now`: the password guard's clock (lockout and unanswered waits), real time unless given. */
async function setup(
  options: SimDeviceOptions,
  stored: { password?: string } = { password: PASSWORD },
  now?: () => number,
) {
  const { fleet, client } = await sims.open(
    { devices: [{ password: PASSWORD, ...options }] },
    { totalTimeoutMs: 3_000 },
  );
  const device = fleet.devices[0]!;
  const vault: CredentialVault = createVault(createMemoryStore());
  const target = targetOf(device);
  if (stored.password !== undefined) await vault.setDevicePassword(target.deviceId, stored.password);
  const sessions = createSessionManager({
    client,
    vault,
    ...(now !== undefined ? { guard: createPasswordGuard(now) } : {}),
  });
  const read = () => sessions.withCredential(target, (c) => client.getStatus(target.address, c));
  return { fleet, client, device, vault, target, sessions, read };
}

describe('session manager', () => {
  it('unlocks with the stored password once, then reuses the token', async () => {
    const { device, read, sessions, target } = await setup({ profile: 'spec' });
    await read();
    await read();
    expect(unlocksOf(device)).toHaveLength(1);
    expect(JSON.parse(unlocksOf(device)[0]!.body)).toEqual({ pw: PASSWORD });
    expect(requestsTo(device, '/api/v1/status').map(credentialHeadersOf)).toEqual([
      ['authorization'],
      ['authorization'],
    ]);
    expect(sessions.state(target.deviceId)).toEqual({ kind: 'unlocked' });
  });

  it('token expiry: the next call unlocks again by itself and succeeds', async () => {
    const { device, read } = await setup({ profile: 'spec', tokenLifetimeMs: 300 });
    await read();
    await sleep(450);
    await expect(read()).resolves.toMatchObject({ miner_state: 'mining' });
    expect(unlocksOf(device)).toHaveLength(2);
    // status: ok, 401 (expired), ok after the fresh unlock
    expect(requestsTo(device, '/api/v1/status')).toHaveLength(3);
  });

  it('100 parallel reads of a locked device share one POST /unlock — also after the session ends', async () => {
    const { device, read } = await setup({ profile: 'spec' });
    const first = await Promise.all(Array.from({ length: 100 }, read));
    expect(first).toHaveLength(100);
    expect(unlocksOf(device)).toHaveLength(1);
    expect(requestsTo(device, '/api/v1/status')).toHaveLength(100);

    device.expireTokens();
    await Promise.all(Array.from({ length: 100 }, read));
    expect(unlocksOf(device)).toHaveLength(2);
  });

  it('a wrong stored password: exactly one /unlock, ever — even for a new session manager', async () => {
    const { device, read, vault, sessions, target, client } = await setup(
      { profile: 'field' },
      { password: 'wrong-pw' },
    );
    const parallel = await Promise.allSettled(Array.from({ length: 5 }, read));
    expect(parallel.every((r) => r.status === 'rejected')).toBe(true);
    await expect(read()).rejects.toMatchObject({
      code: 'AUTH_REQUIRED',
      message: expect.stringMatching(/needs its password/),
    });
    expect(unlocksOf(device)).toHaveLength(1);
    expect(sessions.state(target.deviceId)).toMatchObject({ kind: 'needs-password' });
    expect(await vault.passwordFor(target.deviceId, undefined)).toMatchObject({ rejected: true });

    // A new process (new manager, same keychain) does not send it either.
    const fresh = createSessionManager({ client, vault });
    await expect(
      fresh.withCredential(target, (c) => client.getStatus(target.address, c)),
    ).rejects.toMatchObject({
      code: 'AUTH_REQUIRED',
    });
    expect(unlocksOf(device)).toHaveLength(1);
  });

  it('a password the device refused is not sent again even when the user re-submits it; a new one is', async () => {
    const { device, sessions, target, read } = await setup({ profile: 'field' }, {});
    await expect(sessions.unlockWith(target, 'typo-pw')).rejects.toMatchObject({ code: 'WRONG_PASSWORD' });
    await expect(sessions.unlockWith(target, 'typo-pw')).rejects.toMatchObject({
      code: 'WRONG_PASSWORD',
      message: expect.stringMatching(/already refused.*not sent again/),
    });
    expect(unlocksOf(device)).toHaveLength(1);
    await sessions.unlockWith(target, PASSWORD);
    expect(unlocksOf(device)).toHaveLength(2);
    await expect(read()).resolves.toMatchObject({ unlocked: true });
    expect(unlocksOf(device)).toHaveLength(2);
  });

  it('a lockout is respected to the second: nothing is sent until the wait the device gave is over', async () => {
    const { device, sessions, target } = await setup(
      { profile: 'field', lockoutThreshold: 1, lockoutSeconds: 2 },
      {},
    );
    await expect(sessions.unlockWith(target, 'wrong-once')).rejects.toMatchObject({ code: 'WRONG_PASSWORD' });
    await expect(sessions.unlockWith(target, PASSWORD)).rejects.toMatchObject({
      code: 'LOCKED_OUT',
      detail: { retryAfterSeconds: 2 },
    });
    const lockedAt = Date.now();
    expect(unlocksOf(device)).toHaveLength(2);
    expect(sessions.state(target.deviceId)).toEqual({ kind: 'locked-out', secondsLeft: 2 });

    await sleep(1_100);
    await expect(sessions.unlockWith(target, PASSWORD)).rejects.toMatchObject({
      code: 'LOCKED_OUT',
      detail: { retryAfterSeconds: 1 },
      message: expect.stringMatching(/wait 1 s.*nothing was sent/),
    });
    expect(unlocksOf(device)).toHaveLength(2);

    for (let i = 0; i < 40 && sessions.state(target.deviceId).kind === 'locked-out'; i += 1) await sleep(50);
    expect(Date.now() - lockedAt).toBeGreaterThanOrEqual(1_950);
    await sessions.unlockWith(target, PASSWORD);
    expect(unlocksOf(device)).toHaveLength(3);
    expect(sessions.state(target.deviceId)).toEqual({ kind: 'unlocked' });
  });

  it('401 right after a fresh unlock: one more unlock, then needs-password and no further tries', async () => {
    const { device, read, sessions, target } = await setup({ profile: 'spec' });
    device.addFault({ fault: { kind: 'status', code: 401 }, paths: ['/api/v1/status'] });
    await expect(read()).rejects.toMatchObject({ code: 'AUTH_REQUIRED' });
    expect(unlocksOf(device)).toHaveLength(2);
    expect(sessions.state(target.deviceId)).toMatchObject({ kind: 'needs-password' });
    await expect(read()).rejects.toMatchObject({ code: 'AUTH_REQUIRED' });
    expect(unlocksOf(device)).toHaveLength(2);
  });

  it('prefers the stored API key alone; a key the device refuses falls back to the password', async () => {
    const { device, read, vault, target, client, fleet } = await setup({ profile: 'spec' });
    const token = await client.unlock(target.address, PASSWORD);
    const key = 'Q'.repeat(32);
    await client.createApiKey(target.address, { kind: 'token', token }, { key, description: 'test' });
    await vault.setApiKey(target.deviceId, key, { description: 'test' });
    fleet.clearRequests();

    await read();
    expect(unlocksOf(device)).toHaveLength(0);
    expect(requestsTo(device, '/api/v1/status').map(credentialHeadersOf)).toEqual([['x-api-key']]);

    await vault.setApiKey(target.deviceId, 'R'.repeat(32), { description: 'not on the device' });
    await read();
    expect(unlocksOf(device)).toHaveLength(1);
    expect(requestsTo(device, '/api/v1/status').map(credentialHeadersOf)).toEqual([
      ['x-api-key'],
      ['x-api-key'],
      ['authorization'],
    ]);
  });

  it("uses the site's password for a device without its own", async () => {
    const { device, vault, sessions, target, client } = await setup({ profile: 'spec' }, {});
    await vault.setSitePassword('north-hall', PASSWORD);
    await sessions.withCredential({ ...target, siteId: 'north-hall' }, (c) =>
      client.getStatus(target.address, c),
    );
    expect(JSON.parse(unlocksOf(device)[0]!.body)).toEqual({ pw: PASSWORD });
  });

  it('without any stored password it asks for one instead of guessing', async () => {
    const { device, read } = await setup({ profile: 'spec' }, {});
    await expect(read()).rejects.toMatchObject({
      code: 'AUTH_REQUIRED',
      message: expect.stringMatching(/no password is stored/),
    });
    expect(unlocksOf(device)).toHaveLength(0);
  });

  it('a given password the device never answered is held: not re-sent by itself before the lockout wait, then once', async () => {
    // The device read the unlock and went silent: it may have counted a wrong password (design.md).
    let now = 0;
    const { device, read, sessions, target } = await setup({ profile: 'spec' }, {}, () => now);
    device.addFault({ fault: { kind: 'hang' }, paths: ['/api/v1/unlock'] });
    await expect(sessions.unlockWith(target, PASSWORD)).rejects.toMatchObject({ code: 'TIMEOUT' });
    device.clearFaults();
    await expect(read()).rejects.toMatchObject({
      code: 'AUTH_REQUIRED',
      message: expect.stringMatching(/got no answer .* tried once more by itself in 60 s/),
    });
    expect(unlocksOf(device)).toHaveLength(1);
    now += UNANSWERED_WAIT_SECONDS * 1000;
    await expect(read()).resolves.toMatchObject({ miner_state: 'mining' });
    expect(unlocksOf(device).map((r) => JSON.parse(r.body) as unknown)).toEqual([
      { pw: PASSWORD },
      { pw: PASSWORD },
    ]);
    await read();
    expect(unlocksOf(device)).toHaveLength(2);
  });

  it('only a password the device accepted tells what it has: not one it never answered, nor one it refused', async () => {
    const { device, read, sessions, target } = await setup({ profile: 'spec' }, {});
    device.addFault({ fault: { kind: 'hang' }, paths: ['/api/v1/unlock'] });
    await expect(sessions.unlockWith(target, PASSWORD)).rejects.toMatchObject({ code: 'TIMEOUT' });
    expect(sessions.acceptedPasswordIs(target.deviceId, PASSWORD)).toBeUndefined();
    device.clearFaults();
    // Given again by the user (their decision after no answer), then accepted.
    await sessions.unlockWith(target, PASSWORD);
    await read();
    expect(sessions.acceptedPasswordIs(target.deviceId, PASSWORD)).toBe(true);
    expect(sessions.acceptedPasswordIs(target.deviceId, 'admin')).toBe(false);
    // Refusing another password says nothing against the one it accepted.
    await expect(sessions.unlockWith(target, 'wrong-pw')).rejects.toMatchObject({ code: 'WRONG_PASSWORD' });
    expect(sessions.acceptedPasswordIs(target.deviceId, PASSWORD)).toBe(true);
    sessions.passwordChanged(target.deviceId);
    expect(sessions.acceptedPasswordIs(target.deviceId, PASSWORD)).toBeUndefined();
  });

  it('a stored password the device accepts is evidence too; refused, it is no longer', async () => {
    const { device, read, sessions, target } = await setup({ profile: 'spec' });
    await read();
    expect(sessions.acceptedPasswordIs(target.deviceId, PASSWORD)).toBe(true);
    device.expireTokens();
    device.setPassword('changed-elsewhere-1');
    await expect(read()).rejects.toMatchObject({ code: 'WRONG_PASSWORD' });
    expect(sessions.acceptedPasswordIs(target.deviceId, PASSWORD)).toBeUndefined();
  });

  it('a given password answered with garbage is not sent again by itself, and the reason says so', async () => {
    const { device, read, sessions, target } = await setup({ profile: 'spec' }, {});
    device.addFault({ fault: { kind: 'malformed-json' }, paths: ['/api/v1/unlock'] });
    await expect(sessions.unlockWith(target, PASSWORD)).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
    device.clearFaults();
    await expect(read()).rejects.toMatchObject({
      code: 'AUTH_REQUIRED',
      message: expect.stringMatching(/the unlock with the password given failed \(.*malformed/),
    });
    expect(unlocksOf(device)).toHaveLength(1);
  });

  it('callers waiting on a shared unlock can cancel', async () => {
    const { device, sessions, target, client } = await setup({ profile: 'spec' });
    device.addFault({ fault: { kind: 'hang' }, paths: ['/api/v1/unlock'] });
    const controller = new AbortController();
    const calls = [1, 2, 3].map(() =>
      sessions.withCredential(target, (c) => client.getStatus(target.address, c), {
        signal: controller.signal,
      }),
    );
    await sleep(100);
    controller.abort();
    const results = await Promise.allSettled(calls);
    expect(results.map((r) => r.status === 'rejected' && (r.reason as { code: string }).code)).toEqual([
      'CANCELLED',
      'CANCELLED',
      'CANCELLED',
    ]);
    expect(unlocksOf(device)).toHaveLength(1);
  });
});
