/**
 * `minerdeck monitor` end to end: the real CLI as a child process against simulated devices over
 * loopback HTTP, with short intervals and `--duration`. Asserts the JSON lines (address, state, reason,
 * reading on every line; one final line per device), the human output, Ctrl-C, and — on a real keychain —
 * that credentials stored by `unlock --remember` are used with no password typed. Usage errors are
 * checked in-process (tests/unit/cli/monitor-command.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { clearService, testServiceName } from '../support/keychain';
import { describeWith, keychain } from '../support/requirements';
import { runCli } from '../support/run-cli';
import { devicesOf } from '../support/sim-targets';

const PASSWORD = 'Monitor-pw-1';
const SERVICE = testServiceName('monitor');
const env = { MINERDECK_KEYCHAIN_SERVICE: SERVICE, DISPLAY: undefined, WAYLAND_DISPLAY: undefined };
const hostPort = (device: SimDevice): string => device.address.replace(/^http:\/\//, '');

let fleet: Fleet;
let healthy: SimDevice;
let failing: SimDevice;
let down: SimDevice;

beforeAll(async () => {
  fleet = await startFleet({ defaults: { password: PASSWORD }, devices: [{}, {}, {}] });
  [healthy, failing, down] = devicesOf(fleet, 3);
  failing.setMinerState('failure', { description: 'Chain 1 lost ', code: 4 });
  await down.goDown(300);
});

afterAll(async () => {
  await fleet.close();
  await clearService(SERVICE);
});

const FAST = ['--interval', '0.2', '--timeout', '150'];

describe('minerdeck monitor', () => {
  it('--json: one line per change with address, state, reason and reading; one final line per device', async () => {
    const run = await runCli(
      [
        'monitor',
        hostPort(healthy),
        hostPort(failing),
        hostPort(down),
        '--password-stdin',
        ...FAST,
        '--duration',
        '1.5',
        '--json',
      ],
      { stdin: PASSWORD, env },
    );
    expect(run.code).toBe(0);
    expect(run.stdout + run.stderr).not.toContain(PASSWORD);
    for (const line of run.json) {
      expect(line).toEqual(
        expect.objectContaining({
          address: expect.any(String),
          state: expect.any(String),
          reason: expect.any(String),
        }),
      );
    }
    const finals = run.json.filter((line) => line.final === true);
    expect(finals.map((line) => line.address)).toEqual([healthy.address, failing.address, down.address]);
    expect(finals[0]).toMatchObject({
      state: 'online',
      reason: 'device reports mining',
      alerts: [],
      reading: { state: { name: 'mining' }, hashRate: { unit: 'GH/s' } },
    });
    expect(finals[1]).toMatchObject({
      state: 'online',
      reason: 'device reports failure: Chain 1 lost (code 4)',
      alerts: ['failure'],
      reading: { state: { kind: 'failure', description: 'Chain 1 lost ' } },
    });
    expect(finals[2]).toMatchObject({ state: 'offline', alerts: ['offline'] });
    expect(finals[2]?.reason).toMatch(/^no answer for 3 polls/);
    expect(finals[2]).not.toHaveProperty('reading');

    const changes = run.json.filter((line) => line.final !== true);
    // The down device (its unlock at start got no answer): one line per change, not one per poll. Changes
    // are batched, so on a loaded machine `discovered` may already be `unlocking` by the first batch.
    const downStates = changes.filter((line) => line.address === down.address).map((line) => line.state);
    expect(downStates.slice(-2)).toEqual(['unlocking', 'offline']);
    expect(downStates.length).toBeLessThanOrEqual(3);
    const healthyLines = changes.filter((line) => line.address === healthy.address);
    expect(healthyLines.at(-1)).toMatchObject({ state: 'online', reading: expect.any(Object) });
    expect(healthyLines.length).toBeLessThanOrEqual(3);
  });

  it('prints one human line per change and the fleet totals when not on a terminal', async () => {
    const run = await runCli(
      ['monitor', hostPort(healthy), '--password-stdin', ...FAST, '--duration', '0.8'],
      {
        stdin: PASSWORD,
        env,
      },
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/online\s+device reports mining\s+\[[\d.]+ TH\/s · \d+ °C · \d+ W\]/);
    expect(run.stdout.trim().split('\n').at(-1)).toMatch(
      /^1 devices: 1 online · [\d.]+ TH\/s of [\d.]+ TH\/s nominal/,
    );
  });

  it('stops cleanly on Ctrl-C, with the final state of every device, exit 130', async () => {
    const run = await runCli(['monitor', hostPort(healthy), '--password-stdin', ...FAST, '--json'], {
      stdin: PASSWORD,
      env,
      interruptWhen: (stdout) => stdout.includes('"state":"online"'),
    });
    expect(run.code).toBe(130);
    expect(run.json.at(-1)).toMatchObject({ address: healthy.address, state: 'online', final: true });
  });
});

describeWith(keychain, 'minerdeck monitor with stored credentials', () => {
  it('uses the password stored by "unlock --remember": no password typed', async () => {
    const stored = await runCli(['unlock', hostPort(healthy), '--password-stdin', '--remember'], {
      stdin: PASSWORD,
      env,
    });
    expect(stored.code).toBe(0);
    const run = await runCli(['monitor', hostPort(healthy), ...FAST, '--duration', '0.8', '--json'], { env });
    expect(run.code).toBe(0);
    expect(run.json.at(-1)).toMatchObject({ address: healthy.address, state: 'online', final: true });
    expect(run.json.at(-1)?.deviceId).toMatch(/^mac:/);
  });
});
