/**
 * `minerdeck monitor … --metrics <host:port>` end to end: the real CLI as a child process over
 * simulated devices on loopback, scraped over HTTP while it monitors — the states, readings and alerts it
 * shows, the OpenMetrics variant, 404/405, and clear usage errors (exit 2) for a taken port or a bad
 * address. `promtool check metrics` (a real Prometheus tool) then judges what was served.
 */
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { describeWith, prometheus, PROMTOOL_PATH } from '../support/requirements';
import type { CliRun } from '../support/run-cli';
import { runCli } from '../support/run-cli';
import { devicesOf } from '../support/sim-targets';
import { freePort } from '../support/free-port';

const PASSWORD = 'Metrics-pw-1';
const env = { DISPLAY: undefined, WAYLAND_DISPLAY: undefined };
const hostPort = (device: SimDevice): string => device.address.replace(/^http:\/\//, '');

const line = (text: string, name: string, device: SimDevice): string | undefined =>
  text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(`address="${device.address}"`));

let fleet: Fleet;
let healthy: SimDevice;
let failing: SimDevice;
let down: SimDevice;
let url: string;
let run: CliRun;
/** What the endpoint served once every device had settled. */
let text = '';
let openMetrics = '';
let notFound = 0;
let notAllowed = 0;

beforeAll(async () => {
  fleet = await startFleet({ defaults: { password: PASSWORD }, devices: [{}, {}, {}] });
  [healthy, failing, down] = devicesOf(fleet, 3);
  failing.setMinerState('failure', { description: 'Chain 1 lost', code: 4 });
  await down.goDown(60_000);
  const port = await freePort();
  url = `http://127.0.0.1:${port}/metrics`;
  const cli = runCli(
    [
      'monitor',
      ...[healthy, failing, down].map(hostPort),
      '--password-stdin',
      '--interval',
      '0.2',
      '--timeout',
      '150',
      '--duration',
      '5',
      '--json',
      '--metrics',
      `127.0.0.1:${port}`,
    ],
    { stdin: PASSWORD, env, timeoutMs: 20_000 },
  );
  // Scrape until the three devices show where they settle (online, online with a failure, offline).
  const until = Date.now() + 4_000;
  while (Date.now() < until) {
    const res = await fetch(url).catch(() => undefined);
    const body = res === undefined ? '' : await res.text();
    if (
      line(body, 'minerdeck_device_state', healthy)?.includes('state="online"') === true &&
      line(body, 'minerdeck_device_state', down)?.includes('state="offline"') === true &&
      line(body, 'minerdeck_device_hash_rate_hashes_per_second', healthy) !== undefined
    ) {
      text = body;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  openMetrics = await (
    await fetch(url, { headers: { accept: 'application/openmetrics-text; version=1.0.0' } })
  ).text();
  notAllowed = (await fetch(url, { method: 'POST' })).status;
  notFound = (await fetch(url.replace('/metrics', '/other'))).status;
  run = await cli;
}, 30_000);

afterAll(async () => {
  await fleet.close();
});

describe('minerdeck monitor --metrics', () => {
  it('prints the URL on stderr and serves what the monitor shows while it monitors', () => {
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`Site metrics: ${url}`);
    expect(text).not.toBe('');
    expect(line(text, 'minerdeck_device_up', healthy)).toMatch(/ 1$/);
    expect(line(text, 'minerdeck_device_up', down)).toMatch(/ 0$/);
    expect(line(text, 'minerdeck_device_state', failing)).toMatch(/state="online"} 1$/);
    expect(line(text, 'minerdeck_device_state', down)).toMatch(/state="offline"} 1$/);
    expect(line(text, 'minerdeck_device_info', healthy)).toMatch(/,model="[^"]+",firmware="[^"]+"} 1$/);
    // The hash rate the monitor reported last (device unit GH/s), in H/s, within the simulator's jitter.
    const final = run.json.find((l) => l.final === true && l.address === healthy.address) as {
      reading: { hashRate: { realtime: number; unit: string } };
    };
    expect(final.reading.hashRate.unit).toBe('GH/s');
    const served = Number(
      line(text, 'minerdeck_device_hash_rate_hashes_per_second', healthy)?.split(' ').pop(),
    );
    expect(served / (final.reading.hashRate.realtime * 1e9)).toBeGreaterThan(0.9);
    expect(served / (final.reading.hashRate.realtime * 1e9)).toBeLessThan(1.1);
    expect(line(text, 'minerdeck_device_hashboard_chip_temperature_max_celsius', healthy)).toMatch(
      /,board="\d+"} \d+(\.\d+)?$/,
    );
    expect(line(text, 'minerdeck_device_pool_shares_accepted_total', healthy)).toMatch(
      /,pool="0",url="[^"@]+"} \d+$/,
    );
    expect(line(text, 'minerdeck_device_alerts_active', down)).toMatch(/ 1$/);
    expect(line(text, 'minerdeck_device_poll_errors_total', down)).toMatch(
      /reason="(UNREACHABLE|TIMEOUT)"} \d+$/,
    );
    expect(text).toContain('minerdeck_fleet_alerts_active{site="",kind="offline"} 1\n');
    expect(text).toContain('minerdeck_fleet_alerts_active{site="",kind="failure"} 1\n');
    expect(text).toMatch(/^minerdeck_monitor_polls_total [1-9]\d*$/m);
    expect(text + openMetrics).not.toContain(PASSWORD);
  });

  it('answers OpenMetrics when asked, 405 to other methods and 404 elsewhere', () => {
    expect(openMetrics).toContain('# TYPE minerdeck_monitor_polls counter\n');
    expect(openMetrics.endsWith('# EOF\n')).toBe(true);
    expect(notAllowed).toBe(405);
    expect(notFound).toBe(404);
  });

  it('stops serving when the monitor stops', async () => {
    await expect(fetch(url)).rejects.toThrow();
  });
});

describe('minerdeck monitor --metrics: usage errors', () => {
  let taken: Server;
  let takenPort = 0;
  beforeAll(async () => {
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    takenPort = (taken.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

  it('a taken port: a clear error, exit 2', async () => {
    const result = await runCli(['monitor', hostPort(healthy), '--metrics', `127.0.0.1:${takenPort}`], {
      env,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`127.0.0.1:${takenPort} is already in use`);
  });

  it('an address that is not an IP and a port: exit 2', async () => {
    const result = await runCli(['monitor', hostPort(healthy), '--metrics', 'somewhere:99999'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--metrics takes an IP address and a port');
  });
});

describeWith(prometheus, 'promtool check metrics on what the CLI served', () => {
  it('passes with no warning', () => {
    const check = spawnSync(PROMTOOL_PATH, ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(check.stderr + check.stdout).toBe('');
    expect(check.status).toBe(0);
  });
});
