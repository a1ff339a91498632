/**
 * Through the real CLI (a child process), simulated devices over loopback and the real Secret Service
 * under this suite's own service name:
 * - an imported site file that puts a known device at another address cannot send its stored password
 *   there: the import lists the conflict and keeps our address, a report (which reads every device of
 *   the site with its stored credentials) sends nothing to the file's address — the simulator there
 *   records no request — until `minerdeck site accept-import` takes it; and a file with a label that would
 *   drive the terminal is refused whole;
 * - `unlock --remember --site NAME` adds the devices to that site (its report counts them), and
 *   `scan --save --site NAME` saves to the site named, not the current one.
 */
import { readFileSync, writeFileSync } from 'node:fs';
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
import { devicesOf, unlocksOf } from '../support/sim-targets';

const SITE_PW = 'Import-Holds-Site-pw';
const SERVICE = testServiceName('import-holds');
const MACS = [1, 2, 3, 4].map((n) => `02:F4:00:00:00:0${n}`);

let fleet: Fleet;

const cliIn =
  (dir: string) =>
  (args: string[], stdin?: string): Promise<CliRun> =>
    runCli([...args, '--data-dir', dir], {
      env: { MINERDECK_KEYCHAIN_SERVICE: SERVICE },
      timeoutMs: 30_000,
      ...(stdin !== undefined ? { stdin } : {}),
    });

interface ExportFile {
  devices: { id: string; address: string; label: string; addressHistory: object[] }[];
}

describeWith(keychain, 'import, site accept-import, unlock --site and scan --site on a real keychain', () => {
  beforeAll(async () => {
    fleet = await startFleet({ defaults: { password: SITE_PW }, devices: MACS.map((mac) => ({ mac })) });
  });
  afterAll(async () => {
    await fleet.close();
    await clearService(SERVICE);
  });

  it(
    'a file that moves a known device: listed, ours kept, nothing sent there until accepted',
    { timeout: 120_000 },
    async () => {
      const [device, elsewhere] = devicesOf(fleet, 2);
      const dir = tempDataDir('cli-import-holds');
      const cli = cliIn(dir);
      expect((await cli(['site', 'create', 'Hall 1'])).code).toBe(0);
      const unlocked = await cli(
        ['unlock', device.address, '--password-stdin', '--remember', '--site', 'Hall 1'],
        SITE_PW,
      );
      expect(unlocked.code, unlocked.stderr).toBe(0);

      // The site's own export, with the device put at another simulator's address by whoever wrote it.
      const file = join(dir, 'from-bob.json');
      expect((await cli(['export', '--out', file])).code).toBe(0);
      const exported = JSON.parse(readFileSync(file, 'utf8')) as ExportFile;
      const [record] = exported.devices;
      if (record === undefined) throw new Error('the export has no device');
      expect(record.id).toBe(`mac:${MACS[0]}`);
      record.address = elsewhere.address;
      record.addressHistory.push({
        address: elsewhere.address,
        firstSeen: new Date().toISOString(),
        lastSeen: new Date().toISOString(),
      });
      writeFileSync(file, JSON.stringify(exported));

      const imported = await cli(['import', file]);
      expect(imported.code, imported.stderr).toBe(0);
      expect(imported.stdout).toContain(
        `mac:${MACS[0]} (${device.address}) address: ours "${device.address}", theirs "${elsewhere.address}"; kept ours until you accept it`,
      );
      expect(imported.stdout).toContain('minerdeck site accept-import DEVICE --site "Hall 1"');
      const asJson = await cli(['import', file, '--json']);
      expect(asJson.json[0]?.conflicts).toEqual([
        {
          deviceId: `mac:${MACS[0]}`,
          address: device.address,
          field: 'address',
          local: device.address,
          incoming: elsewhere.address,
          kept: 'local',
          pending: true,
        },
      ]);

      // The report reads every device of the site with its stored password: at our address only.
      // (The simulator at the file's address was never asked anything in this test.)
      const before = device.requests.length;
      const report = join(dir, 'report.json');
      expect((await cli(['report', '--out', report])).code).toBe(0);
      expect(handOverReportSchema.parse(JSON.parse(readFileSync(report, 'utf8'))).devices).toMatchObject([
        { address: device.address, state: 'online' },
      ]);
      expect(device.requests.length).toBeGreaterThan(before);
      expect(elsewhere.requests).toEqual([]);

      const waiting = await cli(['site', 'accept-import', '--json']);
      expect(waiting.json).toEqual([
        expect.objectContaining({
          deviceId: `mac:${MACS[0]}`,
          field: 'address',
          local: device.address,
          incoming: elsewhere.address,
        }),
      ]);
      expect((await cli(['site', 'accept-import', 'mac:00:00:00:00:00:09'])).code).toBe(2);
      const accepted = await cli(['site', 'accept-import', elsewhere.address]);
      expect(accepted.code, accepted.stderr).toBe(0);
      expect(accepted.stdout).toContain(
        `Accepted for mac:${MACS[0]}: address ${elsewhere.address} (was ${device.address})`,
      );

      // Accepted: the stored password now goes to the accepted address.
      expect((await cli(['report', '--out', report])).code).toBe(0);
      expect(unlocksOf(elsewhere).map((r) => r.body)).toEqual([expect.stringContaining(SITE_PW)]);
      expect((await cli(['site', 'accept-import'])).stderr).toContain('Nothing from an import waits');
    },
  );

  it('a file whose label would drive the terminal is refused whole, naming it', async () => {
    const dir = tempDataDir('cli-import-label');
    const cli = cliIn(dir);
    const file = join(dir, 'hostile.json');
    writeFileSync(
      file,
      JSON.stringify({
        format: 'minerdeck-site',
        formatVersion: 1,
        exportedAt: '2026-03-01T08:00:00.000Z',
        exportedBy: { app: 'Minerdeck', version: '0.1.0', laptop: 'x' },
        site: { id: 'hall-9', name: 'Hall 9', subnets: [] },
        devices: [
          {
            id: 'addr:10.0.0.5:80',
            identity: { mac: null, hostname: null, model: null, firmware: null, serial: null },
            address: 'http://10.0.0.5',
            addressHistory: [],
            tlsPin: null,
            tlsSeen: null,
            label: 'R1\u001b]0;owned\u0007',
            notes: '',
            firstSeen: '2026-03-01T08:00:00.000Z',
            lastSeen: null,
            commissioning: { status: 'planned', updatedAt: '2026-03-01T08:00:00.000Z' },
          },
        ],
      }),
    );
    const refused = await cli(['import', file]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      'The site export is refused, nothing was imported: device addr:10.0.0.5:80: The label cannot hold U+001B (an escape), found at character 3',
    );
    expect(refused.stderr).not.toContain('\u001b');
    expect((await cli(['site', 'list'])).stdout).toBe('');
  });

  it(
    'unlock --remember --site adds the devices to that site; scan --save --site saves to the site named',
    { timeout: 120_000 },
    async () => {
      const [, , third, fourth] = devicesOf(fleet, 4);
      const dir = tempDataDir('cli-unlock-joins');
      const cli = cliIn(dir);
      // "Site 1" stays the current site; the devices belong to "Hall 2".
      expect((await cli(['site', 'create', 'Site 1'])).code).toBe(0);
      expect((await cli(['site', 'create', 'Hall 2'])).code).toBe(0);

      const unlocked = await cli(
        ['unlock', third.address, '--password-stdin', '--remember', '--site', 'Hall 2'],
        SITE_PW,
      );
      expect(unlocked.code, unlocked.stderr).toBe(0);
      expect(unlocked.stderr).toContain('Saved to site "Hall 2": 1 new, 0 known.');
      const shown = await cli(['site', 'show', 'Hall 2', '--json']);
      expect(shown.json).toEqual([
        expect.objectContaining({
          id: `mac:${MACS[2]}`,
          address: third.address,
          identity: expect.objectContaining({ mac: MACS[2], model: expect.any(String) }),
        }),
      ]);
      const report = join(dir, 'hall-2.json');
      expect((await cli(['report', '--site', 'Hall 2', '--out', report])).code).toBe(0);
      expect(handOverReportSchema.parse(JSON.parse(readFileSync(report, 'utf8'))).counts).toMatchObject({
        devices: 1,
        byState: { online: 1 },
      });
      // Again: known now, not added twice.
      const again = await cli(
        ['unlock', third.address, '--password-stdin', '--remember', '--site', 'hall-2', '--json'],
        SITE_PW,
      );
      expect(again.json.at(-1)).toEqual({
        saved: { site: 'hall-2', added: 0, updated: 1, moved: 0, identified: 0 },
      });

      const scanned = await cli([
        'scan',
        fourth.host,
        '--port',
        String(fourth.port),
        '--save',
        '--site',
        'Hall 2',
      ]);
      expect(scanned.code, scanned.stderr).toBe(0);
      expect(scanned.stderr).toContain('Saved to site "Hall 2": 1 new, 0 known.');
      expect((await cli(['site', 'show', 'Site 1', '--json'])).json).toEqual([]);
      const usage = await cli(['scan', fourth.host, '--site', 'Hall 2']);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('--site names where --save adds the devices found: add --save.');
    },
  );
});
