/**
 * `minerdeck standard show|set` and `minerdeck commission` end to end: the real CLI as a child process,
 * simulated devices over loopback HTTP, the real Secret Service under this suite's own service name (the
 * site password), an inventory of its own (the standard, the activity log). The standard round-trips
 * through the keychain (only "stored" is ever shown); `--dry-run` lists per device its steps and writes
 * nothing; without --yes and no terminal nothing is sent (exit 2); a device failing a step is named and
 * the others go on (exit 1); a run killed mid-way is resumed by running it again, which does only what
 * still differs; a device at the standard gets no write.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { clearService, testServiceName } from '../support/keychain';
import { describeWith, keychain } from '../support/requirements';
import { CLI_COMMAND, REPO_ROOT } from '../support/run-cli';
import { requestsTo } from '../support/sim-targets';
import { suiteCli, suiteEnv } from '../support/suite-cli';

const FACTORY = 'admin';
const SITE_PW = 'Hall-7-site-pw-2024';
const SERVICE = testServiceName('standard');
const SETTINGS = '/api/v1/settings';
const POOL = 'stratum+tcp://pool.example:3333';

let fleet: Fleet;
let dataDir: string;
const env = suiteEnv(SERVICE);
const cli = suiteCli({ service: SERVICE, dataDir: () => dataDir, timeoutMs: 60_000 });
const writes = (d: SimDevice) =>
  requestsTo(d, SETTINGS, 'POST').length + requestsTo(d, '/api/v1/actions/restart', 'POST').length;
const addressesOf = (devices: readonly SimDevice[]) => devices.map((d) => d.address);

describeWith(keychain, 'minerdeck standard and commission on a real keychain', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-standard-'));
    fleet = await startFleet({
      devices: Array.from({ length: 8 }, () => ({ password: FACTORY, model: 'Antminer S21 Pro' })),
      defaults: { miningRestartSeconds: 0.2, autoTuneSeconds: 0.2 },
    });
    const site = await cli(['site', 'create', 'Hall 7']);
    expect(site.code, site.stderr).toBe(0);
  }, 60_000);
  afterAll(async () => {
    await fleet?.close();
    await clearService(SERVICE);
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  it('sets the standard part by part, checked first, the site password only in the keychain', async () => {
    const none = await cli(['standard', 'show', '--json']);
    expect(none.code, none.stderr).toBe(0);
    expect(none.json[0]).toMatchObject({ siteName: 'Hall 7', standard: null });
    // A bad part: nothing kept, not even the password read from standard input.
    const bad = await cli(
      ['standard', 'set', '--new-password-stdin', '--preset', '2640', '--max-watts', '3000'],
      SITE_PW,
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('give one of --preset, --max-watts and --site-kw');
    const weak = await cli(['standard', 'set', '--new-password-stdin'], 'short');
    expect(weak.code).toBe(2);
    expect(weak.stderr).toContain('site password:');
    const lone = await cli(['standard', 'set', '--firmware', '/nowhere/image.bin']);
    expect(lone.code).toBe(2);
    expect(lone.stderr).toContain('--firmware PATH and --firmware-version V go together');
    expect((await cli(['standard', 'show', '--json'])).json[0]).toMatchObject({ standard: null });

    const set = await cli(
      [
        'standard',
        'set',
        '--new-password-stdin',
        '--pool',
        `${POOL},acct.{ip4}`,
        '--preset',
        '2640',
        '--json',
      ],
      SITE_PW,
    );
    expect(set.code, set.stderr).toBe(0);
    const shown = await cli(['standard', 'show', '--json']);
    expect(shown.json[0]).toMatchObject({
      siteName: 'Hall 7',
      standard: {
        password: { required: true, stored: true },
        pools: [{ url: POOL, worker: 'acct.{ip4}', hasPassword: false }],
        power: { kind: 'preset', name: '2640' },
      },
    });
    const text = await cli(['standard', 'show']);
    expect(text.stdout).toContain('password: the site password (stored in the keychain)');
    for (const run of [set, shown, text]) expect(run.stdout + run.stderr).not.toContain(SITE_PW);
  }, 60_000);

  it('previews without writing, refuses without --yes, names a device that fails and goes on, then resumes', async () => {
    const devices = fleet.devices.slice(0, 4);
    const dry = await cli(
      ['commission', ...addressesOf(devices), '--password-stdin', '--dry-run', '--json'],
      FACTORY,
    );
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.json.map((l) => [l.address, l.steps])).toEqual(
      devices.map((d) => [
        d.address,
        [
          'replace the factory password',
          expect.stringMatching(/^set pools( and power preset 2640)?$/),
          'restart',
        ],
      ]),
    );
    expect(devices.map(writes)).toEqual([0, 0, 0, 0]);
    const asked = await cli(['commission', ...addressesOf(devices), '--password-stdin'], FACTORY);
    expect(asked.code).toBe(2);
    expect(asked.stderr).toContain('Nothing was sent: no terminal to ask on. Add --yes');
    expect(devices.map(writes)).toEqual([0, 0, 0, 0]);

    const [, broken] = devices as [SimDevice, SimDevice];
    // Its settings write fails once (after its password step went through).
    broken.addFault({ fault: { kind: 'http-500' }, paths: [SETTINGS], methods: ['POST'], times: 2 });
    const first = await cli(
      ['commission', ...addressesOf(devices), '--password-stdin', '--yes', '--json'],
      FACTORY,
    );
    expect(first.code, first.stderr).toBe(1);
    const outcome = (d: SimDevice, lines: Record<string, unknown>[]) =>
      lines.find((l) => l.address === d.address);
    expect(outcome(broken, first.json)).toMatchObject({ outcome: 'failed', failedStep: expect.any(String) });
    expect(String(outcome(broken, first.json)?.message)).toMatch(/^(replace the factory password|set pools)/);
    for (const d of devices.filter((x) => x !== broken)) {
      expect(outcome(d, first.json)).toMatchObject({ outcome: 'done' });
      expect(d.password).toBe(SITE_PW);
    }
    expect(first.stderr).toMatch(/commissioned 3 of 4 devices; 1 failed: \S+ \(/);
    // Its progress on stderr (issue 33): per step the devices done, and the time left; stdout only JSON.
    expect(first.stderr).toMatch(
      /^password \d\/4 .*· (estimating…|about \d+ min left|less than a minute left)$/m,
    );
    for (const line of first.stdout.split('\n').filter((l) => l !== ''))
      expect(() => JSON.parse(line) as unknown, line).not.toThrow();
    broken.clearFaults();

    // Again, once the restarted devices list their presets: only the failed device gets writes.
    const before = devices.map(writes);
    let again = await cli(
      ['commission', ...addressesOf(devices), '--password-stdin', '--yes', '--json'],
      FACTORY,
    );
    for (let i = 0; i < 10 && again.code !== 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      again = await cli(
        ['commission', ...addressesOf(devices), '--password-stdin', '--yes', '--json'],
        FACTORY,
      );
    }
    expect(again.code, again.stderr).toBe(0);
    const after = devices.map(writes);
    devices.forEach((d, i) => {
      if (d === broken) expect(after[i]).toBeGreaterThan(before[i]!);
      else expect(after[i]).toBe(before[i]);
    });
    expect(broken.password).toBe(SITE_PW);
  }, 120_000);

  it('resumes a run killed mid-way: the rerun does only what still differs', async () => {
    const devices = fleet.devices.slice(4, 8);
    // Killed (SIGKILL: a crash, no clean-up) once the first device took its settings write.
    const child = spawn(
      CLI_COMMAND[0]!,
      [
        ...CLI_COMMAND.slice(1),
        'commission',
        ...addressesOf(devices),
        '--password-stdin',
        '--yes',
        '--concurrency',
        '1',
        '--data-dir',
        dataDir,
      ],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, ...env, MINERDECK_KEYCHAIN_SERVICE: SERVICE, NODE_NO_WARNINGS: '1' },
      },
    );
    child.stdin.end(FACTORY);
    const ended = new Promise<void>((resolve) => child.on('close', () => resolve()));
    for (let i = 0; i < 600 && !devices.some((d) => requestsTo(d, SETTINGS, 'POST').length >= 2); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    child.kill('SIGKILL');
    await ended;
    const passwordsChanged = devices.filter((d) => d.password === SITE_PW);
    expect(passwordsChanged.length).toBeGreaterThan(0);

    const dry = await cli(
      ['commission', ...addressesOf(devices), '--password-stdin', '--dry-run', '--json'],
      FACTORY,
    );
    expect(dry.code, dry.stderr).toBe(0);
    for (const d of passwordsChanged) {
      expect(dry.json.find((l) => l.address === d.address)?.steps).not.toContain(
        'replace the factory password',
      );
    }
    let resumed = await cli(['commission', ...addressesOf(devices), '--password-stdin', '--yes'], FACTORY);
    for (let i = 0; i < 10 && resumed.code !== 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      resumed = await cli(['commission', ...addressesOf(devices), '--password-stdin', '--yes'], FACTORY);
    }
    expect(resumed.code, resumed.stderr).toBe(0);
    for (const d of devices) expect(d.password).toBe(SITE_PW);
    // At the standard: one more run sends nothing at all.
    const before = devices.map(writes);
    const last = await cli(['commission', ...addressesOf(devices), '--yes']);
    expect(last.code, last.stderr).toBe(0);
    expect(last.stderr).toContain('Nothing to do: 4 of 4 devices at the standard');
    expect(devices.map(writes)).toEqual(before);
  }, 120_000);

  it("keeps the firmware rollout's pacing with the standard: checked, merged flag by flag, kept with a new image", async () => {
    expect((await cli(['site', 'create', 'Hall 8'])).code).toBe(0);
    const image = join(dataDir, 'fw-1.2.7.bin');
    writeFileSync(image, 'an image');
    const alone = await cli(['standard', 'set', '--site', 'Hall 8', '--batch', '20']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain(
      "pace the standard's firmware rollout: give --firmware PATH --firmware-version V too",
    );
    const wrong = await cli(['standard', 'set', '--site', 'Hall 8', '--growth', '0.5']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--growth must be a number from 1 to 100');
    const set = await cli([
      'standard',
      'set',
      '--site',
      'Hall 8',
      '--firmware',
      image,
      '--firmware-version',
      '1.2.7',
      '--batch',
      '20',
      '--max-offline',
      '300',
    ]);
    expect(set.code, set.stderr).toBe(0);
    expect((await cli(['standard', 'set', '--site', 'Hall 8', '--tolerate', '0'])).code).toBe(0);
    const again = await cli([
      'standard',
      'set',
      '--site',
      'Hall 8',
      '--firmware',
      image,
      '--firmware-version',
      '1.2.8',
    ]);
    expect(again.code, again.stderr).toBe(0);
    const shown = await cli(['standard', 'show', '--site', 'Hall 8', '--json']);
    expect(shown.json[0]).toMatchObject({
      standard: { firmware: { version: '1.2.8', pacing: { batch: 20, maxOffline: 300, tolerate: 0 } } },
    });
    const text = await cli(['standard', 'show', '--site', 'Hall 8']);
    expect(text.stdout).toContain(
      'firmware: 1.2.8 (image ' +
        image +
        '); pacing: first batch 20, 300 offline at most, 0 % of a batch may fail',
    );
  }, 60_000);
});
