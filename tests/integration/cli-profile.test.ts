/**
 * `minerdeck profile list|set` end to end: the real CLI as a child process, simulated devices over
 * loopback HTTP, the real Secret Service under this suite's own service name (the devices' stored
 * passwords), and an inventory in a data folder of its own (the activity log). The choice checked before
 * anything is touched; a plan that sends nothing without --yes; with --yes exactly one POST /settings per
 * device, read back; the exit codes of the other writes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { clearService, testServiceName } from '../support/keychain';
import { describeWith, keychain } from '../support/requirements';
import { devicesOf, requestsTo } from '../support/sim-targets';
import { suiteCli } from '../support/suite-cli';

const SERVICE = testServiceName('profile');
const SETTINGS = '/api/v1/settings';

let fleet: Fleet;
let dataDir: string;
const cli = suiteCli({ service: SERVICE, dataDir: () => dataDir, timeoutMs: 60_000 });
const posts = (device: SimDevice) => requestsTo(device, SETTINGS, 'POST');

describeWith(keychain, 'minerdeck profile on a real keychain', () => {
  let a: SimDevice, b: SimDevice, s19: SimDevice, stranger: SimDevice;
  const all = () => [a, b, s19].map((d) => d.address);

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-profile-'));
    // Device 4 is an S19 (simulated list: 1800 … 3400 W); the stranger has its own password, not stored.
    fleet = await startFleet({ count: 5, devices: [{}, {}, {}, {}, { password: 'own-pw-5' }] });
    const [first, second, , older, own] = devicesOf(fleet, 5);
    [a, b, s19, stranger] = [first, second, older, own];
    const site = await cli(['site', 'create', 'Hall 7']);
    expect(site.code, site.stderr).toBe(0);
    const unlocked = await cli(['unlock', ...all(), '--password-stdin', '--remember'], 'admin');
    expect(unlocked.code, unlocked.stderr).toBe(0);
    fleet.clearRequests();
  }, 60_000);
  afterAll(async () => {
    await fleet.close();
    await clearService(SERVICE);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a missing, a doubled or a nonsense choice before anything is touched (exit 2)', async () => {
    const runs = await Promise.all([
      cli(['profile', 'set', a.address, '--yes']),
      cli(['profile', 'set', a.address, '--preset', '3070', '--site-kw', '100']),
      cli(['profile', 'set', a.address, '--max-watts', 'lots']),
      cli(['profile', 'set', a.address, '--site-kw', '0', '--json']),
      cli(['profile', 'set', a.address, '--preset', '3070', '--yes', '--dry-run']),
      cli(['profile']),
    ]);
    expect(runs.map((r) => r.code)).toEqual([2, 2, 2, 2, 2, 2]);
    expect(runs[0]!.stderr).toContain('give how to choose: --preset NAME, --max-watts W or --site-kw K.');
    expect(runs[1]!.stderr).toContain(
      'give one of --preset, --max-watts and --site-kw, not --preset and --site-kw.',
    );
    expect(runs[2]!.stderr).toContain(
      '--max-watts takes a number of watts per device above 0 and at most 20,000, not "lots".',
    );
    expect(runs[3]!.json[0]).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(runs[4]!.stderr).toContain('give --yes (set) or --dry-run (preview only), not both.');
    expect(runs[5]!.stderr).toContain('no profile subcommand given');
    expect(fleet.requests).toEqual([]);
  }, 60_000);

  it('list: per device its presets, the configured one and its PSU', async () => {
    const run = await cli(['profile', 'list', a.address, s19.address, '--json']);
    expect(run.code, run.stderr).toBe(0);
    const [first, older] = [a, s19].map((d) => run.json.find((l) => l.address === d.address)!);
    expect(first).toMatchObject({ current: '2800', moddedPsu: false });
    expect((first!.presets as { name: string }[]).map((p) => p.name)).toContain('4690');
    expect((older!.presets as { name: string; moddedPsuRequired: boolean }[]).at(-1)).toMatchObject({
      name: '3400',
      moddedPsuRequired: true,
    });
    const human = await cli(['profile', 'list', a.address]);
    expect(human.stdout).toMatch(/preset 2800; power supply stock; 26 presets/);
    // Tuned: the hash rate tuning measured (±2 % of the 188 TH the name promises).
    expect(human.stdout).toMatch(/2800 +2800 W, (18[4-9]|19[01])(\.\d)? TH\/s +tuned, ← configured/);
  }, 60_000);

  it('--site-kw: the plan with totals, nothing sent without --yes (exit 2) or with --dry-run (exit 0)', async () => {
    fleet.clearRequests();
    const dry = await cli(['profile', 'set', ...all(), '--site-kw', '8.5', '--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.json).toHaveLength(3);
    const watts = dry.json.reduce((sum, l) => sum + (l.watts as number), 0);
    expect(watts).toBeLessThanOrEqual(8500);
    expect(dry.json.every((l) => l.preview === true && l.send === true)).toBe(true);
    expect(dry.stderr).toMatch(/Total: 3 devices: \d{4} W of 8500 W, [\d.,]+ TH\/s expected\./);
    const human = await cli(['profile', 'set', ...all(), '--site-kw', '8.5']);
    expect(human.code).toBe(2);
    expect(human.stdout).toContain('Plan (a site budget of 8.5 kW spread for the most hash rate)');
    expect(human.stderr).toContain('Nothing was sent: add --yes to set the presets on 3 devices.');
    expect([a, b, s19].map((d) => posts(d).length)).toEqual([0, 0, 0]);
  }, 60_000);

  it('--preset --yes: one write per device, read back, the restart named; a device lacking it fails the run (exit 1)', async () => {
    fleet.clearRequests();
    const run = await cli(['profile', 'set', ...all(), '--preset', '3070', '--yes', '--json']);
    expect(run.code, run.stderr).toBe(1);
    const [first, second, older] = [a, b, s19].map((d) => run.json.find((l) => l.address === d.address)!);
    expect(first).toMatchObject({
      ok: true,
      outcome: 'done',
      preset: '3070',
      readBack: '3070',
      restartRequired: true,
    });
    expect(second).toMatchObject({ ok: true, outcome: 'done', readBack: '3070' });
    expect(older).toMatchObject({ ok: false, outcome: 'skipped' });
    expect((older!.error as { message: string }).message).toContain('the device has no preset "3070"');
    expect([a, b, s19].map((d) => posts(d).length)).toEqual([1, 1, 0]);
    expect([a.preset, b.preset, s19.preset]).toEqual(['3070', '3070', '2800']);
    expect(run.stderr).toContain('power profile set on 2 of 2 devices; 1 skipped.');
    expect(run.stderr).toContain('Recorded in the activity log of site "Hall 7".');
    expect(run.stderr).toContain(
      `2 devices run the new preset only after a mining restart: minerdeck restart-mining ${a.address} ${b.address}`,
    );
    const activity = await cli(['site', 'activity', '--json']);
    expect(activity.json.at(-1)).toMatchObject({
      action: 'power-profile',
      what: expect.stringContaining('preset 3070'),
    });
  }, 60_000);

  it('--password-stdin: a device without stored credentials is unlocked once for this run', async () => {
    fleet.clearRequests();
    const without = await cli(['profile', 'set', stranger.address, '--max-watts', '3000', '--dry-run']);
    expect(without.code).toBe(0);
    expect(without.stdout).toMatch(/skipped: no credential/);
    const withPw = await cli(
      ['profile', 'set', stranger.address, '--preset', '2980', '--password-stdin', '--yes'],
      'own-pw-5',
    );
    expect(withPw.code, withPw.stderr).toBe(0);
    expect(stranger.preset).toBe('2980');
    expect(requestsTo(stranger, '/api/v1/unlock', 'POST')).toHaveLength(1);
  }, 60_000);
});
