/**
 * The inventory commands end to end: the real CLI as a child process, a data folder of the test's own,
 * simulated devices over loopback HTTP. Sites (list, create, use, rename, delete), `scan --save` with a
 * device that moved, export on one laptop and import on another, planned devices from a CSV, reports in
 * the three formats, and `--data-dir` (or its defaults) on every command.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { tempDataDir } from '../support/inventory-fixtures';
import { runCli } from '../support/run-cli';
import { devicesOf } from '../support/sim-targets';

let fleet: Fleet;
let a: SimDevice;
let b: SimDevice;
let port: string;

beforeAll(async () => {
  fleet = await startFleet({
    devices: [
      { mac: '02:C7:00:00:00:01', hostname: 'miner-a' },
      { mac: '02:C7:00:00:00:02', hostname: 'miner-b' },
    ],
  });
  [a, b] = devicesOf(fleet, 2);
  port = String(a.port);
});
afterAll(() => fleet.close());

/** A free loopback host next to the fleet's block, for a device to move to. */
const nextHost = (device: SimDevice): string =>
  device.host.replace(/\.(\d+)$/, (_m, n: string) => `.${Number(n) + 100}`);

describe('minerdeck site, scan --save, export, import', () => {
  it('from an empty data folder to a saved, merged site', { timeout: 60_000 }, async () => {
    const dir = tempDataDir('cli');
    const cli = (...args: string[]) => runCli([...args, '--data-dir', dir], { timeoutMs: 20_000 });

    // (A scan --save or a report on an empty folder makes "Site 1": cli-sites-on-a-fresh-folder.test.ts.)
    const empty = await cli('site', 'list');
    expect(empty).toMatchObject({ code: 0, stdout: '' });
    expect(empty.stderr).toContain('No sites yet');

    const created = await cli('site', 'create', 'Hall 1', '--subnet', `${a.host}/32`, '--json');
    expect(created.json).toEqual([
      { ok: true, id: 'hall-1', name: 'Hall 1', subnets: [`${a.host}/32`], current: true },
    ]);
    expect((await cli('site', 'create', 'Spare', 'room')).stdout).toBe(
      'Created site "Spare room" (id spare-room).\n',
    );
    expect((await cli('site', 'use', 'spare room')).stdout).toBe(
      'Current site: "Spare room" (id spare-room).\n',
    );

    const saved = await cli('scan', a.host, b.host, '--port', port, '--save', '--json');
    expect(saved.code).toBe(0);
    expect(saved.json.at(-1)).toEqual({
      saved: { site: 'spare-room', added: 2, updated: 0, moved: 0, identified: 0 },
    });

    // A device that moved is recognised by its MAC, not added twice.
    const [before, after] = [b.host, nextHost(b)];
    await b.moveTo(after);
    const again = await cli('scan', a.host, after, '--port', port, '--save');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`moved from ${before}`);
    expect(again.stderr).toContain('Saved to site "Spare room": 0 new, 2 known, 1 moved.');

    const [shown, renamed] = [
      await cli('site', 'show', '--json'),
      await cli('site', 'rename', 'Spare room', 'Container 7'),
    ];
    expect(shown.json.map((d) => [d.id, d.address])).toEqual([
      ['mac:02:C7:00:00:00:01', `http://${a.host}:${port}`],
      ['mac:02:C7:00:00:00:02', `http://${after}:${port}`],
    ]);
    expect(renamed.stdout).toBe('Renamed to "Container 7" (id spare-room).\n');

    // Export here, import on another laptop (another data folder), then planned devices from a CSV.
    const file = join(dir, 'container-7.json');
    const [listed, exported] = await Promise.all([cli('site', 'list'), cli('export', '--out', file)]);
    expect(listed.stdout).toBe(
      `  "Hall 1" (id hall-1)  0 devices  ${a.host}/32\n* "Container 7" (id spare-room)  2 devices\n`,
    );
    expect(exported.stderr).toBe(`Exported site "Container 7" (2 devices) to ${file}.\n`);
    const other = tempDataDir('cli-other');
    const [imported, refused] = await Promise.all([
      runCli(['import', file, '--json', '--data-dir', other]),
      cli('site', 'delete', 'Container 7'),
    ]);
    expect(imported.json).toEqual([
      expect.objectContaining({
        ok: true,
        kind: 'site-json',
        siteCreated: true,
        added: 2,
        site: { id: 'spare-room', name: 'Container 7' },
      }),
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/has 2 devices; .*Add --yes to delete it\./);

    const csv = join(dir, 'planned.csv');
    writeFileSync(csv, '\uFEFFIP;Label;Notes\r\n10.9.0.5;R1-S1;"spare; PSU"\r\n\r\n10.9.0.6;R1-S2\r\n');
    const [planned, deleted] = await Promise.all([
      runCli(['import', csv, '--site', 'Container 7', '--data-dir', other]),
      cli('site', 'delete', 'Container 7', '--yes'),
    ]);
    expect(planned.stdout).toBe(
      'Planned devices for site "Container 7": 2 added, 0 updated, 0 already there.\n',
    );
    expect(deleted.stdout).toBe('Deleted site "Container 7" (id spare-room) and its 2 devices.\n');
    expect(readdirSync(dir).sort()).toEqual(['container-7.json', 'inventory.json', 'planned.csv']);
  });
});

describe('--data-dir and the default data folder', () => {
  it(
    'is accepted by every command; defaults to MINERDECK_DATA_DIR, else $XDG_CONFIG_HOME/Minerdeck',
    { timeout: 30_000 },
    async () => {
      const [dir, viaEnv, config] = [tempDataDir('cli-flag'), tempDataDir('cli-env'), tempDataDir('cli-xdg')];
      // Side by side: none of them touches the network.
      const [keychain, missing] = await Promise.all([
        runCli(['keychain', '--data-dir', dir, '--json']),
        runCli(['site', 'list', '--data-dir']),
        runCli(['site', 'create', 'Env site'], { env: { MINERDECK_DATA_DIR: viaEnv } }),
        runCli(['site', 'create', 'Xdg site'], {
          env: { MINERDECK_DATA_DIR: undefined, XDG_CONFIG_HOME: config },
        }),
      ]);
      expect(keychain?.stderr).not.toMatch(/Unknown option/);
      expect([0, 1]).toContain(keychain?.code);
      expect(missing?.code).toBe(2);
      expect(missing?.stderr).toContain('--data-dir needs a folder');
      expect(JSON.parse(readFileSync(join(viaEnv, 'inventory.json'), 'utf8'))).toMatchObject({
        sites: [{ id: 'env-site' }],
      });
      expect(existsSync(join(config, 'Minerdeck', 'inventory.json'))).toBe(true);
    },
  );
});

describe('minerdeck report', () => {
  it(
    'writes csv, json and html with --out; the format from --format or the file name',
    { timeout: 60_000 },
    async () => {
      const dir = tempDataDir('cli-report');
      const cli = (...args: string[]) => runCli([...args, '--data-dir', dir], { timeoutMs: 20_000 });
      await cli('site', 'create', 'Hall <9>');
      await cli('scan', a.host, '--port', port, '--save');
      await cli('site', 'show');
      const out = (name: string) => join(dir, name);
      const [csv, json, html] = await Promise.all([
        cli('report', '--no-check', '--out', out('r.csv')),
        cli('report', '--timeout', '2000', '--format', 'json', '--out', out('report-data')),
        cli('report', '--no-check', '--format', 'html', '--out', out('r.html')),
      ]);
      for (const run of [csv, json, html]) expect(run.code, run.stderr).toBe(0);
      expect(csv.stderr).toMatch(/Report of site "Hall <9>": 1 devices \(1 not-checked\)/);
      expect(readFileSync(out('r.csv'), 'utf8')).toMatch(/^\uFEFFsite,Hall <9>\r\n/);
      const report = JSON.parse(readFileSync(out('report-data'), 'utf8')) as Record<string, unknown>;
      expect(report).toMatchObject({
        site: { name: 'Hall <9>' },
        devices: [{ address: `http://${a.host}:${port}`, mac: '02:C7:00:00:00:01', hostname: 'miner-a' }],
      });
      // Checked live: nothing is stored for it in this test's keychain, so it is locked.
      expect((report.devices as { state: string }[])[0]?.state).toBe('locked');
      const page = readFileSync(out('r.html'), 'utf8');
      expect(page).toContain('<p class="kicker">Hand-over report · Hall &lt;9&gt;</p>');
      expect(page).toContain('<h1>No acceptance run yet: 1 device</h1>');
      expect(page).not.toMatch(/<script|\bsrc=|\bhref=/i);

      const bad = await cli('report', '--format', 'pdf');
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('--format is one of csv, json, html, not "pdf"');
    },
  );
});
