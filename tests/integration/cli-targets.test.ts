/**
 * `--port` and `--all` on the commands over `<targets…>`, end to end: the built CLI as a child process
 * against simulated devices on loopback, all on the fleet's one port. A range without a port reaches them
 * with `--port`; a port written on a target wins; `--all` takes every device the site keeps; the usage
 * errors (a bad port, `--all` with addresses or `--port`, an empty site, no site) exit 2 before any device
 * is asked anything.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { runCli } from '../support/run-cli';
import { addressOf, devicesOf } from '../support/sim-targets';

const INFO = '/api/v1/info';
let fleet: Fleet;
let devices: SimDevice[];
let port: number;
/** The three devices as one range without a port, e.g. `127.31.4.1-127.31.4.3`. */
let range: string;
const dirs: string[] = [];
const dataDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'minerdeck-targets-'));
  dirs.push(dir);
  return dir;
};
const cli = (dir: string, args: readonly string[]) =>
  runCli([...args, '--data-dir', dir], { timeoutMs: 60_000 });
/** The addresses of the device lines (the last line is the summary by model). */
const addressesOf = (lines: Record<string, unknown>[]) =>
  lines.flatMap((l) => (typeof l.address === 'string' ? [l.address] : [])).sort();

describe('--port and --all on the commands over <targets…>', () => {
  beforeAll(async () => {
    fleet = await startFleet({ count: 3 });
    devices = devicesOf(fleet, 3);
    const hosts = devices.map((d) => addressOf(d).host);
    port = addressOf(devices[0]!).port;
    range = `${hosts[0]}-${hosts[2]}`;
    expect(devices.every((d) => addressOf(d).port === port)).toBe(true);
  }, 60_000);
  afterAll(async () => {
    await fleet.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('a range with --port reaches every device on that port, like range:port', async () => {
    const dir = dataDir();
    const [withPort, written] = await Promise.all([
      cli(dir, ['firmware', 'status', range, '--port', String(port), '--json']),
      cli(dir, ['firmware', 'status', `${range}:${port}`, '--json']),
    ]);
    expect(withPort.code, withPort.stderr).toBe(0);
    expect(addressesOf(withPort.json.filter((l) => l.ok === true))).toEqual(
      devices.map((d) => d.address).sort(),
    );
    expect(addressesOf(written.json)).toEqual(addressesOf(withPort.json));
  }, 60_000);

  it('a port written on a target wins over --port', async () => {
    fleet.clearRequests();
    const first = devices[0]!;
    const run = await cli(dataDir(), ['firmware', 'status', first.address, '--port', '1', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(addressesOf(run.json)).toEqual([first.address]);
    expect(run.json[0]).toMatchObject({ address: first.address, ok: true });
    expect(first.requests.some((r) => r.path === INFO)).toBe(true);
  }, 60_000);

  it('--all takes every device of the current site, or of --site NAME', async () => {
    const dir = dataDir();
    const saved = await cli(dir, ['scan', range, '--port', String(port), '--save', '--json']);
    expect(saved.code, saved.stderr).toBe(0);
    const other = await cli(dir, ['site', 'create', 'Hall 9']);
    expect(other.code, other.stderr).toBe(0);
    const [current, named, empty] = await Promise.all([
      cli(dir, ['firmware', 'status', '--all', '--json']),
      cli(dir, ['firmware', 'status', '--all', '--site', 'site 1', '--json']),
      cli(dir, ['firmware', 'status', '--all', '--site', 'Hall 9']),
    ]);
    expect(current.code, current.stderr).toBe(0);
    expect(addressesOf(current.json)).toEqual(devices.map((d) => d.address).sort());
    expect(named.code, named.stderr).toBe(0);
    expect(addressesOf(named.json)).toEqual(addressesOf(current.json));
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('--all: site "Hall 9" has no devices yet.');
  }, 90_000);

  it('refuses a bad port, --all with addresses or --port, and --all with no site (exit 2, nothing asked)', async () => {
    fleet.clearRequests();
    const dir = dataDir();
    const first = devices[0]!.address;
    const runs = await Promise.all([
      cli(dir, ['firmware', 'status', range, '--port', '70000']),
      cli(dir, ['commission', range, '--port', 'http', '--dry-run']),
      cli(dir, ['profile', 'list', first, '--all']),
      cli(dir, ['pools', 'show', '--all', '--port', String(port)]),
      cli(dir, ['firmware', 'status', '--all']),
      cli(dir, ['firmware', 'status', first, '--site', 'Hall 9']),
      cli(dir, ['status', first, '--port', '0']),
    ]);
    expect(runs.map((r) => r.code)).toEqual([2, 2, 2, 2, 2, 2, 2]);
    const port70000 =
      '--port takes one port from 1 to 65535 (the port of every target written without one), not "70000".';
    expect(runs[0]!.stderr).toContain(port70000);
    expect(runs[1]!.stderr).toContain('not "http"');
    expect(runs[2]!.stderr).toContain('give --all or the addresses, not both.');
    expect(runs[3]!.stderr).toContain('with --all each device is reached at the address its site keeps');
    expect(runs[4]!.stderr).toContain('--all takes the devices of a site, and there is no site yet');
    expect(runs[5]!.stderr).toContain('--site names the site whose devices --all takes: add --all');
    expect(runs[6]!.stderr).toContain('not "0"');
    // No site was made for --all to refuse, and no device was asked anything.
    expect(readdirSync(dir).filter((f) => f.endsWith('.json'))).toEqual([]);
    expect(fleet.requests).toEqual([]);
  }, 90_000);
});
