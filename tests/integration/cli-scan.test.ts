/**
 * `minerdeck scan` end to end: the real CLI as a child process against simulated devices. Asserts the
 * exact JSON lines scripts rely on, the human output, CSV import, and exit code 2 with the offending
 * token and its position for bad input.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatIpv4, parseIpv4 } from '../../shared/domain/targets/ipv4';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { credentialHeadersOf } from '../support/recorded-requests';
import { runCli } from '../support/run-cli';
import { devicesOf } from '../support/sim-targets';

let fleet: Fleet;
let field: SimDevice;
let spec: SimDevice;
let html: SimDevice;
let range: string;
let port: string;
let folder: string;

beforeAll(async () => {
  fleet = await startFleet({
    devices: [{ profile: 'field', mac: '02:C1:1C:00:00:01', serial: 'SN-CLI' }, { profile: 'spec' }, {}],
  });
  [field, spec, html] = devicesOf(fleet, 3);
  html.addFault({ fault: { kind: 'html' } });
  const last = parseIpv4(html.host);
  if (!last.ok) throw new Error(html.host);
  range = `${field.host}-${formatIpv4(last.value + 3)}`;
  port = String(field.port);
  folder = mkdtempSync(join(tmpdir(), 'minerdeck-scan-'));
});

afterAll(async () => {
  await fleet.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('minerdeck scan', () => {
  it('--json: one line per host that answered, exactly as specified, then the summary', async () => {
    const run = await runCli(['scan', range, '--port', port, '--timeout', '300', '--json']);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(4);
    const results = run.json.slice(0, 3);
    for (const result of results)
      expect(Object.keys(result)).toEqual(['address', 'port', 'kind', 'identity']);
    const byAddress = new Map(results.map((r) => [r.address, r]));
    expect(byAddress.get(field.host)).toEqual({
      address: field.host,
      port: field.port,
      kind: 'device',
      identity: {
        mac: '02:C1:1C:00:00:01',
        model: 'Antminer S21 Pro',
        firmware: 'Vnish 1.2.7',
        hostname: 'Antminer',
        serial: 'SN-CLI',
      },
    });
    expect(byAddress.get(spec.host)).toEqual({
      address: spec.host,
      port: field.port,
      kind: 'device',
      identity: null,
    });
    expect(byAddress.get(html.host)).toEqual({
      address: html.host,
      port: field.port,
      kind: 'http-other',
      identity: null,
    });
    const summary = run.json.at(-1)!;
    expect(Object.keys(summary)).toEqual(['summary']);
    expect(Object.keys(summary.summary as object)).toEqual(['probed', 'found', 'durationMs']);
    expect(summary.summary).toMatchObject({ probed: 6, found: 3 });
    expect(run.stderr).toBe('');
  });

  it('prints readable lines and a summary without --json, and no progress bar when stderr is not a terminal', async () => {
    const run = await runCli(['scan', range, '--port', port]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(`^device\\s+${field.host.replaceAll('.', '\\.')}:${port}\\s+Antminer S21 Pro`, 'm'),
    );
    expect(run.stdout).toMatch(/^http-other\s+/m);
    expect(run.stdout).toContain('Found 2 devices and 1 other web server among 6 addresses in');
    expect(run.stderr).toMatch(/^Scanning 6 addresses on port \d+/);
    expect(run.stderr).not.toContain('\r');
  });

  it('imports targets from a CSV file alongside typed ones, without duplicates', async () => {
    const csv = join(folder, 'site.csv');
    writeFileSync(csv, `Name;IP address;Rack\nminer a;${field.host};1\nminer b;${spec.host};2\n`);
    const run = await runCli(['scan', field.host, '--csv', csv, '--port', port, '--json']);
    expect(run.code).toBe(0);
    expect(run.json.at(-1)).toMatchObject({ summary: { probed: 2, found: 2 } });
  });

  // Child processes that exit before any network call: run side by side.
  it.concurrent.for<[string[], RegExp]>([
    [['10.0.0.1', '10.0.0.0/33'], /item 2 "10\.0\.0\.0\/33": "\/33" is not a prefix length/],
    [['10.0.0.1,10.0.0.300'], /item 2 "10\.0\.0\.300": 300 is not a number from 0 to 255/],
    [['10.0.0.0/8'], /16,777,214 addresses is more than 65,536: .*--yes/],
    [[], /no targets given/],
    [['10.0.0.1', '--port', '80,x'], /--port takes ports from 1 to 65535/],
    [['10.0.0.1', '--timeout', '5'], /--timeout must be a whole number from 50 to 60000/],
    [['10.0.0.1', '--concurrency', '99999'], /--concurrency must be a whole number from 1 to 4096/],
    [['10.0.0.1', '--csv', '/nonexistent/site.csv'], /cannot read the CSV file/],
  ])('exits 2 before any network call for %j', async ([args, message], { expect: expectHere }) => {
    const run = await runCli(['scan', ...args]);
    expectHere(run.code).toBe(2);
    expectHere(run.stderr).toMatch(message);
    expectHere(run.stdout).toBe('');
  });

  it('reports a bad target as JSON with --json', async () => {
    const run = await runCli(['scan', '10.0.0.1', 'bad_host', '--json']);
    expect(run.code).toBe(2);
    expect(run.json).toEqual([
      {
        ok: false,
        error: { code: 'INVALID_INPUT', message: expect.stringMatching(/^item 2 "bad_host": /) as unknown },
      },
    ]);
  });

  it('is listed in the help', async () => {
    const run = await runCli(['help']);
    expect(run.stdout).toContain('minerdeck scan <targets…>');
  });

  it('sent only anonymous GETs', () => {
    expect(fleet.requests.length).toBeGreaterThan(0);
    for (const request of fleet.requests) {
      expect(request.method).toBe('GET');
      expect(credentialHeadersOf(request)).toEqual([]);
    }
  });
});
