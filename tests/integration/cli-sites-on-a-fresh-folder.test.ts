/**
 * Sites on a fresh data folder, through the real CLI (a child process) and simulated devices over loopback:
 * a fresh data folder gets "Site 1" as the app's does, said once on stderr (stdout stays JSON), and every
 * `--site` takes a site as the technician typed it or refuses an unknown one, listing the sites there are.
 * The keychain side of `--site` (the password stored under the site's id) is in cli-first-steps-keychain.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { tempDataDir } from '../support/inventory-fixtures';
import { runCli } from '../support/run-cli';
import { devicesOf } from '../support/sim-targets';

let fleet: Fleet;
let a: SimDevice;

beforeAll(async () => {
  fleet = await startFleet({ devices: [{ mac: '02:E1:00:00:00:01', hostname: 'miner-e1' }] });
  [a] = devicesOf(fleet, 1);
});
afterAll(() => fleet.close());

const created = (dir: string) => `Created site "Site 1" (no site yet in ${dir}).\n`;
const sitesIn = (dir: string): { id: string; name: string }[] =>
  (JSON.parse(readFileSync(join(dir, 'inventory.json'), 'utf8')) as { sites: { id: string; name: string }[] })
    .sites;

describe('a fresh data folder', () => {
  it(
    'scan --save and report make and use "Site 1", as the app starts with it',
    { timeout: 60_000 },
    async () => {
      const [scanDir, reportDir] = [tempDataDir('fresh-scan'), tempDataDir('fresh-report')];
      const report = (dir: string) => {
        const file = join(dir, `report-${Math.random()}.json`);
        return { file, args: ['report', '--no-check', '--out', file, '--data-dir', dir] };
      };
      const first = report(reportDir);
      const [scanned, reported] = await Promise.all([
        runCli(['scan', a.host, '--port', String(a.port), '--save', '--json', '--data-dir', scanDir]),
        runCli(first.args),
      ]);

      expect(scanned.code, scanned.stderr).toBe(0);
      expect(scanned.stderr.split(created(scanDir))).toHaveLength(2);
      // --json: every line of stdout is JSON; the one human line went to stderr.
      const lines = scanned.stdout.trimEnd().split('\n');
      expect(scanned.json).toHaveLength(lines.length);
      expect(scanned.json.at(-1)).toEqual({
        saved: { site: 'site-1', added: 1, updated: 0, moved: 0, identified: 0 },
      });

      expect(reported.code, reported.stderr).toBe(0);
      expect(reported.stderr).toContain(created(reportDir));
      expect(JSON.parse(readFileSync(first.file, 'utf8'))).toMatchObject({
        site: { id: 'site-1', name: 'Site 1' },
        devices: [],
      });

      // Said once: the next command finds the site and says nothing about it.
      const second = report(scanDir);
      const again = await runCli(second.args);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).not.toContain('Created site');
      expect(JSON.parse(readFileSync(second.file, 'utf8'))).toMatchObject({
        site: { name: 'Site 1' },
        devices: [{ address: a.address, mac: '02:E1:00:00:00:01' }],
      });
      expect(sitesIn(scanDir)).toMatchObject([{ id: 'site-1', name: 'Site 1' }]);
    },
  );

  it('two commands starting together on it make one site, not two', { timeout: 30_000 }, async () => {
    const dir = tempDataDir('fresh-race');
    const runs = await Promise.all([
      runCli(['site', 'show', '--json', '--data-dir', dir]),
      runCli(['export', '--out', join(dir, 'site.json'), '--data-dir', dir]),
    ]);
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    expect(
      runs
        .map((run) => run.stderr)
        .join('')
        .split(created(dir)),
    ).toHaveLength(2);
    expect(sitesIn(dir)).toMatchObject([{ id: 'site-1', name: 'Site 1' }]);
  });

  it('a site the technician made first stays the one scans go to: no "Site 1" beside it', async () => {
    const dir = tempDataDir('fresh-own');
    expect((await runCli(['site', 'create', 'Hall 7', '--data-dir', dir])).code).toBe(0);
    const shown = await runCli(['site', 'show', '--data-dir', dir]);
    expect(shown.stderr).toBe('Site "Hall 7" (id hall-7): 0 devices.\n');
    expect(sitesIn(dir).map((s) => s.name)).toEqual(['Hall 7']);
  });
});

describe('--site', () => {
  let dir: string;
  let csv: string;
  // One folder for the block (tempDataDir's are removed after each test): the cases below share it.
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'minerdeck-site-option-'));
    csv = join(dir, 'planned.csv');
    writeFileSync(csv, 'address,label\n10.9.0.5,R1-S1\n');
    // A name with a space and a capital, as the app lets anyone type it.
    const made = await runCli(['site', 'create', 'Hall 7', '--data-dir', dir]);
    expect(made.code, made.stderr).toBe(0);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['report', ['report', '--no-check', '--out', 'OUT']],
    ['export', ['export', '--out', 'OUT']],
    ['site show', ['site', 'show']],
  ])('%s takes the name as typed or the id', { timeout: 40_000 }, async (_name, args) => {
    const runs = await Promise.all(
      ['HALL 7', 'hall-7'].map((site, n) =>
        runCli(
          [
            ...args.map((x) => (x === 'OUT' ? join(dir, `out-${n}.html`) : x)),
            ...(args[0] === 'site' ? [site] : ['--site', site]),
            '--data-dir',
            dir,
          ],
          { timeoutMs: 30_000 },
        ),
      ),
    );
    for (const run of runs) {
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout + run.stderr).toContain('Hall 7');
    }
  });

  it('import --site takes the name as typed', { timeout: 30_000 }, async () => {
    const run = await runCli(['import', csv, '--site', 'hall 7', '--data-dir', dir]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Planned devices for site "Hall 7": 1 added');
  });

  it.each([
    ['unlock', ['unlock', 'ADDR', '--password-stdin', '--remember', '--site', 'Hall 9']],
    ['key create', ['key', 'create', 'ADDR', '--site', 'Hall 9']],
    ['status', ['status', 'ADDR', '--site', 'Hall 9']],
    ['monitor', ['monitor', 'ADDR', '--duration', '1', '--site', 'Hall 9']],
    ['report', ['report', '--no-check', '--site', 'Hall 9']],
    ['export', ['export', '--site', 'Hall 9']],
    ['import', ['import', 'PLANNED', '--site', 'Hall 9']],
    ['trust', ['trust', 'HTTPS', '--site', 'Hall 9']],
    ['site show', ['site', 'show', 'Hall 9']],
  ])(
    '%s with an unknown site: exit 2, the sites there are, nothing sent to a device',
    { timeout: 30_000 },
    async (_name, args) => {
      const stand = { ADDR: a.address, HTTPS: `https://${a.host}:${a.port}`, PLANNED: csv };
      const argv = args.map((x) => stand[x as keyof typeof stand] ?? x);
      const requests = fleet.requests.length;
      const run = await runCli([...argv, '--data-dir', dir], { stdin: 'a-password' });
      expect(fleet.requests.length).toBe(requests);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain('minerdeck: No site is named "Hall 9" (sites: "Hall 7").');
      expect(run.stderr).toContain('"minerdeck site create NAME" makes one');
      expect(run.stderr).not.toMatch(/cannot be a site name/);
      expect(sitesIn(dir).map((s) => s.name)).toEqual(['Hall 7']);
    },
  );
});
