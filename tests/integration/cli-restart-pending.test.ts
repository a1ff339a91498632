/**
 * A write whose restart never came (issue 32), end to end on 30 held-out simulated devices: the real CLI
 * as a child process, the real Secret Service under this suite's own service name, loopback HTTP.
 *
 * A `commission` is killed (SIGKILL: a crash, no clean-up) after its settings writes and before its
 * restarts: every device then stores the standard's pools and preset but does not use them (`/status`
 * `restart_required`). The moment is made certain, not waited for: the devices' mining restarts hang (a
 * simulator fault: the request is never applied), the test watches the devices' write counts until every
 * device took its settings write, then kills. The next `commission --dry-run` plans the restart only, the
 * report counts the devices as not at the standard ("restart pending"), `commission` restarts them (no
 * settings write again) and the run after says nothing to do. The same after `pools set` / `profile set`
 * without a restart.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { clearService, testServiceName } from '../support/keychain';
import { describeWith, keychain } from '../support/requirements';
import { CLI_COMMAND, REPO_ROOT } from '../support/run-cli';
import { suiteCli, suiteEnv } from '../support/suite-cli';
import { readCsvTable } from '../../shared/domain/targets/csv-table';
import { RESTART_STORED } from '../../electron/core/standard/commission-plan';

const FACTORY = 'admin';
const SITE_PW = 'Hall-4-site-pw-2024';
const SERVICE = testServiceName('restart-pending');
const POOL = 'stratum+tcp://pool.example:3333';
const RESTART = '/api/v1/mining/restart';
const COUNT = 30;

let fleet: Fleet;
let dataDir: string;
const cli = suiteCli({ service: SERVICE, dataDir: () => dataDir, timeoutMs: 180_000 });
const settingsPosts = (d: SimDevice) => d.writeCounts.settingsPosts;
const restarts = (d: SimDevice) => d.writeCounts.miningRestarts;

/** The report's "standard" heading and each device's Standard cell (CSV). */
function reportStandard(csv: string) {
  const table = readCsvTable(csv, ',');
  const rows = table.ok ? table.rows.map((r) => r.cells) : [];
  const header = rows.findIndex((r) => r[0] === 'address');
  const column = (rows[header] ?? []).indexOf('standard');
  return {
    line: rows.slice(0, header).find((r) => r[0] === 'standard')?.[1],
    cells: new Map(rows.slice(header + 1).map((r) => [r[0] ?? '', r[column] ?? ''] as const)),
  };
}

/** The dry run's steps per address. */
async function dryRun(devices: readonly SimDevice[]): Promise<Map<string, unknown>> {
  const dry = await cli(['commission', ...devices.map((d) => d.address), '--dry-run', '--json']);
  expect(dry.code, dry.stderr).toBe(0);
  return new Map(dry.json.map((l) => [String(l.address), l.steps] as const));
}

/** Runs `commission --yes` again until it says nothing is left (devices just restarted list presets late). */
async function untilNothingToDo(devices: readonly SimDevice[]) {
  let run = await cli(['commission', ...devices.map((d) => d.address), '--yes']);
  for (let i = 0; i < 20 && !run.stderr.includes('Nothing to do'); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    run = await cli(['commission', ...devices.map((d) => d.address), '--yes']);
  }
  return run;
}

describeWith(keychain, 'restart pending: a commission killed before its restarts, on a real keychain', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-restart-pending-'));
    fleet = await startFleet({
      devices: Array.from({ length: COUNT }, (_, i) => ({
        password: FACTORY,
        model: 'Antminer S21 Pro',
        mac: `02:D9:00:00:04:${(i + 1).toString(16).padStart(2, '0')}`,
      })),
      defaults: { miningRestartSeconds: 0.2, autoTuneSeconds: 0.2 },
    });
    expect((await cli(['site', 'create', 'Hall 4'])).code).toBe(0);
    const [first] = fleet.devices;
    const scanned = await cli([
      'scan',
      ...fleet.devices.map((d) => d.host),
      '--port',
      String(first?.port),
      '--save',
    ]);
    expect(scanned.code, scanned.stderr).toBe(0);
    const set = await cli(
      ['standard', 'set', '--new-password-stdin', '--pool', `${POOL},acct.{ip4}`, '--preset', '2640'],
      SITE_PW,
    );
    expect(set.code, set.stderr).toBe(0);
  }, 300_000);
  afterAll(async () => {
    await fleet?.close();
    await clearService(SERVICE);
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  it('plans, reports and takes the restart only after a commission killed between its writes and its restarts', async () => {
    const devices = fleet.devices;
    // Every mining restart hangs unapplied: whenever the kill lands, no restart has reached a device.
    for (const d of devices) d.addFault({ fault: { kind: 'hang' }, paths: [RESTART], methods: ['POST'] });
    const child = spawn(
      CLI_COMMAND[0]!,
      [
        ...CLI_COMMAND.slice(1),
        'commission',
        ...devices.map((d) => d.address),
        '--password-stdin',
        '--yes',
        '--data-dir',
        dataDir,
      ],
      { cwd: REPO_ROOT, env: { ...process.env, ...suiteEnv(SERVICE), NODE_NO_WARNINGS: '1' } },
    );
    child.stdin.end(FACTORY);
    const ended = new Promise<void>((resolve) => child.on('close', () => resolve()));
    // Watched, bounded: every device took its one settings write (pools and preset).
    const written = () =>
      devices.every((d) => d.writeCounts.poolChanges === 1 && d.writeCounts.presetChanges === 1);
    for (let i = 0; i < 6000 && !written() && child.exitCode === null; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(written()).toBe(true);
    child.kill('SIGKILL');
    await ended;
    for (const d of devices) d.clearFaults();
    expect(devices.map(restarts)).toEqual(devices.map(() => 0));
    expect(devices.every((d) => d.password === SITE_PW)).toBe(true);
    const posts = devices.map(settingsPosts);

    // The devices say it (/status restart_required): the preview plans the restart, nothing else.
    const planned = await dryRun(devices);
    expect(devices.map((d) => planned.get(d.address))).toEqual(devices.map(() => [RESTART_STORED]));

    // The hand-over report counts them as not at the standard, in the same words.
    const report = await cli(['report', '--format', 'csv']);
    expect(report.code, report.stderr).toBe(0);
    const shown = reportStandard(report.stdout);
    expect(shown.line).toBe(
      `The site standard: 0 of ${COUNT} devices at the standard; ${COUNT} differ: ${COUNT} restart pending`,
    );
    expect(devices.map((d) => shown.cells.get(d.address))).toEqual(devices.map(() => 'restart pending'));

    // Commission restarts them, once each, without writing the settings again.
    const run = await cli(['commission', ...devices.map((d) => d.address), '--yes', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.json.map((l) => l.outcome)).toEqual(devices.map(() => 'done'));
    expect(devices.map(restarts)).toEqual(devices.map(() => 1));
    expect(devices.map(settingsPosts)).toEqual(posts);
    const again = await untilNothingToDo(devices);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(`Nothing to do: ${COUNT} of ${COUNT} devices at the standard.`);
    expect(devices.map(settingsPosts)).toEqual(posts);
    expect(devices.map(restarts)).toEqual(devices.map(() => 1));
  }, 600_000);

  it('says restart pending after pools set or profile set without a restart, and restarts only those', async () => {
    const [pooled, profiled, ...rest] = fleet.devices.slice(0, 4) as [SimDevice, SimDevice, SimDevice];
    // Another pool and back: the standard's pools are configured again, not in use until a restart.
    for (const pool of [`stratum+tcp://other.example:3333,x.{ip4}`, `${POOL},acct.{ip4}`]) {
      const set = await cli(['pools', 'set', pooled.address, '--pool', pool, '--yes']);
      expect(set.code, set.stderr).toBe(0);
    }
    for (const preset of ['2800', '2640']) {
      const set = await cli(['profile', 'set', profiled.address, '--preset', preset, '--yes']);
      expect(set.code, set.stderr).toBe(0);
    }
    const restartsBefore = fleet.devices.map(restarts);
    const planned = await dryRun([pooled, profiled, ...rest]);
    expect(planned.get(pooled.address)).toEqual([RESTART_STORED]);
    expect(planned.get(profiled.address)).toEqual([RESTART_STORED]);
    for (const d of rest) expect(planned.get(d.address)).toEqual([]);
    const report = reportStandard((await cli(['report', '--format', 'csv'])).stdout);
    expect(report.cells.get(pooled.address)).toBe('restart pending');
    expect(report.cells.get(profiled.address)).toBe('restart pending');

    const run = await cli(['commission', pooled.address, profiled.address, '--yes']);
    expect(run.code, run.stderr).toBe(0);
    expect(fleet.devices.map(restarts)).toEqual(restartsBefore.map((n, i) => n + (i < 2 ? 1 : 0)));
    const again = await untilNothingToDo([pooled, profiled]);
    expect(again.stderr).toContain('Nothing to do: 2 of 2 devices at the standard.');
  }, 600_000);
});
