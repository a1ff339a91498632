/**
 * The factory-password flag, the activity log and the report's setup columns through the real CLI as a child
 * process, on a real keychain (this suite's own service name), an inventory in a data folder of its own and
 * simulated devices over loopback HTTP: `status` flags a device on the factory password (a line, and
 * `--json`), `site activity` lists the writes (all of them, or one device's part), and the report has the
 * Password column, the pools and workers as read back, the LED, the last restart and the site's activity
 * summary.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { handOverReportSchema } from '../../shared/domain/report';
import { readCsvTable } from '../../shared/domain/targets/csv-table';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { clearService, testServiceName } from '../support/keychain';
import { describeWith, keychain } from '../support/requirements';
import { runCli } from '../support/run-cli';
import { devicesOf } from '../support/sim-targets';

const FACTORY = 'admin';
const OWN = 'own-pw-4711';
const NEW_PW = 'Hall-5-Strong-pw-31';
const SERVICE = testServiceName('factory-activity');

let fleet: Fleet;
let dataDir: string;
const env = { MINERDECK_KEYCHAIN_SERVICE: SERVICE, DISPLAY: undefined, WAYLAND_DISPLAY: undefined };
const cli = async (args: string[], stdin?: string) => {
  const run = await runCli([...args, '--data-dir', dataDir], {
    env,
    timeoutMs: 40_000,
    ...(stdin !== undefined ? { stdin } : {}),
  });
  expect(run.stdout + run.stderr).not.toContain(NEW_PW);
  return run;
};
const host = (d: SimDevice) => d.address.replace(/^http:\/\//, '');

describeWith(keychain, 'factory password, activity log and report through the CLI', () => {
  let a: SimDevice, b: SimDevice, c: SimDevice, own: SimDevice;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-cli-factory-'));
    fleet = await startFleet({
      defaults: { password: FACTORY },
      devices: [
        { mac: '02:F5:00:00:00:01' },
        { mac: '02:F5:00:00:00:02' },
        { mac: '02:F5:00:00:00:03' },
        { mac: '02:F5:00:00:00:04', password: OWN },
      ],
    });
    [a, b, c, own] = devicesOf(fleet, 4);
    expect((await cli(['site', 'create', 'Hall 5', '--use'])).code).toBe(0);
    const scanned = await cli([
      'scan',
      ...[a, b, c, own].map((d) => d.host),
      '--port',
      String(a.port),
      '--save',
    ]);
    expect(scanned.stderr).toContain('Saved to site "Hall 5": 4 new, 0 known.');
    const factory = await cli(
      ['unlock', a.address, b.address, c.address, '--password-stdin', '--remember'],
      FACTORY,
    );
    expect(factory.code, factory.stderr).toBe(0);
    const mine = await cli(['unlock', own.address, '--password-stdin', '--remember'], OWN);
    expect(mine.code, mine.stderr).toBe(0);
  }, 120_000);

  afterAll(async () => {
    await fleet?.close();
    await clearService(SERVICE);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('status flags the factory password: a line, and factoryPassword in --json (keychain or piped in)', async () => {
    const [text, json, other, piped] = [
      await cli(['status', a.address]),
      await cli(['status', a.address, '--json']),
      await cli(['status', own.address, '--json']),
      await cli(['status', b.address, '--password-stdin', '--json'], FACTORY),
    ];
    for (const run of [text, json, other, piped]) expect(run.code, run.stderr).toBe(0);
    expect(text.stdout).toMatch(
      /^ {2}password FACTORY PASSWORD \("admin"\): anyone on the LAN can change its pools/m,
    );
    expect(text.stdout).toContain(`minerdeck password change ${a.address} --new-password-stdin`);
    expect(json.json[0]).toMatchObject({ factoryPassword: true, password: { status: 'factory-default' } });
    expect(other.json[0]).toMatchObject({ factoryPassword: false, password: { status: 'set-elsewhere' } });
    expect(piped.json[0]).toMatchObject({ factoryPassword: true });
  }, 90_000);

  it('site activity lists each write with its summary and per-device outcome; --device keeps one device’s part', async () => {
    const change = await cli(['password', 'change', a.address, '--new-password-stdin', '--yes'], NEW_PW);
    expect(change.code, change.stderr).toBe(0);
    const restart = await cli(['restart-mining', b.address, c.address]);
    expect(restart.code, restart.stderr).toBe(0);
    const after = await cli(['status', a.address, '--json']);
    expect(after.json[0]).toMatchObject({ factoryPassword: false, password: { status: 'changed-here' } });
    expect(after.stdout).not.toContain('FACTORY');

    const all = await cli(['site', 'activity']);
    expect(all.code, all.stderr).toBe(0);
    const lines = all.stdout.split('\n');
    expect(lines[0]).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d \(UTC[+-]\d\d:\d\d\) {2}\S+ {2}password changed on 1 of 1 device$/,
    );
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^ {4}${host(a)} +done +`)));
    expect(all.stdout).toMatch(/ {2}mining restarted on 2 of 2 devices\n/);
    expect(all.stderr).toContain('Site "Hall 5": 2 entries, oldest first.');

    const [byAddress, byId, none] = [
      await cli(['site', 'activity', '--device', a.address, '--json']),
      await cli(['site', 'activity', '--device', 'mac:02:F5:00:00:00:02', '--json', '--site', 'hall 5']),
      await cli(['site', 'activity', '--device', own.address]),
    ];
    expect(byAddress.json.map((e) => [e.action, e.summary, (e.devices as unknown[]).length])).toEqual([
      ['password-change', 'password changed on 1 of 1 device', 1],
    ]);
    expect(byId.json.map((e) => [e.action, (e.devices as { address: string }[])[0]?.address])).toEqual([
      ['restart-mining', b.address],
    ]);
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain(`No activity for ${own.address} in site "Hall 5" yet.`);
    const bad = await cli(['site', 'activity', '--device', 'ftp://x']);
    expect(bad.code).toBe(2);
  }, 120_000);

  it('report: Password column, pools and workers, LED, last restart, and the activity summary (CSV, JSON)', async () => {
    const files = { csv: join(dataDir, 'report.csv'), json: join(dataDir, 'report.json') };
    const json = await cli(['report', '--out', files.json]);
    const csv = await cli(['report', '--no-check', '--out', files.csv]);
    for (const run of [json, csv]) expect(run.code, run.stderr).toBe(0);

    const report = handOverReportSchema.parse(JSON.parse(readFileSync(files.json, 'utf8')));
    const by = (d: SimDevice) => report.devices.find((x) => x.address === d.address)!;
    expect([a, b, c, own].map((d) => by(d).password.status)).toEqual([
      'changed-here',
      'factory-default',
      'factory-default',
      'set-elsewhere',
    ]);
    expect(report.counts.factoryPasswords).toBe(2);
    expect(by(b).problems[0]).toMatch(/factory default "admin"/);
    expect(by(a).led).toBe('off');
    expect(by(a).pools?.[0]).toEqual({ url: expect.stringMatching(/^stratum/), user: expect.any(String) });
    expect(by(b).lastRestart).toMatchObject({ action: 'restart-mining', outcome: 'done' });
    expect(by(a).lastRestart).toBeNull();
    expect(report.activity.map((x) => x.summary)).toEqual([
      'password changed on 1 of 1 device',
      'mining restarted on 2 of 2 devices',
    ]);

    const table = readCsvTable(readFileSync(files.csv, 'utf8'), ',');
    const rows = table.ok ? table.rows.map((r) => r.cells) : [];
    expect(rows.filter((r) => r[0] === 'activity').map((r) => r[1])).toEqual([
      expect.stringMatching(/ · password changed on 1 of 1 device$/),
      expect.stringMatching(/ · mining restarted on 2 of 2 devices$/),
    ]);
    const header = rows.find((r) => r[0] === 'address')!;
    const cell = (d: SimDevice, name: string) => rows.find((r) => r[0] === d.address)![header.indexOf(name)];
    expect([a, b, own].map((d) => cell(d, 'password'))).toEqual([
      'changed here',
      'factory default',
      'set elsewhere',
    ]);
    expect(cell(a, 'password_changed_at')).toMatch(/^\d{4}-\d\d-\d\dT/);
    // --no-check: nothing was read, and the CSV says so rather than "none".
    expect([cell(a, 'pools'), cell(a, 'led')]).toEqual(['not read', 'not read']);
    expect(cell(c, 'last_restart')).toMatch(/^mining restarted \d{4}-/);
    expect(readFileSync(files.csv, 'utf8') + readFileSync(files.json, 'utf8')).not.toContain(NEW_PW);
  }, 120_000);

  it('key create records the keys it created in the site activity log, never a key', async () => {
    const created = await cli(['key', 'create', host(b), '--json']);
    expect(created.code).toBe(0);
    const log = await cli(['site', 'activity', '--device', host(b), '--json']);
    expect(log.code).toBe(0);
    expect(log.stdout).toMatch(/"action":"api-key"/);
    expect(log.stdout).toMatch(/API key created, verified and stored/);
    for (const { key } of b.apiKeys) expect(log.stdout).not.toContain(key);
  }, 60_000);
});
