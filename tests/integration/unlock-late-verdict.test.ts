/**
 * Devices that answer an unlock slowly, over real HTTP (docs/design.md, Credentials: "Lockout: an unlock
 * without a verdict"). The simulator judges the password after its latency whatever the client does, as a
 * slow device does. Regression for the lockout-safety property failing under load: a monitor poll's
 * 50 ms deadline cancelled the unlock with the stored password, its 403 arrived after that, and every
 * next poll sent the refused password again — 6 unlocks in 1.5 s, a lockout at the default threshold.
 */
import { describe, expect, it } from 'vitest';
import { createMonitor } from '../../electron/core/monitor/monitor';
import type { SimDevice } from '../simulator';
import { servicesFor } from '../support/credential-services';
import { FAST_POLLS } from '../support/fast-polls';
import { fleetPerTest } from '../support/fleet-per-test';
import { targetOf, unlocksOf } from '../support/sim-targets';

const RIGHT = 'Right-pw-1';
const sims = fleetPerTest();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const passwordsSent = (device: SimDevice) =>
  unlocksOf(device).map((r) => (JSON.parse(r.body) as { pw: string }).pw);

/**
 * One device whose unlocks the device judges `ms` late (`latency`), or judges and then drops the
 * connection without an answer (`drop-after-apply`), its password stored.
 */
async function setup(stored: string, fault: { kind: 'latency'; ms: number } | { kind: 'drop-after-apply' }) {
  const { fleet, client } = await sims.open(
    { devices: [{ password: RIGHT, lockoutThreshold: 3, lockoutSeconds: 600 }] },
    { connectTimeoutMs: 500, totalTimeoutMs: 1500 },
  );
  const device = fleet.devices[0]!;
  device.addFault({ fault, paths: ['/api/v1/unlock'] });
  const services = servicesFor(client);
  const target = targetOf(device);
  await services.vault.setDevicePassword(target.deviceId, stored);
  const monitor = createMonitor({ client, sessions: services.sessions, ...FAST_POLLS });
  return { device, client, services, target, monitor };
}

describe('an unlock the device answers late', () => {
  it('the monitor (50 ms polls) sends a wrong stored password once, and learns the late refusal', async () => {
    const { device, services, target, monitor } = await setup('Wrong-pw-1', { kind: 'latency', ms: 250 });
    monitor.start([target]);
    // About 20 poll intervals: the unlock outlives several polls' deadlines.
    await sleep(1200);
    await monitor.stop();
    expect(passwordsSent(device)).toEqual(['Wrong-pw-1']);
    expect(services.sessions.state(target.deviceId)).toMatchObject({
      kind: 'needs-password',
      reason: 'the device refused the stored device password',
    });
  });

  it('a right stored password answered late: sent once, not once per poll', async () => {
    const { device, target, monitor } = await setup(RIGHT, { kind: 'latency', ms: 250 });
    monitor.start([target]);
    await sleep(1200);
    await monitor.stop();
    expect(passwordsSent(device)).toEqual([RIGHT]);
  });

  it('a read waiting on a poll’s unlock is answered by it, not by a second unlock', async () => {
    const { device, client, services, target } = await setup('Wrong-pw-1', { kind: 'latency', ms: 250 });
    const poll = new AbortController();
    const read = (signal?: AbortSignal) =>
      services.sessions.withCredential(
        target,
        (c) => client.getStatus(target.address, c),
        signal ? { signal } : {},
      );
    const polled = read(poll.signal);
    await sleep(30);
    const waiting = read();
    poll.abort();
    await expect(polled).rejects.toMatchObject({ code: 'CANCELLED' });
    await expect(waiting).rejects.toMatchObject({ code: 'WRONG_PASSWORD' });
    expect(passwordsSent(device)).toEqual(['Wrong-pw-1']);
  });

  it('a device whose answer to the unlock is lost: the stored password is not sent again by itself', async () => {
    const { device, client, services, target } = await setup(RIGHT, { kind: 'drop-after-apply' });
    const read = () => services.sessions.withCredential(target, (c) => client.getStatus(target.address, c));
    await expect(read()).rejects.toMatchObject({ code: 'UNREACHABLE' });
    device.clearFaults();
    await expect(read()).rejects.toMatchObject({
      code: 'AUTH_REQUIRED',
      message: expect.stringMatching(/got no answer .* tried once more by itself in 60 s/),
    });
    expect(passwordsSent(device)).toEqual([RIGHT]);
    // The user gives it again (their decision): sent, and accepted.
    await services.sessions.unlockWith(target, RIGHT);
    await expect(read()).resolves.toMatchObject({ miner_state: 'mining' });
    expect(passwordsSent(device)).toEqual([RIGHT, RIGHT]);
  });
});
