/**
 * Text a device chooses, printed by the real CLI (a child process) against simulated devices over loopback
 * HTTP: a model that sets the terminal's title, a host name that clears the screen and forges a line, a
 * pool URL with a login and an escape sequence, a failure description and an error text that forge lines,
 * and bidirectional overrides. The human output of `scan`, `status`, `monitor`, `unlock`, `site show`,
 * `report` and `pools show` shows them escaped (`\x1b`, `\n`, `\u202e`) with no raw control character on
 * stdout or stderr; `--json` (and `report --format json`) carries them exactly as the device sent them.
 * A pool URL's login is never printed, in either form.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import type { CliRun } from '../support/run-cli';
import { freePort } from '../support/free-port';
import { runCli } from '../support/run-cli';
import { devicesOf } from '../support/sim-targets';

const MODEL = 'S21\u001b]0;pwned\u0007 Pro';
const HOSTNAME = 'rig-7\u001b[2J\u001b[H\nrig-8  online  all good\u202e';
const POOL_SECRET = 's3cret-pool-login-77';
const POOL_URL = `stratum2+tcp://acct:${POOL_SECRET}@pool\u001b[31m.example:3336`;
const POOL_SHOWN_RAW = 'stratum2+tcp://pool\u001b[31m.example:3336';
const FAILURE = 'hash board 2 lost\u001b]2;gotcha\u0007\nrig-9  online  forged';
const ERROR_TEXT = 'Unlock failed\u001b[2J\ntotally fine\u202e';

/** What must never reach a terminal raw (a line break only as the end of a line): controls, bidi controls. */
const RAW = /[\p{Cc}\p{Bidi_Control}]/u;

const escapedModel = 'S21\\x1b]0;pwned\\x07 Pro';
const escapedHostname = 'rig-7\\x1b[2J\\x1b[H\\nrig-8  online  all good\\u202e';
const escapedFailure = 'hash board 2 lost\\x1b]2;gotcha\\x07\\nrig-9  online  forged';
const escapedPool = 'stratum2+tcp://pool\\x1b[31m.example:3336';

let fleet: Fleet;
let hostile: SimDevice;
let erring: SimDevice;
let dataDir: string;

const hostPort = (device: SimDevice): string => device.address.replace(/^http:\/\//, '');
const cli = (args: string[], stdin?: string): Promise<CliRun> =>
  runCli([...args, '--data-dir', dataDir], { timeoutMs: 30_000, ...(stdin !== undefined ? { stdin } : {}) });

/** No raw control character anywhere a person reads; no pool login anywhere at all. */
function expectPrintable(run: CliRun): void {
  expect(run.stdout.replace(/\n/g, ''), run.stdout).not.toMatch(RAW);
  expect(run.stderr.replace(/\n/g, ''), run.stderr).not.toMatch(RAW);
  expect(run.stdout + run.stderr).not.toContain(POOL_SECRET);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-hostile-text-'));
  fleet = await startFleet({
    devices: [
      {
        password: 'admin',
        model: MODEL,
        hostname: HOSTNAME,
        pools: [
          { url: POOL_URL, user: 'acct.w1', pass: 'x' },
          { url: '', user: '', pass: '' },
          { url: '', user: '', pass: '' },
        ],
      },
      { password: 'admin' },
    ],
  });
  [hostile, erring] = devicesOf(fleet, 2);
  hostile.setMinerState('failure', { description: FAILURE, code: 7 });
  erring.addFault({ fault: { kind: 'http-500', err: ERROR_TEXT }, paths: ['/api/v1/unlock'] });
}, 30_000);

afterAll(async () => {
  await fleet.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('device text in the CLI’s human output is printable; --json is exact', () => {
  it('scan', async () => {
    const args = ['scan', hostile.host, '--port', String(hostile.port)];
    const human = await cli(args);
    expect(human.code, human.stderr).toBe(0);
    expectPrintable(human);
    expect(human.stdout).toContain(escapedModel);
    expect(human.stdout).toContain(escapedHostname);

    const json = await cli([...args, '--json']);
    expect(json.json[0]).toMatchObject({ identity: { model: MODEL, hostname: HOSTNAME } });
  });

  it('status: model, host name, failure description and pool URL (without its login)', async () => {
    const human = await cli(['status', hostile.address, '--password-stdin'], 'admin');
    expect(human.code, human.stderr).toBe(0);
    expectPrintable(human);
    expect(human.stdout).toContain(escapedModel);
    expect(human.stdout).toContain(escapedHostname);
    expect(human.stdout).toContain(escapedFailure);
    expect(human.stdout).toContain(escapedPool);
    // The firmware's fee pool is named as the firmware's, not listed as a customer's pool.
    expect(human.stdout).toMatch(/^\s+the firmware’s fee pool \(DevFee\) \(active/m);

    const json = await cli(['status', hostile.address, '--password-stdin', '--json'], 'admin');
    expect(json.code, json.stderr).toBe(0);
    expect(json.stdout).not.toContain(POOL_SECRET);
    const [line] = json.json as [
      {
        reading: {
          identity: { model: string; hostname: string };
          state: { description: string };
          pools: { url: string; type?: string }[];
        };
        summary: { miner: { pools: { url: string }[] } };
      },
    ];
    expect(line.reading.identity).toMatchObject({ model: MODEL, hostname: HOSTNAME });
    expect(line.reading.state.description).toBe(FAILURE);
    expect(line.reading.pools[0]!.url).toBe(POOL_SHOWN_RAW);
    expect(line.reading.pools.at(-1)).toMatchObject({ url: 'DevFee', type: 'DevFee' });
    expect(line.summary.miner.pools[0]!.url).toBe(POOL_SHOWN_RAW);
  });

  it('monitor: the reason with the failure description', async () => {
    const args = ['monitor', hostPort(hostile), '--password-stdin', '--interval', '0.2', '--duration', '1'];
    const human = await cli(args, 'admin');
    expect(human.code, human.stderr).toBe(0);
    expectPrintable(human);
    expect(human.stdout).toContain('\\x1b]2;gotcha\\x07\\nrig-9  online  forged');

    const json = await cli([...args, '--json'], 'admin');
    expect(json.code, json.stderr).toBe(0);
    expect(String(json.json.at(-1)?.reason)).toContain(FAILURE.trim());
    expect(json.stdout).not.toContain(POOL_SECRET);
  });

  it('monitor --metrics: the pool url label without its login', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/metrics`;
    const running = cli(
      [
        'monitor',
        hostPort(hostile),
        '--password-stdin',
        '--interval',
        '0.2',
        '--duration',
        '4',
        '--json',
        '--metrics',
        `127.0.0.1:${port}`,
      ],
      'admin',
    );
    let text = '';
    const until = Date.now() + 3_500;
    while (Date.now() < until && !text.includes('minerdeck_device_pool_shares_accepted_total{')) {
      const res = await fetch(url).catch(() => undefined);
      text = res === undefined ? '' : await res.text();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const run = await running;
    expect(run.code, run.stderr).toBe(0);
    const pool = text.split('\n').find((l) => l.startsWith('minerdeck_device_pool_shares_accepted_total{'));
    expect(pool, text).toContain(`url="${POOL_SHOWN_RAW}"`);
    expect(text).not.toContain(POOL_SECRET);
  });

  it('unlock: a device’s error text', async () => {
    const human = await cli(['unlock', erring.address, '--password-stdin'], 'admin');
    expect(human.code).toBe(1);
    expectPrintable(human);
    expect(human.stderr).toContain('Unlock failed\\x1b[2J\\ntotally fine\\u202e');

    const json = await cli(['unlock', erring.address, '--password-stdin', '--json'], 'admin');
    expect(json.code).toBe(1);
    expect(JSON.stringify(json.json[0])).toContain(JSON.stringify(ERROR_TEXT).slice(1, -1));
  });

  it('site show and report, from what scan --save kept', async () => {
    const saved = await cli(['scan', hostile.host, '--port', String(hostile.port), '--save']);
    expect(saved.code, saved.stderr).toBe(0);
    expectPrintable(saved);

    const shown = await cli(['site', 'show']);
    expect(shown.code, shown.stderr).toBe(0);
    expectPrintable(shown);
    expect(shown.stdout).toContain(escapedModel);
    expect(shown.stdout).toContain(escapedHostname);
    const shownJson = await cli(['site', 'show', '--json']);
    expect(shownJson.json[0]).toMatchObject({ identity: { model: MODEL, hostname: HOSTNAME } });

    for (const format of ['html', 'csv']) {
      const report = await cli(['report', '--no-check', '--format', format]);
      expect(report.code, report.stderr).toBe(0);
      expectPrintable(report);
      expect(report.stdout).toContain(escapedModel);
    }
    const file = join(dataDir, 'report.json');
    const json = await cli(['report', '--no-check', '--out', file]);
    expect(json.code, json.stderr).toBe(0);
    const report = JSON.parse(readFileSync(file, 'utf8')) as {
      devices: { model: string; hostname: string }[];
    };
    expect(report.devices[0]).toMatchObject({ model: MODEL, hostname: HOSTNAME });
  }, 90_000);
});
