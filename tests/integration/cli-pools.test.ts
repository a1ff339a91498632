/**
 * `minerdeck pools set|show|presets` end to end: the real CLI as a child process, simulated
 * devices over loopback HTTP, the real Secret Service under this suite's own service name (the devices'
 * stored passwords), and an inventory in a data folder of its own (labels, presets, the activity log).
 * Templates and urls checked before any network call; the pool password only on standard input
 * (`--pool-password-stdin`: a third `--pool` field is bad usage); a preview that sends nothing; with --yes
 * exactly one POST /settings per device, three slots, read back with GET /settings; lost answers decided
 * by the read-back; the pool password never printed nor logged.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createInventoryServices } from '../../electron/core/inventory/inventory-services';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { clearService, testServiceName } from '../support/keychain';
import { describeWith, keychain } from '../support/requirements';
import { devicesOf, requestsTo } from '../support/sim-targets';
import { suiteCli } from '../support/suite-cli';

const FACTORY = 'admin';
const POOL_PW = 'pool-secret-77';
const SERVICE = testServiceName('pools');
const SETTINGS = '/api/v1/settings';
const LOGIN_SECRET = 'login-secret-31';
const LOGIN_URL = `stratum2+tcp://acct:${LOGIN_SECRET}@pool.example:3336`;
const EMPTY = { url: '', user: '', pass: '' };
const MAIN = 'stratum+tcp://pool.example:3333,acct.{label}-{mac6}';
const BACKUP = 'backup.example:443,acct.{ip4}';
/** The pool password comes on standard input, one for the pools given: never an argument. */
const PW = '--pool-password-stdin';

let fleet: Fleet;
let dataDir: string;
const cli = suiteCli({ service: SERVICE, dataDir: () => dataDir, timeoutMs: 30_000 });
const set = (devices: SimDevice[], extra: string[]) =>
  cli(['pools', 'set', ...devices.map((d) => d.address), ...extra], extra.includes(PW) ? POOL_PW : undefined);
const posts = (device: SimDevice) => requestsTo(device, SETTINGS, 'POST');
const lineFor = (lines: Record<string, unknown>[], device: SimDevice) =>
  lines.find((l) => l.address === device.address);
const mac6 = (device: SimDevice, lines: Record<string, unknown>[]) =>
  (lineFor(lines, device)!.deviceId as string).replace(/:/g, '').slice(-6);
const inventory = () =>
  createInventoryServices({ dataDir, laptop: 'test', app: { name: 'Minerdeck', version: '0' } });

describeWith(keychain, 'minerdeck pools on a real keychain', () => {
  let a: SimDevice, b: SimDevice, nolabel: SimDevice, off: SimDevice, nokey: SimDevice;
  let hung: SimDevice, lost: SimDevice, fail500: SimDevice, withLogin: SimDevice;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-pools-'));
    // The last one was set up elsewhere with a login inside its pool url (never shown: pool-url.ts).
    const others = Array.from({ length: 8 }, () => ({}));
    fleet = await startFleet({
      count: 9,
      defaults: { password: FACTORY },
      devices: [...others, { pools: [{ url: LOGIN_URL, user: 'acct.x', pass: 'x' }, EMPTY, EMPTY] }],
    });
    [a, b, nolabel, off, nokey, hung, lost, fail500, withLogin] = devicesOf(fleet, 9);
    const site = await cli(['site', 'create', 'Hall 7']);
    expect(site.code, site.stderr).toBe(0);
    // Rack positions from the customer's spreadsheet: {label}.
    const csv = join(dataDir, 'labels.csv');
    const labelled = [a, b, off, nokey, hung, lost, fail500];
    writeFileSync(csv, ['address,label', ...labelled.map((d, i) => `${d.address},R1-S${i + 1}`)].join('\n'));
    const imported = await cli(['import', csv]);
    expect(imported.code, imported.stderr).toBe(0);
    const unlocked = await cli(
      [
        'unlock',
        ...[a, b, nolabel, off, hung, lost, fail500, withLogin].map((d) => d.address),
        '--password-stdin',
        '--remember',
      ],
      FACTORY,
    );
    expect(unlocked.code, unlocked.stderr).toBe(0);
    await off.goDown(600);
    fleet.clearRequests();
  }, 60_000);
  afterAll(async () => {
    await fleet.close();
    await clearService(SERVICE);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a pool password on the command line, naming --pool-password-stdin and presets; nothing read or sent', async () => {
    const [third, flag, withPreset] = await Promise.all([
      set([a], ['--pool', `stratum+tcp://pool.example:3333,acct.{mac6},${POOL_PW}`, '--yes']),
      set([a], ['--pool', MAIN, '--pool-password', POOL_PW, '--yes']),
      set([a], ['--preset', 'Main', PW, '--yes']),
    ]);
    expect([third.code, flag.code, withPreset.code]).toEqual([2, 2, 2]);
    expect(third.stderr).toMatch(/--pool 1 has a third field: --pool takes "<url>,<worker template>" only/);
    expect(third.stderr).toMatch(/--pool-password-stdin .*or use a saved preset \(--preset NAME\)/);
    expect(flag.stderr).toMatch(/refusing --pool-password: .*--pool-password-stdin/);
    expect(withPreset.stderr).toMatch(
      /--pool-password-stdin gives the password of the pools given with --pool/,
    );
    expect(third.stdout + third.stderr + flag.stdout + flag.stderr).not.toContain(POOL_PW);
    expect(fleet.requests).toEqual([]);
  }, 60_000);

  it('checks each pool url before anything is sent: http://, a port of 99999, a login', async () => {
    const runs = await Promise.all([
      set([a], ['--pool', 'http://pool.example:3333,acct.{mac6}', '--yes']),
      set([a], ['--pool', MAIN, '--pool', 'backup.example:99999,acct.{ip4}', '--yes', '--json']),
      set([a], ['--pool', 'stratum2+tcp://me:hunter22@pool.example:3336,acct.{mac6}', '--dry-run']),
    ]);
    expect(runs.map((r) => r.code)).toEqual([2, 2, 2]);
    expect(runs[0]!.stderr).toContain(
      'minerdeck: pool 1 URL "http://pool.example:3333": a pool URL starts with stratum+tcp://, stratum+ssl:// or stratum2+tcp:// (or none: host:port), not "http://".',
    );
    expect(runs[1]!.json[0]).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message: 'pool 2 URL "backup.example:99999": port 99999 is out of range: use 1 to 65535.',
      },
    });
    expect(runs[2]!.stderr).toMatch(
      /pool 1 URL "stratum2\+tcp:\/\/pool\.example:3336": a pool URL takes no login/,
    );
    expect(runs[2]!.stderr).not.toContain('hunter22');
    expect(fleet.requests).toEqual([]);
  }, 60_000);

  it('refuses an unknown placeholder, four pools, a pool without a worker, or no pools, before any network call', async () => {
    const runs = await Promise.all([
      set([a], ['--pool', 'pool.example:3333,acct.{rack}', '--yes', '--json']),
      set([a], ['--pool', MAIN, '--pool', BACKUP, '--pool', BACKUP, '--pool', BACKUP, '--yes']),
      set([a], ['--pool', 'pool.example:3333', '--yes']),
      set([a], ['--yes']),
    ]);
    expect(runs.map((r) => r.code)).toEqual([2, 2, 2, 2]);
    expect(runs[0]!.json[0]).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message: expect.stringMatching(/unknown placeholder \{rack\}.*known: \{mac\}/),
      },
    });
    expect(runs[1]!.stderr).toMatch(/at most 3 pools, not 4/);
    expect(runs[2]!.stderr).toMatch(/needs a url and a worker/);
    expect(runs[3]!.stderr).toMatch(/give the pools: --pool \(up to 3\) or --preset NAME/);
    expect(fleet.requests).toEqual([]);
  }, 60_000);

  it('--dry-run and no --yes: the preview with each device’s workers and who is skipped why; nothing sent', async () => {
    const before = a.pools.map((p) => ({ ...p }));
    const [dry, preview] = await Promise.all([
      set([a, b, nolabel, off, nokey], ['--pool', MAIN, '--pool', BACKUP, PW, '--dry-run', '--json']),
      set([a, b, nolabel, off, nokey], ['--pool', MAIN, '--pool', BACKUP, PW]),
    ]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.json).toEqual([
      expect.objectContaining({
        preview: true,
        address: a.address,
        send: true,
        workers: [`acct.R1-S1-${mac6(a, dry.json)}`, `acct.${a.host.split('.')[3]}`, ''],
      }),
      expect.objectContaining({ address: b.address, send: true }),
      expect.objectContaining({
        address: nolabel.address,
        send: false,
        skip: 'template',
        detail: expect.stringMatching(/no value for \{label\}/),
      }),
      expect.objectContaining({ address: off.address, send: false, skip: 'offline' }),
      expect.objectContaining({ address: nokey.address, send: false, skip: 'no-credential' }),
    ]);
    expect(preview.code).toBe(2);
    expect(preview.stdout).toContain('Preview: 2 devices will get these pools, 3 skipped:');
    expect(preview.stdout).toContain(
      'pool 1  stratum+tcp://pool.example:3333  worker acct.{label}-{mac6}  password ***',
    );
    expect(preview.stdout).toContain('pool 2  backup.example:443  worker acct.{ip4}  password ***');
    expect(preview.stdout).toMatch(new RegExp(`${a.address} +workers acct\\.R1-S1-[0-9A-F]{6}, acct\\.\\d+`));
    expect(preview.stdout).toMatch(new RegExp(`${off.address} +skipped: offline: `));
    expect(preview.stderr).toContain('Nothing was sent: add --yes to set the pools on 2 devices.');
    expect(fleet.requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(a.pools).toEqual(before);
    expect(dry.stdout + dry.stderr + preview.stdout + preview.stderr).not.toContain(POOL_PW);
  }, 60_000);

  it('--yes: one POST /settings each with three slots, read back, restart_required shown, recorded; exit 0', async () => {
    const run = await set([a, b], ['--pool', MAIN, '--pool', BACKUP, PW, '--yes', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.json).toHaveLength(2);
    for (const [i, device] of [a, b].entries()) {
      const workers = [
        `acct.R1-S${i + 1}-${mac6(device, run.json)}`,
        `acct.${device.host.split('.')[3]}`,
        '',
      ];
      const slots = [
        { url: 'stratum+tcp://pool.example:3333', user: workers[0], pass: POOL_PW },
        { url: 'backup.example:443', user: workers[1], pass: POOL_PW },
        { url: '', user: '', pass: '' },
      ];
      expect(lineFor(run.json, device)).toMatchObject({
        ok: true,
        outcome: 'done',
        workers,
        restartRequired: true,
        readBack: slots.map((s) => ({ url: s.url, user: s.user, hasPassword: s.pass !== '' })),
      });
      expect(posts(device)).toHaveLength(1);
      expect(device.writeCounts.settingsPosts).toBe(1);
      expect(JSON.parse(posts(device)[0]!.body)).toEqual({ miner: { pools: slots } });
      expect(device.pools).toEqual(slots);
      // The read-back came after the write.
      const gets = requestsTo(device, SETTINGS, 'GET');
      expect(gets.length).toBeGreaterThanOrEqual(1);
      expect(gets.at(-1)!.time).toBeGreaterThanOrEqual(posts(device)[0]!.time);
    }
    expect(run.stderr).toContain('pools set on 2 of 2 devices.');
    expect(run.stderr).toContain('Recorded in the activity log of site "Hall 7".');
    expect(run.stderr).toContain(
      `2 devices mine on the new pools only after a mining restart: minerdeck restart-mining`,
    );
    expect(run.stdout + run.stderr).not.toContain(POOL_PW);
    const log = await inventory().activity();
    expect(log.ok && log.value.at(-1)).toMatchObject({
      action: 'pools',
      what: 'pool 1 stratum+tcp://pool.example:3333 worker acct.{label}-{mac6}; pool 2 backup.example:443 worker acct.{ip4}',
      devices: [expect.objectContaining({ outcome: 'done' }), expect.objectContaining({ outcome: 'done' })],
    });
    expect(JSON.stringify(log)).not.toContain(POOL_PW);

    // The same pools again: the device says no restart is needed.
    const again = await set([a], ['--pool', MAIN, '--pool', BACKUP, PW, '--yes', '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(lineFor(again.json, a)).toMatchObject({ ok: true, restartRequired: false });
  }, 60_000);

  it('lost answers are never resent and the read-back decides; a 500 fails; exit 1', async () => {
    // Applied, answer lost: the read-back finds the pools. Lost, and the read-back hangs too: unknown.
    hung.addFault({ fault: { kind: 'hang-after-apply' }, paths: [SETTINGS], methods: ['POST'], times: 1 });
    lost.addFault({ fault: { kind: 'drop-after-apply' }, paths: [SETTINGS], methods: ['POST'], times: 1 });
    lost.addFault({ fault: { kind: 'hang' }, paths: [SETTINGS], methods: ['GET'] });
    fail500.addFault({ fault: { kind: 'http-500' }, paths: [SETTINGS], methods: ['POST'], times: 1 });
    const before500 = fail500.pools.map((p) => ({ ...p }));
    fleet.clearRequests();
    const run = await set(
      [hung, lost, fail500],
      ['--pool', MAIN, PW, '--yes', '--json', '--timeout', '1500'],
    );
    lost.clearFaults();
    expect(run.code, run.stderr).toBe(1);
    expect(lineFor(run.json, hung)).toMatchObject({
      ok: true,
      outcome: 'done',
      restartRequired: true,
      message: expect.stringMatching(/no clear answer.*read-back shows the pools set/),
    });
    expect(hung.pools[0]).toMatchObject({ url: 'stratum+tcp://pool.example:3333', pass: POOL_PW });
    expect(lineFor(run.json, lost)).toMatchObject({
      ok: false,
      outcome: 'unknown',
      error: {
        code: 'OUTCOME_UNKNOWN',
        message: expect.stringMatching(/unknown — check: .*reading the pools back failed too/),
      },
    });
    expect(lineFor(run.json, fail500)).toMatchObject({
      ok: false,
      outcome: 'failed',
      error: { code: 'HTTP_ERROR', message: expect.stringMatching(/refused the pools.*nothing was changed/) },
    });
    expect(fail500.pools).toEqual(before500);
    for (const device of [hung, lost, fail500]) expect(posts(device)).toHaveLength(1);
    expect(run.stderr).toContain('pools set on 1 of 3 devices; 1 failed; 1 unknown (check).');
    expect(run.stdout + run.stderr).not.toContain(POOL_PW);
  }, 60_000);

  it('pools show: each device’s three slots as read back, the password masked', async () => {
    const [json, human] = await Promise.all([
      cli(['pools', 'show', a.address, off.address, '--json', '--timeout', '1000']),
      cli(['pools', 'show', a.address]),
    ]);
    expect(json.code).toBe(1);
    expect(lineFor(json.json, a)).toMatchObject({
      ok: true,
      pools: [
        {
          url: 'stratum+tcp://pool.example:3333',
          user: expect.stringMatching(/^acct\.R1-S1-/),
          hasPassword: true,
        },
        { url: 'backup.example:443', hasPassword: true },
        { url: '', user: '', hasPassword: false },
      ],
    });
    expect(lineFor(json.json, off)).toMatchObject({ ok: false, error: { code: 'UNREACHABLE' } });
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toMatch(
      /pool 1 {2}stratum\+tcp:\/\/pool\.example:3333 {2}worker acct\.R1-S1-\w+ {2}password \*\*\*/,
    );
    expect(human.stdout).toContain('pool 3  (empty)');
    expect(json.stdout + human.stdout + human.stderr).not.toContain(POOL_PW);

    // A login inside a device's pool url is cut, in the human lines and in --json alike.
    const [loginJson, loginHuman] = await Promise.all([
      cli(['pools', 'show', withLogin.address, '--json']),
      cli(['pools', 'show', withLogin.address]),
    ]);
    expect(lineFor(loginJson.json, withLogin)).toMatchObject({
      ok: true,
      pools: [{ url: 'stratum2+tcp://pool.example:3336', user: 'acct.x', hasPassword: true }, {}, {}],
    });
    expect(loginHuman.stdout).toContain(
      'pool 1  stratum2+tcp://pool.example:3336  worker acct.x  password ***',
    );
    expect(loginJson.stdout + loginHuman.stdout + loginHuman.stderr).not.toContain(LOGIN_SECRET);
  }, 60_000);

  it('--save-preset keeps the pools in the site; --preset uses them; pools presets lists them masked', async () => {
    const saved = await set([b], ['--pool', MAIN, PW, '--save-preset', 'Main', '--dry-run']);
    expect(saved.code, saved.stderr).toBe(0);
    expect(saved.stderr).toContain('Saved pool preset "Main" in site "Hall 7":');
    const [listed, used, unknown] = await Promise.all([
      cli(['pools', 'presets', '--json']),
      set([b], ['--preset', 'main', '--dry-run', '--json']),
      set([b], ['--preset', 'other', '--dry-run']),
    ]);
    expect(listed.json).toEqual([
      {
        name: 'Main',
        updatedAt: expect.any(String),
        pools: [{ url: 'stratum+tcp://pool.example:3333', worker: 'acct.{label}-{mac6}', hasPassword: true }],
      },
    ]);
    expect(used.code, used.stderr).toBe(0);
    expect(lineFor(used.json, b)).toMatchObject({
      send: true,
      workers: [expect.stringMatching(/^acct\.R1-S2-/), '', ''],
    });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no pool preset "other" \(presets: "Main"\)/);
    const presets = await inventory().poolPresets('Hall 7');
    expect(presets.ok && presets.value[0]?.pools[0]?.password).toBe(POOL_PW);
    expect(saved.stdout + saved.stderr + listed.stdout + used.stdout).not.toContain(POOL_PW);

    // A preset saved before urls were checked (here: edited in the file) is checked before any device is asked.
    const file = join(dataDir, 'inventory.json');
    const data = JSON.parse(readFileSync(file, 'utf8')) as { poolPresets: { pools: { url: string }[] }[] };
    data.poolPresets[0]!.pools[0]!.url = 'http://pool.example:3333';
    writeFileSync(file, JSON.stringify(data));
    fleet.clearRequests();
    const old = await set([b], ['--preset', 'Main', '--dry-run']);
    expect(old.code).toBe(2);
    expect(old.stderr).toContain(
      'minerdeck: preset "Main": pool 1 URL "http://pool.example:3333": a pool URL starts with stratum+tcp://',
    );
    expect(fleet.requests).toEqual([]);
  }, 60_000);
});
