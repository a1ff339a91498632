/**
 * The hand-over report against the site standard, end to end: the real CLI as a child process, simulated
 * devices over loopback HTTP, the real Secret Service (the site password), an inventory of its own. A site
 * with four devices saved from a scan and a standard (site password, pools, preset); `minerdeck
 * commission` brings three of them to it. `minerdeck report` (CSV and HTML) then carries the line "The
 * site standard: 3 of 4 devices at the standard" with what the standard asks (never the password), and
 * per device the Standard column: ✓ for the three, and for the fourth what the report can honestly say
 * ("not checked: locked"). One device moved to another pool afterwards is named ("pools differ").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { clearService, testServiceName } from '../support/keychain';
import { describeWith, keychain } from '../support/requirements';
import { suiteCli } from '../support/suite-cli';
import { readCsvTable } from '../../shared/domain/targets/csv-table';

const FACTORY = 'admin';
const SITE_PW = 'Hall-9-site-pw-2024';
const SERVICE = testServiceName('report-standard');
const POOL = 'stratum+tcp://pool.example:3333';

let fleet: Fleet;
let dataDir: string;
const cli = suiteCli({ service: SERVICE, dataDir: () => dataDir, timeoutMs: 60_000 });

/** Heading rows (name → values) and device rows (address → column → cell) of a report CSV. */
function readReportCsv(csv: string) {
  const table = readCsvTable(csv, ',');
  const rows = table.ok ? table.rows.map((r) => r.cells) : [];
  const header = rows.findIndex((r) => r[0] === 'address');
  const names = rows[header] ?? [];
  const heading = (name: string) =>
    rows
      .slice(0, header)
      .filter((r) => r[0] === name)
      .map((r) => r[1]);
  const devices = new Map(
    rows
      .slice(header + 1)
      .filter((r) => (r[0] ?? '') !== '')
      .map((r) => [r[0] ?? '', Object.fromEntries(names.map((n, i) => [n, r[i] ?? '']))] as const),
  );
  return { heading, devices };
}

describeWith(keychain, 'minerdeck report against the site standard, on a real keychain', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-report-standard-'));
    fleet = await startFleet({
      devices: Array.from({ length: 4 }, (_, i) => ({
        password: FACTORY,
        model: 'Antminer S21 Pro',
        mac: `02:D9:00:00:00:0${i + 1}`,
      })),
      defaults: { miningRestartSeconds: 0.2, autoTuneSeconds: 0.2 },
    });
  }, 60_000);
  afterAll(async () => {
    await fleet?.close();
    await clearService(SERVICE);
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  it('carries the standard line and the Standard column after a commission of three devices', async () => {
    const devices = fleet.devices;
    const [first] = devices;
    expect((await cli(['site', 'create', 'Hall 9'])).code).toBe(0);
    const scanned = await cli([
      'scan',
      ...devices.map((d) => d.host),
      '--port',
      String(first?.port),
      '--save',
    ]);
    expect(scanned.code, scanned.stderr).toBe(0);

    // No standard yet: the report says so, and its Standard column is empty.
    const before = await cli(['report', '--no-check', '--format', 'csv']);
    expect(before.code, before.stderr).toBe(0);
    expect(readReportCsv(before.stdout).heading('standard')).toEqual([
      'The site standard: no standard set for this site',
    ]);

    const set = await cli(
      ['standard', 'set', '--new-password-stdin', '--pool', `${POOL},acct.{ip4}`, '--preset', '2640'],
      SITE_PW,
    );
    expect(set.code, set.stderr).toBe(0);
    const three = devices.slice(0, 3).map((d) => d.address);
    const commissioned = await cli(['commission', ...three, '--password-stdin', '--yes', '--json'], FACTORY);
    expect(commissioned.code, commissioned.stderr).toBe(0);

    const csvRun = await cli(['report', '--format', 'csv']);
    expect(csvRun.code, csvRun.stderr).toBe(0);
    const csv = readReportCsv(csvRun.stdout);
    // The fourth was never given a password: the report's check could not read it, and says so.
    expect(csv.heading('standard')).toEqual([
      'The site standard: 3 of 4 devices at the standard; 1 not checked',
    ]);
    expect(csv.heading('standard asks')).toEqual([
      'site password (stored in this keychain)',
      `pool 1: ${POOL}, worker acct.{ip4}`,
      'power: preset 2640',
    ]);
    expect(
      devices.map((d) => [csv.devices.get(d.address)?.state, csv.devices.get(d.address)?.standard]),
    ).toEqual([
      ['online', '✓'],
      ['online', '✓'],
      ['online', '✓'],
      ['locked', 'not checked: locked'],
    ]);

    // Someone points one device at another pool: the next report names it, with the count per part.
    const third = devices[2]?.address ?? '';
    const moved = await cli([
      'pools',
      'set',
      third,
      '--pool',
      'stratum+tcp://other.example:3333,x.{ip4}',
      '--yes',
    ]);
    expect(moved.code, moved.stderr).toBe(0);
    const csvAfter = readReportCsv((await cli(['report', '--format', 'csv'])).stdout);
    // Set without a restart: the device also says its new pools are not in force yet.
    expect(csvAfter.devices.get(third)?.standard).toBe('pools differ, restart pending');
    const line =
      'The site standard: 2 of 4 devices at the standard; 1 differs: 1 pools differ, 1 restart pending; 1 not checked';
    expect(csvAfter.heading('standard')).toEqual([line]);

    // The same words in the document a site owner signs.
    const htmlRun = await cli(['report', '--format', 'html']);
    expect(htmlRun.code, htmlRun.stderr).toBe(0);
    expect(htmlRun.stdout).toContain(`<b>The site standard:</b> ${line.replace('The site standard: ', '')}`);
    expect(htmlRun.stdout).toContain('<th>Standard</th><th>Verdict</th>');
    expect(htmlRun.stdout.match(/<td class="standard-ok">✓<\/td>/g)).toHaveLength(2);
    expect(htmlRun.stdout).toContain('<td class="standard-differs">pools differ, restart pending</td>');

    for (const run of [set, commissioned, csvRun, moved, htmlRun]) {
      expect(run.stdout + run.stderr).not.toContain(SITE_PW);
    }
  }, 120_000);
});
