/**
 * A commissioning through the CLI with the real keychain, ending in the hand-over report: a site, a scan
 * saved to it, the batch unlocked with one site password (remembered), API keys created, the report in all
 * three formats. The report says which devices have a key (from the keychain's metadata); then the data
 * folder, the report files and every output are searched for the password, the keys and the tokens.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { handOverReportSchema } from '../../shared/domain/report';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { tempDataDir } from '../support/inventory-fixtures';
import { clearService, testServiceName } from '../support/keychain';
import { describeWith, keychain } from '../support/requirements';
import type { CliRun } from '../support/run-cli';
import { runCli } from '../support/run-cli';
import { leaksInFiles, leaksInText } from '../support/secret-scan';
import { devicesOf } from '../support/sim-targets';

const SITE_PW = 'Report-Site-Canary-pw';
const SERVICE = testServiceName('report');

let fleet: Fleet;

describeWith(keychain, 'minerdeck report after a commissioning, on a real keychain', () => {
  beforeAll(async () => {
    fleet = await startFleet({
      defaults: { password: SITE_PW },
      devices: [{ mac: '02:D8:00:00:00:01' }, { mac: '02:D8:00:00:00:02' }, { mac: '02:D8:00:00:00:03' }],
    });
  });
  afterAll(async () => {
    await fleet.close();
    await clearService(SERVICE);
  });

  it(
    'reports keys provisioned (yes/no) and states; no secret in the data folder, the reports or any output',
    { timeout: 90_000 },
    async () => {
      const [one, two, three] = devicesOf(fleet, 3);
      const dir = tempDataDir('cli-keychain');
      const outputs: Record<string, string> = {};
      const cli = async (args: string[], stdin?: string): Promise<CliRun> => {
        const run = await runCli([...args, '--data-dir', dir], {
          env: { MINERDECK_KEYCHAIN_SERVICE: SERVICE },
          timeoutMs: 30_000,
          ...(stdin !== undefined ? { stdin } : {}),
        });
        outputs[args.join(' ')] = run.stdout + run.stderr;
        return run;
      };

      await cli(['site', 'create', 'Hall 3']);
      const scanned = await cli([
        'scan',
        one.host,
        two.host,
        three.host,
        '--port',
        String(one.port),
        '--save',
      ]);
      expect(scanned.stderr).toContain('Saved to site "Hall 3": 3 new, 0 known.');
      const unlocked = await cli(
        [
          'unlock',
          one.address,
          two.address,
          three.address,
          '--password-stdin',
          '--remember',
          '--site',
          'hall-3',
        ],
        SITE_PW,
      );
      expect(unlocked.code, unlocked.stderr).toBe(0);
      const keys = await cli(['key', 'create', one.address, two.address]);
      expect(keys.code, keys.stderr).toBe(0);

      const files = {
        json: join(dir, 'report.json'),
        html: join(dir, 'report.html'),
        csv: join(dir, 'report.csv'),
      };
      // One after the other: like two people at one keyring, parallel runs can make a listing fail (the
      // report then says "unknown"); this test wants the answers.
      const json = await cli(['report', '--out', files.json]);
      const html = await cli(['report', '--no-check', '--out', files.html]);
      const csv = await cli(['report', '--no-check', '--out', files.csv]);
      for (const run of [json, html, csv]) expect(run.code, run.stderr).toBe(0);
      const report = handOverReportSchema.parse(JSON.parse(readFileSync(files.json, 'utf8')));
      expect(report.counts).toMatchObject({ devices: 3, byState: { online: 3 }, apiKeys: 2 });
      expect(report.devices.map((d) => [d.address, d.apiKey, d.state, d.commissioning])).toEqual([
        [one.address, true, 'online', 'verified'],
        [two.address, true, 'online', 'verified'],
        [three.address, false, 'online', 'verified'],
      ]);
      // Per device in the CSV and JSON (the printed page has one line per device, without it).
      const rows = readFileSync(files.csv, 'utf8').split('\r\n');
      const header = rows.findIndex((row) => row.startsWith('address,'));
      const apiKey = rows[header]!.split(',').indexOf('api_key');
      expect(rows.slice(header + 1, header + 4).map((row) => row.split(',')[apiKey])).toEqual([
        'yes',
        'yes',
        'no',
      ]);
      expect(readFileSync(files.html, 'utf8')).toContain('<h1>No acceptance run yet: 3 devices</h1>');

      const apiKeys = fleet.devices.flatMap((d) => d.apiKeys.map((k) => k.key));
      expect(apiKeys).toHaveLength(2);
      const tokens = fleet.requests
        .map((r) => r.headers.authorization)
        .filter((h): h is string => typeof h === 'string')
        .map((h) => h.replace(/^Bearer /, ''));
      const secrets = [SITE_PW, ...apiKeys, ...new Set(tokens)];
      const search = leaksInFiles(dir, secrets);
      expect(search.files).toBe(4);
      expect(search.leaks).toEqual([]);
      expect(leaksInText(outputs, secrets)).toEqual([]);
    },
  );
});
