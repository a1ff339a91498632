/**
 * Exactly once, and no old password after a change, as the app runs it: the
 * monitor polls the devices every 50 ms on the same credential services while a bulk password change
 * runs. The change ends every session on the device, so the monitor must unlock again — with the new
 * password, never the old one (stored, or typed this session) — and each device gets exactly one
 * `POST /settings`.
 */
import { afterEach, expect, it } from 'vitest';
import { createCommissionServices } from '../../electron/core/commission/commission-services';
import { createDeviceClient } from '../../electron/core/device/client';
import { createMonitor } from '../../electron/core/monitor/monitor';
import type { Monitor } from '../../electron/core/monitor/monitor';
import type { MonitorSettings } from '../../electron/core/monitor/monitor-options';
import { monitorClientOptions } from '../../electron/core/monitor/monitor-options';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { servicesFor } from '../support/credential-services';
import { requestsTo, targetOf, unlocksOf } from '../support/sim-targets';

const FACTORY = 'admin';
const NEW_PW = 'Monitor-side-pw-9';
const SETTINGS: MonitorSettings = { intervalMs: 50, timeoutMs: 40, maxBackoffMs: 400, quickRecheckMs: 20 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let fleet: Fleet | undefined;
let monitor: Monitor | undefined;
const closers: (() => void)[] = [];
afterEach(async () => {
  await monitor?.stop();
  for (const close of closers.splice(0)) close();
  await fleet?.close();
});

/** Every device online in the monitor's view, or the test fails after `ms`. */
async function allOnline(m: Monitor, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!m.snapshot().devices.every((d) => d.state === 'online')) {
    if (Date.now() > deadline) throw new Error(JSON.stringify(m.snapshot().devices.map((d) => d.reason)));
    await sleep(20);
  }
}

it('the monitor re-unlocks with the new password only; one POST /settings per device', async () => {
  fleet = await startFleet({ count: 8, defaults: { password: FACTORY } });
  // As the app and `minerdeck monitor` wire it: one set of credential services, the monitor polling
  // through a client of its own (short timeouts), the writes and unlocks through the main client.
  const client = createDeviceClient({ totalTimeoutMs: 1_500 });
  const pollClient = createDeviceClient(monitorClientOptions(SETTINGS));
  closers.push(
    () => client.close(),
    () => pollClient.close(),
  );
  const services = servicesFor(client);
  const targets = fleet.devices.map((device) => targetOf(device));
  // Half the devices have their password stored; the other half got it typed this session (as
  // `minerdeck monitor --password-stdin` or the app's unlock without "remember" do).
  const [stored, typed] = [targets.slice(0, 4), targets.slice(4)];
  for (const target of stored) await services.vault.setDevicePassword(target.deviceId, FACTORY);
  expect((await services.unlockMany(typed, FACTORY)).every((o) => o.ok)).toBe(true);
  monitor = createMonitor({ client: pollClient, sessions: services.sessions, ...SETTINGS });
  monitor.start(targets);
  await allOnline(monitor, 20_000);

  // Two devices apply the change and never answer: for 1.5 s the device has the new password while the
  // change has no outcome, and the monitor's session is gone — the window where the old one could go out.
  for (const device of [fleet.devices[3]!, fleet.devices[7]!]) {
    device.addFault({
      fault: { kind: 'hang-after-apply' },
      paths: ['/api/v1/settings'],
      methods: ['POST'],
      times: 1,
    });
  }
  const commission = createCommissionServices({ client, credentials: services });
  const plan = await commission.planPasswordChange(targets);
  expect(plan.every((p) => p.send)).toBe(true);
  const { results } = await commission.changePasswords(targets, NEW_PW, { plan });
  expect(
    results.map((r) => r.outcome),
    JSON.stringify(results),
  ).toEqual(targets.map(() => 'done'));
  // Let the monitor poll on: every device must come back online on the new password.
  await sleep(400);
  await allOnline(monitor, 20_000);

  for (const device of fleet.devices) {
    expect(device.password).toBe(NEW_PW);
    const posts = requestsTo(device, '/api/v1/settings', 'POST');
    expect(posts).toHaveLength(1);
    const changedAt = device.requests.indexOf(posts[0]!);
    const after = unlocksOf(device).filter((r) => device.requests.indexOf(r) > changedAt);
    const sent = after.map((r) => (JSON.parse(r.body) as { pw: string }).pw);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent.filter((pw) => pw !== NEW_PW)).toEqual([]);
  }
}, 60_000);
