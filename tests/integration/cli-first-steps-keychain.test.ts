/**
 * A technician's first steps with sites and the keychain, through the real CLI (a child process), simulated
 * devices over loopback and the real Secret Service under this suite's own service name:
 * - a site made with `site create "Hall 7"` is taken by every device command's `--site` as typed (any
 *   case, or its id), and its password is stored under the site's own keychain entry — the one the app
 *   uses (`site/<id>/password`, the site's `passwordRef` in the inventory);
 * - a report shows, as each device's `lastSeen`, the time of the live check it just ran.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createKeytarStore } from '../../electron/core/credentials/keytar-store';
import { handOverReportSchema } from '../../shared/domain/report';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { tempDataDir } from '../support/inventory-fixtures';
import { clearService, testServiceName } from '../support/keychain';
import { describeWith, keychain } from '../support/requirements';
import type { CliRun } from '../support/run-cli';
import { runCli } from '../support/run-cli';
import { devicesOf } from '../support/sim-targets';

const SITE_PW = 'First-Steps-Site-pw';
const SERVICE = testServiceName('first-steps');

let fleet: Fleet;

/** The CLI on one data folder, with this suite's keychain service. */
const cliIn =
  (dir: string) =>
  (args: string[], stdin?: string): Promise<CliRun> =>
    runCli([...args, '--data-dir', dir], {
      env: { MINERDECK_KEYCHAIN_SERVICE: SERVICE },
      timeoutMs: 30_000,
      ...(stdin !== undefined ? { stdin } : {}),
    });

describeWith(keychain, 'the first steps of docs/cli.md on a real keychain', () => {
  beforeAll(async () => {
    fleet = await startFleet({
      defaults: { password: SITE_PW },
      devices: [1, 2, 3, 4, 5].map((n) => ({ mac: `02:E2:00:00:00:0${n}` })),
    });
  });
  afterAll(async () => {
    await fleet.close();
    await clearService(SERVICE);
  });

  it(
    '--site "Hall 7" as typed: stored under the site’s keychain entry, then used by status, monitor and key create',
    { timeout: 120_000 },
    async () => {
      const [a, b, c] = devicesOf(fleet, 3);
      const dir = tempDataDir('first-steps-site');
      const cli = cliIn(dir);
      expect((await cli(['site', 'create', 'Hall 7'])).code).toBe(0);

      const unlocked = await cli(
        ['unlock', a.address, b.address, '--password-stdin', '--remember', '--site', 'Hall 7', '--json'],
        SITE_PW,
      );
      expect(unlocked.code, unlocked.stderr).toBe(0);
      const perDevice = unlocked.json.filter((line) => 'ok' in line);
      expect(perDevice).toHaveLength(2);
      for (const line of perDevice) {
        expect(line).toMatchObject({ ok: true, unlocked: true, remembered: 'keychain', site: 'hall-7' });
      }
      // They joined the site too, as scan --save would have added them.
      expect(unlocked.json.at(-1)).toEqual({
        saved: { site: 'hall-7', added: 2, updated: 0, moved: 0, identified: 0 },
      });
      const human = await cli(
        ['unlock', a.address, '--password-stdin', '--remember', '--site', 'hall 7'],
        SITE_PW,
      );
      expect(human.stdout).toContain('stored in the keychain as the password of site "Hall 7"');

      // The entry the app reads for this site: the inventory's passwordRef, not the name as typed.
      const inventory = JSON.parse(readFileSync(join(dir, 'inventory.json'), 'utf8')) as {
        sites: { name: string; passwordRef: string }[];
      };
      expect(inventory.sites).toMatchObject([{ name: 'Hall 7', passwordRef: 'site/hall-7/password' }]);
      const accounts = (await createKeytarStore({ service: SERVICE }).list()).map((e) => e.account);
      expect(accounts).toContain('site/hall-7/password');
      const listed = await cli(['key', 'list', '--json']);
      expect(listed.json.map((l) => (l.password as { siteId?: string }).siteId)).toEqual([
        'hall-7',
        'hall-7',
      ]);

      // c never took the password: only --site can give it one, found by any spelling of the site.
      const none = await cli(['status', c.address, '--json']);
      expect(none.code).toBe(2);
      const status = await cli(['status', c.address, '--site', 'HALL 7', '--json']);
      expect(status.code, status.stderr).toBe(0);
      expect(status.json[0]).toMatchObject({ ok: true, credential: 'password', reading: { unlocked: true } });
      const watched = await cli(['monitor', c.address, '--site', 'hall 7', '--duration', '1.5', '--json']);
      expect(watched.code, watched.stderr).toBe(0);
      expect(watched.json.at(-1)).toMatchObject({ address: c.address, state: 'online', final: true });
      const keyed = await cli(['key', 'create', c.address, '--site', 'hall-7', '--json']);
      expect(keyed.code, keyed.stderr).toBe(0);
      expect(keyed.json[0]).toMatchObject({ ok: true, stored: 'keychain' });
    },
  );

  it('a report shows as lastSeen the time of the check it just ran', { timeout: 120_000 }, async () => {
    const [, , , d, e] = devicesOf(fleet, 5);
    const dir = tempDataDir('first-steps-report');
    const cli = cliIn(dir);
    // A fresh folder, as a technician starts: the scan makes "Site 1", then its password is remembered.
    const scanned = await cli(['scan', d.host, e.host, '--port', String(d.port), '--save']);
    expect(scanned.stderr).toContain('Created site "Site 1"');
    expect(scanned.stderr).toContain('Saved to site "Site 1": 2 new, 0 known.');
    const unlocked = await cli(
      ['unlock', d.address, e.address, '--password-stdin', '--remember', '--site', 'Site 1'],
      SITE_PW,
    );
    expect(unlocked.code, unlocked.stderr).toBe(0);
    const shown = await cli(['site', 'show', '--json']);
    const scannedAt = shown.json.map((l) => String(l.lastSeen));
    expect(scannedAt, JSON.stringify(shown)).toHaveLength(2);

    const file = join(dir, 'report.json');
    const checked = await cli(['report', '--out', file]);
    expect(checked.code, checked.stderr).toBe(0);
    const report = handOverReportSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    expect(report.counts.byState).toEqual({ online: 2 });
    const checkedAt = report.checkedAt ?? '';
    for (const seen of scannedAt) expect(Date.parse(checkedAt)).toBeGreaterThan(Date.parse(seen));
    expect(report.devices.map((device) => device.lastSeen)).toEqual([checkedAt, checkedAt]);

    // The inventory remembers the same time: a report without a check says it too.
    const again = join(dir, 'again.json');
    expect((await cli(['report', '--no-check', '--out', again])).code).toBe(0);
    const later = handOverReportSchema.parse(JSON.parse(readFileSync(again, 'utf8')));
    expect(later.devices.map((device) => device.lastSeen)).toEqual([checkedAt, checkedAt]);
  });
});
