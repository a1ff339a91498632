/**
 * The site's own Prometheus over Minerdeck, all real: simulated devices on loopback, the CLI
 * saving them to a site (`scan --save`), its hand-over configuration (`export --prometheus`) checked by
 * `promtool check config` / `check rules`, then `monitor --metrics` scraped by a real Prometheus started with
 * that configuration (loopback, a temp storage folder, 1 s scrape and rule intervals). After two scrapes,
 * Prometheus' own HTTP query API must show the hash rate, the states and the offline device's alert that
 * the monitor shows.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
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
import { freePort } from '../support/free-port';

const PASSWORD = 'Prom-pw-1';
const env = { DISPLAY: undefined, WAYLAND_DISPLAY: undefined };

describeWith(prometheus, 'a real Prometheus scraping minerdeck monitor --metrics', () => {
  let fleet: Fleet;
  let healthy: SimDevice;
  let failing: SimDevice;
  let down: SimDevice;
  let dir: string;
  let server: ChildProcess | undefined;
  let promUrl: string;
  let monitorRun: Promise<CliRun>;

  const query = (expr: string): Promise<Sample[]> => queryPrometheus(promUrl, expr);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'minerdeck-prometheus-'));
    fleet = await startFleet({ defaults: { password: PASSWORD }, devices: [{}, {}, {}] });
    [healthy, failing, down] = devicesOf(fleet, 3);
    const data = ['--data-dir', join(dir, 'data')];
    const port = String(healthy.port);
    const scan = await runCli([
      'scan',
      healthy.host,
      failing.host,
      down.host,
      '--port',
      port,
      '--save',
      ...data,
    ]);
    expect(scan.code).toBe(0);
    failing.setMinerState('failure', { description: 'Chain 1 lost', code: 4 });
    await down.goDown(120_000);
  }, 30_000);

  afterAll(async () => {
    server?.kill('SIGTERM');
    await monitorRun?.catch(() => undefined);
    await fleet?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('export --prometheus writes a configuration, rules and targets that promtool accepts', async () => {
    const out = join(dir, 'prom');
    const run = await runCli([
      'export',
      '--prometheus',
      out,
      '--metrics',
      '127.0.0.1:9464',
      '--blackbox',
      '127.0.0.1:9115',
      '--data-dir',
      join(dir, 'data'),
    ]);
    expect(run.code).toBe(0);
    const config = promtool('check', 'config', join(out, 'prometheus.yml'));
    expect(config.stderr).toBe('');
    expect(config.stdout).toContain('SUCCESS');
    expect(config.status).toBe(0);
    const rules = promtool('check', 'rules', join(out, 'minerdeck-alerts.yml'));
    // Five device rules, and the monitor's own: metrics down, laptop off the site network, missed polls.
    expect(rules.stdout).toContain('SUCCESS: 8 rules found');
    expect(rules.status).toBe(0);
    const targets = JSON.parse(readFileSync(join(out, 'minerdeck-devices.json'), 'utf8')) as {
      targets: string[];
      labels: Record<string, string>;
    }[];
    expect(targets.map((t) => t.targets[0]).sort()).toEqual(
      [healthy, failing, down].map((d) => `${d.host}:${d.port}`).sort(),
    );
    expect(targets[0]?.labels).toMatchObject({ site: 'Site 1', model: expect.any(String) });
    expect(readFileSync(join(out, 'minerdeck-devices.json'), 'utf8')).not.toContain(PASSWORD);
  });

  it('after two scrapes, Prometheus shows the hash rate, the states and the offline alert', async () => {
    const metricsPort = await freePort();
    const promPort = await freePort();
    promUrl = `http://127.0.0.1:${promPort}`;
    const out = join(dir, 'live');
    const exported = await runCli([
      'export',
      '--prometheus',
      out,
      '--metrics',
      `127.0.0.1:${metricsPort}`,
      '--data-dir',
      join(dir, 'data'),
    ]);
    expect(exported.code).toBe(0);
    // The exported 15 s intervals, shortened for a test.
    const configFile = join(out, 'prometheus.yml');
    writeFileSync(configFile, readFileSync(configFile, 'utf8').replace(/_interval: 15s/g, '_interval: 1s'));
    monitorRun = runCli(
      quickMonitorArgs(
        [healthy, failing, down].map((d) => `${d.host}:${d.port}`),
        `127.0.0.1:${metricsPort}`,
      ),
      { stdin: PASSWORD, env, timeoutMs: 30_000 },
    );
    server = startPrometheus(configFile, dir, promPort);
    // Two scrapes of Minerdeck that succeeded, and the offline device's alert evaluated.
    const ready = await everyHalfSecond(12_000, async () => {
      const scrapes = await query(
        'count_over_time(up{job="minerdeck"}[1m]) >= 2 and up{job="minerdeck"} == 1',
      ).catch(() => []);
      const alerts =
        scrapes.length === 0
          ? []
          : await query('ALERTS{alertname="MinerdeckDeviceOffline",alertstate="firing"}');
      return alerts.length > 0;
    });
    expect(ready).toBe(true);

    const states = await query('minerdeck_device_state == 1');
    const stateOf = Object.fromEntries(states.map((s) => [s.metric.address, s.metric.state]));
    expect(stateOf).toEqual({
      [healthy.address]: 'online',
      [failing.address]: 'online',
      [down.address]: 'offline',
    });
    const firing = await query('ALERTS{alertstate="firing"}');
    expect(firing.map((a) => [a.metric.alertname, a.metric.address]).sort()).toEqual(
      [
        ['MinerdeckDeviceFailure', failing.address],
        ['MinerdeckDeviceOffline', down.address],
      ].sort(),
    );
    // The laptop is on the site network: the monitor's own gauge says so, and its alert does not fire.
    const network = await query('minerdeck_monitor_network_up');
    expect(network.map((n) => n.value[1])).toEqual(['1']);
    const [rate] = await query(`minerdeck_device_hash_rate_hashes_per_second{address="${healthy.address}"}`);
    const served = Number(rate?.value[1]);

    const run = await monitorRun;
    expect(run.code).toBe(0);
    const final = run.json.find((l) => l.final === true && l.address === healthy.address) as {
      reading: { hashRate: { realtime: number; unit: string } };
    };
    expect(final.reading.hashRate.unit).toBe('GH/s');
    // Within the simulator's jitter between the scrape and the monitor's last poll.
    expect(served / (final.reading.hashRate.realtime * 1e9)).toBeGreaterThan(0.9);
    expect(served / (final.reading.hashRate.realtime * 1e9)).toBeLessThan(1.1);
  }, 40_000);
});
