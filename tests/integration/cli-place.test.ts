/**
 * `minerdeck place` and `minerdeck site layout` through the built CLI (a child process), simulated devices
 * over loopback and the real Secret Service under this suite's own service name: a site map imported
 * (preview, then --yes), a device placed by its serial and moved only with --yes, each `location` note
 * written on the device and read back, the rack shown as a grid, the layout exported, a CSV with a
 * device twice refused whole by line, exit codes 0/1/2.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { tempDataDir } from '../support/inventory-fixtures';
import { clearService, testServiceName } from '../support/keychain';
import { describeWith, keychain } from '../support/requirements';
import type { CliRun } from '../support/run-cli';
import { runCli } from '../support/run-cli';
import { devicesOf } from '../support/sim-targets';

const SITE_PW = 'Place-Site-pw';
const SERVICE = testServiceName('place');
const MACS = [1, 2, 3].map((n) => `02:F5:00:00:00:0${n}`);

let fleet: Fleet;

const cliIn =
  (dir: string) =>
  (args: string[], stdin?: string): Promise<CliRun> =>
    runCli([...args, '--data-dir', dir], {
      env: { MINERDECK_KEYCHAIN_SERVICE: SERVICE },
      timeoutMs: 30_000,
      ...(stdin !== undefined ? { stdin } : {}),
    });

describeWith(keychain, 'minerdeck place and site layout on a real keychain', () => {
  beforeAll(async () => {
    fleet = await startFleet({
      defaults: { password: SITE_PW },
      devices: MACS.map((mac, i) => ({ mac, serial: `YN20${i}` })),
    });
  });
  afterAll(async () => {
    await fleet.close();
    await clearService(SERVICE);
  });

  it(
    'imports a site map, places by serial, moves only with --yes, writes the notes',
    { timeout: 180_000 },
    async () => {
      const [a, b, c] = devicesOf(fleet, 3);
      const dir = tempDataDir('cli-place');
      const cli = cliIn(dir);
      expect((await cli(['site', 'create', 'Hall 7', '--use'])).code).toBe(0);
      for (const d of [a, b, c]) {
        const unlocked = await cli(
          ['unlock', d.address, '--password-stdin', '--remember', '--site', 'Hall 7'],
          SITE_PW,
        );
        expect(unlocked.code, unlocked.stderr).toBe(0);
      }
      const map = join(dir, 'map.csv');
      writeFileSync(
        map,
        '\uFEFFarea;rack;shelf;position;device\r\nC2;R07;1;1;YN200\r\nC2;R07;1;2;\r\nC2;R07;2;2;\r\n',
      );
      const dry = await cli(['site', 'layout', 'import', map, '--dry-run']);
      expect(dry.code, dry.stderr).toBe(0);
      expect(dry.stdout).toContain('+ rack C2 / R07: 2 × 2');
      expect(dry.stdout).toContain(`+ line 2: ${a.host}:${a.port} goes in C2-R07-S1-P1.`);
      expect(a.notes.location).toBeUndefined();
      const applied = await cli(['site', 'layout', 'import', map, '--yes']);
      expect(applied.code, applied.stderr).toBe(0);
      expect(a.notes.location).toBe('Hall 7 / C2-R07-S1-P1');

      const placed = await cli(['place', 'yn201', 'c2-r07-s2-p2', '--json']);
      expect(placed.code, placed.stderr).toBe(0);
      expect(placed.json[0]).toMatchObject({
        ok: true,
        results: [{ placed: true, note: 'written', slotName: 'C2-R07-S2-P2' }],
      });
      expect(b.notes.location).toBe('Hall 7 / C2-R07-S2-P2');

      const asked = await cli(['place', MACS[2]?.toLowerCase() ?? '', 'C2-R07-S1-P1']);
      expect(asked.code).toBe(2);
      expect(asked.stdout).toContain(
        `? C2-R07-S1-P1 holds ${a.host}:${a.port} — move ${c.host}:${c.port} here?`,
      );
      expect(c.notes.location).toBeUndefined();
      const moved = await cli(['place', MACS[2] ?? '', 'C2-R07-S1-P1', '--yes']);
      expect(moved.code, moved.stderr).toBe(0);
      expect(c.notes.location).toBe('Hall 7 / C2-R07-S1-P1');
      expect(a.notes.location).toBeUndefined();

      const show = await cli(['site', 'layout', 'show']);
      expect(show.code).toBe(0);
      expect(show.stdout).toContain('C2 / R07  (2 shelves × 2 positions, 2 placed)');
      expect(show.stdout).toMatch(new RegExp(`S1  ${c.host}:${c.port}\\s+·`));

      // status and monitor say where the device stands.
      const status = await cli(['status', c.address]);
      expect(status.code, status.stderr).toBe(0);
      expect(status.stdout).toContain('  location C2-R07-S1-P1');
      const monitored = await cli(['monitor', '--all', '--interval', '0.2', '--duration', '1', '--json']);
      expect(monitored.code, monitored.stderr).toBe(0);
      const finals = monitored.json.filter((l) => l.final === true);
      expect(finals.find((l) => l.address === c.address)).toMatchObject({ location: 'C2-R07-S1-P1' });
      expect(finals.find((l) => l.address === a.address)?.location).toBeUndefined();

      const out = join(dir, 'export.csv');
      expect((await cli(['site', 'layout', 'export', out])).code).toBe(0);
      expect(readFileSync(out, 'utf8')).toBe(
        'area,rack,shelf,position,device\r\nC2,R07,1,1,YN202\r\nC2,R07,1,2,\r\nC2,R07,2,1,\r\nC2,R07,2,2,YN201\r\n',
      );

      const twice = join(dir, 'twice.csv');
      writeFileSync(twice, 'device,slot\nYN200,C2-R07-S1-P2\nYN200,C2-R07-S2-P1\nnobody,C2-R07-S9-P9\n');
      const refused = await cli(['place', '--csv', twice, '--dry-run']);
      expect(refused.code).toBe(1);
      expect(refused.stdout).toContain('! line 2: the file places YN200 twice (lines 2 and 3): keep one.');
      expect(refused.stdout).toContain(
        '! line 4: nobody is no device of Hall 7: scan the site, or check the label.',
      );
    },
  );
});
