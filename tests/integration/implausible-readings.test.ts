/**
 * Implausible readings and a MAC that is not one, through the real parts: a simulated device over loopback
 * HTTP answering with physically implausible numbers and "N/A" as its MAC
 * (tests/support/implausible-device.ts), beside a healthy one. The monitor leaves the nonsense out of its
 * numbers, fleet totals and alerts and lists it as implausible; the CLI (a child process) shows
 * "implausible", never the nonsense as a fact; discovery keeps two devices that both say "N/A" apart; every
 * vendor state reads in words.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import {
  answerImplausibly,
  IMPLAUSIBLE_OPTIONS,
  IMPLAUSIBLE_STATE_SECONDS,
} from '../support/implausible-device';
import type { MonitorHarness } from '../support/monitor-harness';
import { startMonitorHarness } from '../support/monitor-harness';
import { runCli } from '../support/run-cli';
import { devicesOf } from '../support/sim-targets';

const PASSWORD = 'Implausible-pw-6';
const hostPort = (device: SimDevice): string => device.address.replace(/^http:\/\//, '');
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('the monitor, against a device sending implausible values', () => {
  let h: MonitorHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('leaves them out of the summary, the fleet totals and the alerts, lists them, and keeps the raw JSON', async () => {
    h = await startMonitorHarness({ devices: [{ ...IMPLAUSIBLE_OPTIONS }, {}] });
    answerImplausibly(h.devices[0]!);
    h.monitor.start(h.targets);
    await h.waitForState(0, 'online');
    await h.waitForState(1, 'online');
    // A few polls of each: alerts (chips at 5000 °C, −5 GH/s of 196 TH/s nominal) would be raised by now.
    const deadline = Date.now() + 5000;
    while (h.detail(0).history.at.length < 3 && Date.now() < deadline) await sleep(20);

    const snapshot = h.monitor.snapshot();
    const [odd, healthy] = h.targets.map((t) => snapshot.devices.find((d) => d.deviceId === t.deviceId)!);
    expect(odd!.reading).toEqual({
      minerState: 'mining',
      minerKind: 'mining',
      nominalHashRate: 196_517.17e9,
      boardTempMax: 50,
      efficiency: 14.8,
      fanCount: 1,
      fanRpmMin: 5880,
      implausible: [
        { field: 'hashRate', value: -5, text: '-5 GH/s (plausible: 0 to 10 PH/s)' },
        { field: 'chipTempMax', value: 5000, text: '5000 °C (plausible: -40 to 150 °C)' },
        { field: 'powerW', value: 25_000, text: '25000 W (plausible: 0 to 20 kW)' },
        { field: 'fanRpmMin', value: -1200, text: '-1200 rpm (plausible: 0 to 30,000 rpm)' },
      ],
    });
    expect(odd!.alerts).toEqual([]);
    expect(snapshot.alerts).toEqual([]);
    // Totals: only the healthy device's hash rate and power; both nominal rates are plausible and count.
    expect(snapshot.totals.hashRate).toBeCloseTo(healthy!.reading!.hashRate!, -3);
    expect(snapshot.totals.powerW).toBeCloseTo(healthy!.reading!.powerW!, 6);
    expect(snapshot.totals.nominalHashRate).toBeCloseTo(
      odd!.reading!.nominalHashRate! + healthy!.reading!.nominalHashRate!,
      -3,
    );

    const detail = h.detail(0);
    expect(detail.reading?.state).toEqual({ name: 'mining', kind: 'mining' });
    expect(detail.reading?.identity).toEqual({
      model: 'Antminer S21 Pro',
      hostname: expect.any(String),
      serial: expect.any(String),
      firmware: expect.any(String),
    });
    expect(detail.reading?.implausible?.map((e) => e.field)).toEqual([
      'identity.mac',
      'state.sinceSeconds',
      'hashRate.realtime',
      'hashRate.average',
      'fans[0].rpm',
      'chipTemp.max',
      'powerW',
    ]);
    expect(detail.reading?.warnings).toContain(
      'summary.miner.hr_realtime is implausible: -5 GH/s (plausible: 0 to 10 PH/s); left out',
    );
    expect(detail.raw.summary).toMatchObject({ miner: { hr_realtime: -5, power_consumption: 25_000 } });
    expect(detail.raw.status).toMatchObject({ miner_state_time: IMPLAUSIBLE_STATE_SECONDS });
  });
});

describe('the CLI, against a device sending implausible values', () => {
  let fleet: Fleet;
  let odd: SimDevice;
  let healthy: SimDevice;
  let stopping: SimDevice;

  beforeAll(async () => {
    fleet = await startFleet({
      defaults: { password: PASSWORD },
      devices: [{ ...IMPLAUSIBLE_OPTIONS }, {}, { ...IMPLAUSIBLE_OPTIONS }],
    });
    [odd, healthy, stopping] = devicesOf(fleet, 3);
    answerImplausibly(odd);
    stopping.setMinerState('shutting-down');
  });

  afterAll(() => fleet.close());

  it('status: "implausible" where the value would be, what was sent on the "left out" line, raw in --json', async () => {
    const run = await runCli(['status', hostPort(odd), '--password-stdin'], { stdin: PASSWORD });
    expect(run.code).toBe(0);
    const line = (key: string) => run.stdout.split('\n').find((l) => l.startsWith(`  ${key.padEnd(8)} `));
    expect(line('state')).toBe('  state    mining (hashing normally) for an implausible time');
    expect(line('hash')).toBe('  hash     implausible of 196.52 TH/s nominal');
    expect(line('temps')).toBe('  temps    chips 51–implausible °C · boards 40–50 °C');
    expect(line('fans')).toBe('  fans     implausible 5880 rpm');
    expect(line('power')).toBe('  power    implausible · 14.8 J/TH');
    expect(line('device')).toMatch(/MAC implausible/);
    expect(run.stdout).toContain(
      '\n           implausible time in this state: 4559090351011200 s (plausible: 0 to 10 years)\n',
    );
    expect(run.stdout).toContain(`  left out implausible MAC: "N/A" is not a device's MAC address\n`);
    // Above the "left out" line, nothing the device sent as nonsense is shown as a value.
    const shown = run.stdout.slice(0, run.stdout.indexOf('  left out'));
    expect(shown).not.toMatch(/52767249433|N\/A|-5|-4|-1200|25000|5000/);

    const json = await runCli(['status', hostPort(odd), '--password-stdin', '--json'], { stdin: PASSWORD });
    expect(json.json[0]).toMatchObject({
      summary: { miner: { hr_realtime: -5 } },
      info: { system: { network_status: { mac: 'N/A' } } },
      reading: { implausible: expect.arrayContaining([expect.objectContaining({ field: 'fans[0].rpm' })]) },
    });
  });

  it('status: a vendor state the app used to call unknown reads in words', async () => {
    const run = await runCli(['status', hostPort(stopping), '--password-stdin'], { stdin: PASSWORD });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^ {2}state {4}shutting-down \(mining is shutting down; hash rate falls to zero\) for /m,
    );
    const json = await runCli(['status', hostPort(stopping), '--password-stdin', '--json'], {
      stdin: PASSWORD,
    });
    expect(json.json[0]).toMatchObject({ reading: { state: { name: 'shutting-down', kind: 'stopped' } } });
  });

  it('monitor: the odd device reads "implausible"; the totals count only the healthy one; no alerts', async () => {
    const run = await runCli(
      [
        'monitor',
        hostPort(odd),
        hostPort(healthy),
        '--password-stdin',
        '--interval',
        '0.2',
        '--timeout',
        '150',
        '--duration',
        '1.5',
      ],
      { stdin: PASSWORD },
    );
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    const last = (device: SimDevice) => lines.filter((l) => l.includes(device.address)).at(-1) ?? '';
    expect(last(odd)).toMatch(/online .*\[hash rate implausible · chip implausible · power implausible\]$/);
    const watts = Number(/· (\d+) W\]/.exec(last(healthy))?.[1]);
    expect(watts).toBeGreaterThan(1000);
    expect(lines.at(-1)).toMatch(
      new RegExp(`^2 devices: 2 online · .* · ${(watts / 1000).toFixed(1)} kW · 0 alerts$`),
    );
  });

  it('scan: two devices that both say "N/A" as their MAC are two devices, known by address', async () => {
    const range = `${odd.host}-${stopping.host.split('.').at(-1)}`;
    const run = await runCli(['scan', range, '--port', String(odd.port), '--timeout', '300', '--json']);
    expect(run.code).toBe(0);
    const found = run.json.filter((line) => line.kind === 'device');
    expect(found.map((line) => line.address)).toEqual(
      expect.arrayContaining([odd.host, healthy.host, stopping.host]),
    );
    expect(found).toHaveLength(3);
    for (const device of [odd, stopping]) {
      expect(found.find((line) => line.address === device.host)).toMatchObject({ identity: { mac: null } });
    }
  });
});
