/**
 * Crash safety of a password change, against the simulator with the real
 * keychain: a process doing the change is killed with SIGKILL right after each step
 * (tests/support/password-change-runner.ts), then the real CLI, a new process, must end with the right
 * password known. The pending password is tried once — one unlock, never a loop — and whichever the
 * device accepts is kept; when it accepts neither, the device says "password unknown: changed by this
 * laptop at <time>, not confirmed" and nothing more is sent.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createKeytarStore } from '../../electron/core/credentials/keytar-store';
import { createJournaledStore } from '../../electron/core/credentials/journaled-store';
import { createVault } from '../../electron/core/credentials/vault';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { clearService, testServiceName } from '../support/keychain';
import type { StopAt } from '../support/password-change-runner';
import { describeWith, keychain } from '../support/requirements';
import { REPO_ROOT, runCli } from '../support/run-cli';
import { devicesOf, requestsTo, unlocksOf } from '../support/sim-targets';

const OLD = 'Old-site-pw-1';
const NEW_PW = 'New-site-pw-22';
const SERVICE = testServiceName('pw-crash');
const RUNNER = resolve(REPO_ROOT, 'tests/support/password-change-runner.ts');
const SETTINGS = '/api/v1/settings';
const UNKNOWN = /password unknown: changed by this laptop at \d{4}-\d\d-\d\dT[\d:.]+Z, not confirmed/;

const env = { MINERDECK_KEYCHAIN_SERVICE: SERVICE, DISPLAY: undefined, WAYLAND_DISPLAY: undefined };
const cli = (args: string[], stdin?: string) =>
  runCli(args, { env, timeoutMs: 30_000, ...(stdin !== undefined ? { stdin } : {}) });
const sent = (device: SimDevice) => unlocksOf(device).map((r) => (JSON.parse(r.body) as { pw: string }).pw);

/** Starts the runner, waits for `STOP <step>` (and `also`), then kills it with SIGKILL. */
function changeAndKill(device: SimDevice, stopAt: StopAt, also: () => boolean = () => true): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      RUNNER,
      JSON.stringify({ service: SERVICE, address: device.address, next: NEW_PW, stopAt }),
    ],
    { cwd: REPO_ROOT, env: { ...process.env, NODE_NO_WARNINGS: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((done, fail) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`the runner never stopped at "${stopAt}": ${out} ${err}`));
    }, 45_000);
    const poll = setInterval(() => {
      if (!out.includes(`STOP ${stopAt}\n`) || !also()) return;
      clearInterval(poll);
      child.kill('SIGKILL');
    }, 10);
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('close', (_code, signal) => {
      clearTimeout(timer);
      clearInterval(poll);
      if (signal === 'SIGKILL' && out.includes(`STOP ${stopAt}`)) done();
      else fail(new Error(`the runner ended by itself (${signal ?? _code}): ${out} ${err}`));
    });
  });
}

/** What the keychain holds for the device now (as a new process opening it sees it, journal included). */
async function stored(deviceId: string) {
  const store = createJournaledStore(createKeytarStore({ service: SERVICE }), { autoFile: false });
  await store.recover();
  const vault = createVault(store);
  const result = {
    password: await vault.passwordFor(deviceId, undefined),
    pending: await vault.pendingPasswordFor(deviceId),
  };
  await store.close();
  return result;
}

let fleet: Fleet;
const ids = new Map<SimDevice, string>();

describeWith(keychain, 'a password change killed at each step (SIGKILL), then a new process', () => {
  let pending: SimDevice, applied: SimDevice, accepted: SimDevice, verified: SimDevice, neither: SimDevice;

  beforeAll(async () => {
    fleet = await startFleet({ count: 5, defaults: { password: OLD } });
    [pending, applied, accepted, verified, neither] = devicesOf(fleet, 5);
    const remembered = await cli(
      ['unlock', ...fleet.devices.map((d) => d.address), '--password-stdin', '--remember', '--json'],
      OLD,
    );
    expect(remembered.code, remembered.stderr).toBe(0);
    for (const line of remembered.json) {
      ids.set(
        fleet.devices.find((d) => d.address === line.address)!,
        line.device as string,
      );
    }
    for (const device of [applied, neither]) {
      device.addFault({
        fault: { kind: 'hang-after-apply' },
        paths: [SETTINGS],
        methods: ['POST'],
        times: 1,
      });
    }
    fleet.clearRequests();
  }, 60_000);
  afterAll(async () => {
    await fleet.close();
    await clearService(SERVICE);
  });

  it('(a) killed with the pending password written, nothing sent: the old one works, pending tried once', async () => {
    await changeAndKill(pending, 'pending');
    expect(requestsTo(pending, SETTINGS)).toEqual([]);
    expect((await stored(ids.get(pending)!)).pending).toMatchObject({ rejected: false });
    fleet.clearRequests();

    const status = await cli(['status', pending.address, '--json']);
    expect(status.code, status.stderr).toBe(0);
    expect(pending.password).toBe(OLD);
    // One try of the pending password (refused), then the stored one.
    expect(sent(pending)).toEqual([NEW_PW, OLD]);
    const after = await stored(ids.get(pending)!);
    expect(after.password?.secret).toBe(OLD);
    expect(after.pending === undefined || after.pending.rejected).toBe(true);

    // The refused pending password is never sent again.
    fleet.clearRequests();
    expect((await cli(['status', pending.address, '--json'])).code).toBe(0);
    expect(sent(pending)).toEqual([OLD]);
  }, 120_000);

  for (const step of ['applied', 'accepted', 'verified'] as const) {
    it(`(${step}) killed after the device took the change: the pending password is tried once and kept`, async () => {
      const device = { applied, accepted, verified }[step];
      await changeAndKill(device, step, () => device.writeCounts.passwordChanges === 1);
      expect(device.password).toBe(NEW_PW);
      expect(requestsTo(device, SETTINGS, 'POST')).toHaveLength(1);
      const before = await stored(ids.get(device)!);
      expect(before.password?.secret).toBe(OLD);
      expect(before.pending).toMatchObject({ rejected: false });
      fleet.clearRequests();

      const status = await cli(['status', device.address, '--json']);
      expect(status.code, status.stderr).toBe(0);
      expect(sent(device)).toEqual([NEW_PW]);
      const after = await stored(ids.get(device)!);
      expect(after.password).toMatchObject({ secret: NEW_PW, source: { kind: 'device' } });
      expect(after.pending).toBeUndefined();
      const listed = await cli(['key', 'list', '--json']);
      const line = listed.json.find((l) => l.device === ids.get(device));
      expect(line).toMatchObject({ password: { changedAt: expect.any(String) }, pendingPassword: null });
      // No change was resent by anyone.
      expect(requestsTo(device, SETTINGS, 'POST')).toEqual([]);
    }, 120_000);
  }

  it('neither password works: one unlock per candidate, then "password unknown", and nothing more is sent', async () => {
    await changeAndKill(neither, 'applied', () => neither.writeCounts.passwordChanges === 1);
    // Someone else changed it again on the device's own page meanwhile.
    neither.setPassword('Third-pw-333');
    fleet.clearRequests();

    const first = await cli(['status', neither.address, '--json']);
    expect(first.code).toBe(1);
    expect(sent(neither)).toEqual([NEW_PW, OLD]);

    const again = await cli(['status', neither.address, '--json']);
    expect(again.code).toBe(1);
    expect(again.json[0]).toMatchObject({ ok: false, error: { message: expect.stringMatching(UNKNOWN) } });
    const monitored = await cli([
      'monitor',
      neither.address,
      '--duration',
      '2',
      '--interval',
      '0.2',
      '--json',
    ]);
    expect(monitored.stdout).toMatch(UNKNOWN);
    // Exactly one unlock per candidate over all three processes: no loop, no guessing.
    expect(sent(neither)).toEqual([NEW_PW, OLD]);
    expect(requestsTo(neither, SETTINGS, 'POST')).toEqual([]);
    const listed = await cli(['key', 'list']);
    expect(listed.stdout).toMatch(/a new password set here at .* is refused by the device/);
  }, 150_000);
});
