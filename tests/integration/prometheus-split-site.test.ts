/**
 * A site larger than one laptop, all real: six simulated devices on loopback saved to one site, split in
 * two halves, each half watched by its own `minerdeck monitor --metrics` (the built CLI), and one real
 * Prometheus (Debian's package) scraping both with what `export --prometheus --metrics A --metrics B`
 * wrote. The recording rules' site totals — devices by state, hash rate, nominal hash rate, power,
 * alerts — must be the whole fleet's, not one half's: checked against the devices' own bodies and
 * against Prometheus' own sum over every device series. `promtool test rules` checks the rules alone
 * (sums over monitors, the alert for a device watched twice). Short intervals (1 s scrapes, 0.3 s polls)
 * keep it to seconds.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toHashesPerSecond } from '../../shared/format/hash-rate';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { freePort } from '../support/free-port';
import type { Sample } from '../support/prometheus-server';
import {
  everyHalfSecond,
  promtool,
  queryPrometheus,
  quickMonitorArgs,
  startPrometheus,
} from '../support/prometheus-server';
import { describeWith, prometheus } from '../support/requirements';
import type { CliRun } from '../support/run-cli';
import { runCli } from '../support/run-cli';
import { devicesOf } from '../support/sim-targets';

const PASSWORD = 'Split-pw-1';
const SITE = 'Site 1';
const env = { DISPLAY: undefined, WAYLAND_DISPLAY: undefined };
const hostPort = (device: SimDevice): string => `${device.host}:${device.port}`;

/** What a device says about itself, read straight from it (the truth the site totals must add up to). */
async function deviceTruth(device: SimDevice): Promise<{ nominal: number; realtime: number }> {
  const get = async (path: string): Promise<Record<string, unknown>> =>
    (await (await fetch(`${device.address}${path}`)).json()) as Record<string, unknown>;
  const miner = (await get('/api/v1/summary')).miner as Record<string, number>;
  const unit = String((await get('/api/v1/info')).hr_measure);
  const perSecond = (value: number | undefined): number => toHashesPerSecond(value ?? NaN, unit) ?? NaN;
  return { nominal: perSecond(miner.hr_nominal), realtime: perSecond(miner.hr_realtime) };
}

describeWith(prometheus, 'a site split over two monitors, scraped by one Prometheus', () => {
  let fleet: Fleet;
  let devices: SimDevice[];
  let down: SimDevice;
  let failing: SimDevice;
  let dir: string;
  let data: string[];
  let server: ChildProcess | undefined;
  let promUrl = '';
  let monitors: Promise<CliRun>[] = [];

  const query = (expr: string, time?: number): Promise<Sample[]> => queryPrometheus(promUrl, expr, time);
  const valueOf = async (expr: string, time?: number): Promise<number> =>
    Number((await query(expr, time))[0]?.value[1] ?? NaN);
  /** Label value → sample value, for the series of `expr` that are not zero. */
  const byLabel = async (expr: string, label: string): Promise<Record<string, number>> =>
    Object.fromEntries((await query(`${expr} != 0`)).map((s) => [s.metric[label] ?? '', Number(s.value[1])]));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'minerdeck-split-site-'));
    data = ['--data-dir', join(dir, 'data')];
    fleet = await startFleet({ defaults: { password: PASSWORD }, count: 6 });
    devices = [...devicesOf(fleet, 6)];
    // Each device draws a power of its own, so a total counting one device twice or missing one shows.
    devices.forEach((device, i) => device.setMetrics({ powerW: 3_000 + 111 * i }));
    [, , down, , failing] = devices as [SimDevice, SimDevice, SimDevice, SimDevice, SimDevice];
    const scan = await runCli(['scan', ...devices.map(hostPort), '--save', ...data]);
    expect(scan.code).toBe(0);
    failing.setMinerState('failure', { description: 'Chain 1 lost', code: 4 });
    await down.goDown(120_000);
  }, 30_000);

  afterAll(async () => {
    server?.kill('SIGTERM');
    await Promise.all(monitors.map((run) => run.catch(() => undefined)));
    await fleet?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('export --prometheus takes one --metrics per monitor; promtool checks the files and tests the rules', async () => {
    const out = join(dir, 'rules');
    const run = await runCli([
      'export',
      '--prometheus',
      out,
      '--metrics',
      '10.0.1.2:9464',
      '--metrics',
      '10.0.2.2:9464',
      ...data,
    ]);
    expect(run.code).toBe(0);
    expect(readFileSync(join(out, 'prometheus.yml'), 'utf8')).toContain(
      '- targets: ["10.0.1.2:9464", "10.0.2.2:9464"]',
    );
    // A monitor named by host name, or twice: a usage error saying why, and nothing written.
    for (const [metrics, why] of [
      [['laptop-2:9464'], 'not a host name'],
      [['10.0.1.2:9464', '10.0.1.2:9464'], 'is given twice'],
    ] as const) {
      const refused = await runCli([
        'export',
        '--prometheus',
        join(dir, 'refused'),
        ...metrics.flatMap((m) => ['--metrics', m]),
        ...data,
      ]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(why);
      expect(existsSync(join(dir, 'refused'))).toBe(false);
    }
    const config = promtool('check', 'config', join(out, 'prometheus.yml'));
    expect(config.stdout).toContain('SUCCESS: 2 rule files found');
    expect(config.status).toBe(0);
    const rules = promtool('check', 'rules', join(out, 'minerdeck-site.yml'));
    expect(rules.stdout).toContain('SUCCESS: 8 rules found');
    expect(rules.status).toBe(0);

    // Two monitors' series over ten minutes: the sums, and a device in both monitors' blocks.
    const series = (name: string, instance: string, labels: string, values: string): string[] => [
      `      - series: '${name}{job="minerdeck",instance="${instance}",site="Hall 1"${labels}}'`,
      `        values: '${values}'`,
    ];
    const [a, b] = ['10.0.1.2:9464', '10.0.2.2:9464'];
    const expectSamples = (rule: string, samples: [string, number][]): string[] => [
      `      - expr: ${rule}`,
      '        eval_time: 2m',
      '        exp_samples:',
      ...samples.flatMap(([labels, value]) => [
        `          - labels: '${rule}${labels}'`,
        `            value: ${value}`,
      ]),
    ];
    const test = [
      'rule_files: [minerdeck-site.yml]',
      'evaluation_interval: 1m',
      'tests:',
      '  - interval: 1m',
      '    input_series:',
      ...series('minerdeck_fleet_devices', a, ',state="online"', '3x10'),
      ...series('minerdeck_fleet_devices', b, ',state="online"', '2x10'),
      ...series('minerdeck_fleet_devices', b, ',state="offline"', '1x10'),
      ...series('minerdeck_fleet_power_watts', a, '', '9000x10'),
      ...series('minerdeck_fleet_power_watts', b, '', '6500x10'),
      ...series('minerdeck_fleet_hash_rate_hashes_per_second', a, '', '6e14x10'),
      ...series('minerdeck_fleet_hash_rate_hashes_per_second', b, '', '4e14x10'),
      ...series('minerdeck_device_info', a, ',device_id="mac:02:00:00:00:00:01"', '1x10'),
      ...series('minerdeck_device_info', b, ',device_id="mac:02:00:00:00:00:01"', '1x10'),
      ...series('minerdeck_device_info', b, ',device_id="mac:02:00:00:00:00:02"', '1x10'),
      `      - series: 'up{job="minerdeck",instance="${a}"}'`,
      "        values: '1x10'",
      `      - series: 'up{job="minerdeck",instance="${b}"}'`,
      "        values: '0x10'",
      '    promql_expr_test:',
      ...expectSamples('site:minerdeck_fleet_devices:sum', [
        ['{site="Hall 1",state="offline"}', 1],
        ['{site="Hall 1",state="online"}', 5],
      ]),
      ...expectSamples('site:minerdeck_fleet_power_watts:sum', [['{site="Hall 1"}', 15_500]]),
      ...expectSamples('site:minerdeck_fleet_hash_rate_hashes_per_second:sum', [['{site="Hall 1"}', 1e15]]),
      ...expectSamples('site:minerdeck_monitors:count', [['', 2]]),
      ...expectSamples('site:minerdeck_monitors_up:sum', [['', 1]]),
      '    alert_rule_test:',
      '      - eval_time: 4m',
      '        alertname: MinerdeckDeviceMonitoredTwice',
      '        exp_alerts: []',
      '      - eval_time: 6m',
      '        alertname: MinerdeckDeviceMonitoredTwice',
      '        exp_alerts:',
      '          - exp_labels:',
      '              severity: warning',
      '              site: Hall 1',
      '              device_id: mac:02:00:00:00:00:01',
      '            exp_annotations:',
      '              summary: mac:02:00:00:00:00:01 is watched by more than one monitor',
      `              description: "Its address is in the blocks of two monitors, so the site's totals count it twice: give each monitor address blocks of its own."`,
    ];
    writeFileSync(join(out, 'site-test.yml'), `${test.join('\n')}\n`);
    const tested = promtool('test', 'rules', join(out, 'site-test.yml'));
    expect(tested.stdout + tested.stderr).toContain('SUCCESS');
    expect(tested.status).toBe(0);
  });

  it("the recording rules' site totals are the whole fleet's, over both monitors", async () => {
    const [portA, portB, promPort] = [await freePort(), await freePort(), await freePort()];
    promUrl = `http://127.0.0.1:${promPort}`;
    const out = join(dir, 'live');
    const exported = await runCli([
      'export',
      '--prometheus',
      out,
      '--site',
      SITE,
      '--metrics',
      `127.0.0.1:${portA}`,
      '--metrics',
      String(portB),
      ...data,
    ]);
    expect(exported.code).toBe(0);
    // The exported 15 s intervals, shortened for a test.
    const configFile = join(out, 'prometheus.yml');
    writeFileSync(configFile, readFileSync(configFile, 'utf8').replace(/_interval: 15s/g, '_interval: 1s'));

    // One monitor per half of the site, as on two laptops.
    const halves = [devices.slice(0, 3), devices.slice(3)];
    monitors = halves.map((half, i) =>
      runCli(
        [...quickMonitorArgs(half.map(hostPort), String([portA, portB][i]), ['--site', SITE]), ...data],
        { stdin: PASSWORD, env, timeoutMs: 30_000 },
      ),
    );
    server = startPrometheus(configFile, dir, promPort);

    // Until both monitors were scraped twice and the site totals show every device settled.
    const settled = await everyHalfSecond(12_000, async () => {
      const scraped = await query('count_over_time(up{job="minerdeck"}[1m]) >= 2').catch(() => []);
      return (
        scraped.length === 2 &&
        (await valueOf(`site:minerdeck_fleet_devices:sum{state="online"}`)) === 5 &&
        (await valueOf(`site:minerdeck_fleet_devices:sum{state="offline"}`)) === 1
      );
    });
    expect(settled).toBe(true);

    expect(await valueOf('site:minerdeck_monitors:count')).toBe(2);
    expect(await valueOf('site:minerdeck_monitors_up:sum')).toBe(2);
    // Each monitor holds only its half…
    const halvesSeen = await query('sum by (instance) (minerdeck_fleet_devices)');
    expect(halvesSeen.map((s) => Number(s.value[1]))).toEqual([3, 3]);
    // …and the site totals are the whole fleet: one series each, for the site.
    expect(await byLabel('site:minerdeck_fleet_devices:sum', 'state')).toEqual({ online: 5, offline: 1 });
    expect(await byLabel('site:minerdeck_fleet_alerts_active:sum', 'kind')).toEqual({
      offline: 1,
      failure: 1,
    });
    const power = await query('site:minerdeck_fleet_power_watts:sum');
    expect(power.map((s) => s.metric.site)).toEqual([SITE]);
    const online = devices.filter((device) => device !== down);
    const expectedPower = online.reduce((sum, device) => sum + 3_000 + 111 * devices.indexOf(device), 0);
    expect(Number(power[0]?.value[1])).toBe(expectedPower);

    const truth = await Promise.all(online.map(deviceTruth));
    const nominal = await valueOf('site:minerdeck_fleet_hash_rate_nominal_hashes_per_second:sum');
    const expectedNominal = truth.reduce((sum, t) => sum + t.nominal, 0);
    expect(Math.abs(nominal / expectedNominal - 1)).toBeLessThan(1e-9);

    // The hash rate moves with every poll: at the instant the rule was evaluated, it equals Prometheus'
    // own sum over every online device's series, and the devices' own figures within their jitter.
    const rule = 'site:minerdeck_fleet_hash_rate_hashes_per_second:sum';
    const evaluatedAt = await valueOf(`timestamp(${rule})`);
    const hashRate = await valueOf(rule, evaluatedAt);
    const perDevice = await valueOf(
      'sum(minerdeck_device_hash_rate_hashes_per_second and on (instance, device_id) (minerdeck_device_online == 1))',
      evaluatedAt,
    );
    expect(Math.abs(hashRate / perDevice - 1)).toBeLessThan(1e-9);
    const realtime = truth.reduce((sum, t) => sum + t.realtime, 0);
    expect(hashRate / realtime).toBeGreaterThan(0.95);
    expect(hashRate / realtime).toBeLessThan(1.05);

    const runs = await Promise.all(monitors);
    expect(runs.map((run) => run.code)).toEqual([0, 0]);
    for (const run of runs) expect(run.stderr).toMatch(/Site metrics: http:\/\/127\.0\.0\.1:\d+\/metrics/);
  }, 45_000);
});
