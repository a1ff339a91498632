/**
 * `minerdeck locate`, `restart-mining` and `reboot` end to end: the real CLI as a child
 * process against simulated devices over loopback HTTP, an inventory in a data folder of its own (the
 * site's activity log), and a running `minerdeck monitor` in another child process that learns of a
 * reboot or restart from that log instead of raising an offline alarm.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../shared/domain/commission';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { clearService, testServiceName } from '../support/keychain';
import { runCli } from '../support/run-cli';
import { devicesOf, requestsTo, unlocksOf } from '../support/sim-targets';

const PASSWORD = 'Hall-9-pw';
const SERVICE = testServiceName('device-actions');
const env = { MINERDECK_KEYCHAIN_SERVICE: SERVICE, DISPLAY: undefined, WAYLAND_DISPLAY: undefined };
const FIND = '/api/v1/find-miner';
const LOCATE = '/api/v1/locate-miner';

let fleet: Fleet;
let dataDir: string;
const cli = (
  args: string[],
  options: { timeoutMs?: number; interruptWhen?: (out: string) => boolean } = {},
) =>
  runCli([...args, '--data-dir', dataDir, '--password-stdin'], {
    env,
    stdin: PASSWORD,
    timeoutMs: 30_000,
    ...options,
  });
const lineFor = (lines: Record<string, unknown>[], device: SimDevice) =>
  lines.find((l) => l.address === device.address);
const posts = (device: SimDevice, path: string) => requestsTo(device, path, 'POST');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function activity(): ActivityEntry[] {
  const inventory = JSON.parse(readFileSync(join(dataDir, 'inventory.json'), 'utf8')) as {
    activity: ActivityEntry[];
  };
  return inventory.activity;
}

/** The monitor's JSON lines for one device, in order, as states. */
const monitorStates = (lines: Record<string, unknown>[], device: SimDevice) =>
  lines.filter((l) => l.address === device.address).map((l) => l.state as string);

describe('minerdeck locate, restart-mining, reboot', () => {
  let old: SimDevice, newer: SimDevice, hung: SimDevice, quick: SimDevice, slow: SimDevice, boots: SimDevice;
  let left: SimDevice, huge: SimDevice;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-actions-'));
    fleet = await startFleet({
      defaults: { password: PASSWORD },
      devices: [
        { firmwareVersion: '1.2.7' },
        { firmwareVersion: '1.3.1' },
        {},
        { miningRestartSeconds: 0.2 },
        { miningRestartSeconds: 3 },
        { rebootAfterSeconds: 1, rebootDownSeconds: 1.5, bootSeconds: 0.6 },
        {},
        // Valid by the vendor schema (an int64): what a mock serving it answered.
        { rebootAfterSeconds: 7301636182626752 },
      ],
    });
    [old, newer, hung, quick, slow, boots, left, huge] = devicesOf(fleet, 8);
  });
  afterAll(async () => {
    await fleet.close();
    await clearService(SERVICE);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('locate is idempotent: reads first, toggles only when needed, /locate-miner on 1.3 firmware, /find-miner before', async () => {
    const on = await cli(['locate', old.address, newer.address, '--json']);
    expect(on.code, on.stderr).toBe(0);
    for (const device of [old, newer]) {
      expect(lineFor(on.json, device)).toMatchObject({
        ok: true,
        outcome: 'done',
        ledOn: true,
        toggled: true,
      });
      expect(device.ledOn).toBe(true);
      expect(device.writeCounts.ledToggles).toBe(1);
    }
    expect([posts(old, FIND).length, posts(old, LOCATE).length]).toEqual([1, 0]);
    expect([posts(newer, FIND).length, posts(newer, LOCATE).length]).toEqual([0, 1]);
    expect(on.stderr).toContain('locate LED on for 2 of 2 devices.');
    expect(on.stderr).toMatch(
      /The LEDs turn off at \d\d:\d\d:\d\d \(after 10 min\): this command cannot wait/,
    );
    expect(on.stderr).toContain('"minerdeck monitor" turns them off');

    const again = await cli(['locate', old.address, newer.address, '--json']);
    expect(again.code, again.stderr).toBe(0);
    for (const device of [old, newer]) {
      expect(lineFor(again.json, device)).toMatchObject({
        outcome: 'done',
        ledOn: true,
        toggled: false,
        message: 'locate LED already on: nothing sent',
      });
      expect(device.writeCounts.ledToggles).toBe(1);
    }

    const off = await cli(['locate', old.address, newer.address, '--off', '--json']);
    const offAgain = await cli(['locate', old.address, '--off', '--json']);
    expect([off.code, offAgain.code]).toEqual([0, 0]);
    expect(off.stderr).toContain('locate LED off for 2 of 2 devices.');
    expect(offAgain.stderr).toContain('locate LED off for 1 of 1 device.');
    expect(lineFor(off.json, old)).toMatchObject({ ledOn: false, toggled: true });
    expect(lineFor(offAgain.json, old)).toMatchObject({ ledOn: false, toggled: false });
    expect([old.ledOn, newer.ledOn]).toEqual([false, false]);
    expect([old.writeCounts.ledToggles, newer.writeCounts.ledToggles]).toEqual([2, 2]);

    const locates = activity().filter((e) => e.action === 'locate');
    expect(locates.map((e) => e.what)).toEqual([
      'locate LED on for 10 min, then off by itself',
      'locate LED on for 10 min, then off by itself',
      'locate LED off',
      'locate LED off',
    ]);
    expect(Date.parse(locates[0]!.until!) - Date.parse(locates[0]!.at)).toBe(600_000);
    expect(locates[2]!.until).toBeUndefined();
  }, 60_000);

  it('a toggle whose answer is lost after applying: never resent, the read-back decides', async () => {
    hung.addFault({ fault: { kind: 'hang-after-apply' }, paths: [FIND], methods: ['POST'], times: 1 });
    const run = await cli(['locate', hung.address, '--json', '--timeout', '600']);
    expect(run.code, run.stderr).toBe(0);
    expect(lineFor(run.json, hung)).toMatchObject({
      outcome: 'done',
      ledOn: true,
      message: expect.stringMatching(
        /^locate LED on \(the toggle got no clear answer: .*; read back, not resent\)$/,
      ),
    });
    expect(posts(hung, FIND)).toHaveLength(1);
    expect(hung.writeCounts.ledToggles).toBe(1);
  }, 60_000);

  it('restart-mining with its answer lost: restarting read back is done; mining again already is unknown (check)', async () => {
    for (const device of [quick, slow]) {
      device.addFault({
        fault: { kind: 'hang-after-apply' },
        paths: ['/api/v1/mining/restart'],
        methods: ['POST'],
        times: 1,
      });
    }
    const run = await cli(['restart-mining', quick.address, slow.address, '--json', '--timeout', '800']);
    expect(run.code).toBe(1);
    expect(lineFor(run.json, slow)).toMatchObject({
      outcome: 'done',
      message: expect.stringMatching(
        /no clear answer .*read back: the device reports (restarting|starting) \(not resent\)/,
      ),
    });
    expect(lineFor(run.json, quick)).toMatchObject({
      ok: false,
      outcome: 'unknown',
      error: {
        code: 'OUTCOME_UNKNOWN',
        message: expect.stringMatching(/it reports mining: check; not resent/),
      },
    });
    expect([quick.writeCounts.miningRestarts, slow.writeCounts.miningRestarts]).toEqual([1, 1]);
    expect(run.stderr).toContain('mining restarted on 1 of 2 devices; 1 unknown (check).');
  }, 60_000);

  it('reboot without --yes is refused naming the count (exit 2, nothing sent); --dry-run previews (exit 0)', async () => {
    const [refused, dry] = await Promise.all([
      cli(['reboot', boots.address, left.address]),
      cli(['reboot', boots.address, left.address, '--dry-run', '--json']),
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toContain('Preview: 2 devices will reboot.');
    expect(refused.stderr).toContain('Nothing was sent: add --yes to reboot 2 devices.');
    expect(dry.code).toBe(0);
    expect(dry.json).toEqual([
      expect.objectContaining({ preview: true, address: boots.address, send: true }),
      expect.objectContaining({ preview: true, address: left.address, send: true }),
    ]);
    expect(posts(boots, '/api/v1/system/reboot').length + posts(left, '/api/v1/system/reboot').length).toBe(
      0,
    );
  }, 60_000);

  it('a reboot by another command: a running monitor shows rebooting, then online again after a re-unlock, with no offline alarm', async () => {
    let rebooted: Promise<Awaited<ReturnType<typeof cli>>> | undefined;
    const unlocksBefore = unlocksOf(boots).length;
    const monitor = await cli(
      ['monitor', boots.address, '--interval', '0.2', '--timeout', '150', '--duration', '25', '--json'],
      {
        interruptWhen: (out) => {
          // Once it watches the device online, another terminal reboots it.
          if (rebooted === undefined && out.includes('"state":"online"')) {
            rebooted = cli(['reboot', boots.address, '--yes', '--json']);
          }
          // Ctrl-C once it mines again after the reboot.
          const since = out.indexOf('"state":"rebooting"');
          return since >= 0 && out.indexOf('"reason":"device reports mining"', since) >= 0;
        },
      },
    );
    const reboot = await rebooted!;
    expect(reboot.code, reboot.stderr).toBe(0);
    expect(lineFor(reboot.json, boots)).toMatchObject({ outcome: 'done', after: 1 });
    expect(reboot.stderr).toMatch(/show them rebooting instead of an offline alarm until they answer again/);
    expect(boots.writeCounts.reboots).toBe(1);

    expect(monitor.code, monitor.stderr).toBe(130);
    const states = monitorStates(monitor.json, boots);
    expect(states).toContain('rebooting');
    expect(states).not.toContain('offline');
    expect(states.slice(states.indexOf('rebooting'))).toContain('online');
    expect(states.at(-1)).toBe('online');
    for (const line of monitor.json) expect(line.alerts).toEqual([]);
    // The monitor's unlock, the reboot command's, and the monitor's own again after the reboot.
    expect(unlocksOf(boots).length - unlocksBefore).toBe(3);
    expect(activity().filter((e) => e.action === 'reboot')).toEqual([
      expect.objectContaining({ what: 'reboot', until: expect.any(String) }),
    ]);
  }, 60_000);

  it('restart-mining by another command: a running monitor shows restarting, then online and mining', async () => {
    let restarted: Promise<Awaited<ReturnType<typeof cli>>> | undefined;
    const monitor = await cli(
      ['monitor', slow.address, '--interval', '0.2', '--timeout', '150', '--duration', '20', '--json'],
      {
        interruptWhen: (out) => {
          if (restarted === undefined && out.includes('"state":"online"')) {
            restarted = cli(['restart-mining', slow.address, '--json']);
          }
          // Ctrl-C once it is back online after restarting.
          const back = out.indexOf('"state":"restarting"');
          return back >= 0 && out.indexOf('"state":"online"', back) >= 0;
        },
      },
    );
    const restart = await restarted!;
    expect(restart.code, restart.stderr).toBe(0);
    expect(monitor.code, monitor.stderr).toBe(130);
    const states = monitorStates(monitor.json, slow);
    expect(states.slice(states.indexOf('restarting'))).toEqual(
      expect.arrayContaining(['restarting', 'online']),
    );
    expect(monitor.json.filter((l) => l.address === slow.address).at(-1)).toMatchObject({
      state: 'online',
      reason: 'device reports mining',
    });
  }, 60_000);

  it('an LED left on by locate goes off in the next monitor when its time is up, recorded in the log', async () => {
    const on = await cli(['locate', left.address, '--minutes', '3']);
    expect(on.code, on.stderr).toBe(0);
    expect(left.ledOn).toBe(true);
    // Three minutes pass: the entry is moved that far into the past.
    const path = join(dataDir, 'inventory.json');
    const inventory = JSON.parse(readFileSync(path, 'utf8')) as { activity: ActivityEntry[] };
    const entry = inventory.activity.at(-1)!;
    expect(entry).toMatchObject({ action: 'locate', what: 'locate LED on for 3 min, then off by itself' });
    const earlier = (iso: string) => new Date(Date.parse(iso) - 181_000).toISOString();
    entry.at = earlier(entry.at);
    entry.until = earlier(entry.until!);
    writeFileSync(path, JSON.stringify(inventory, null, 2));

    const monitor = await cli(['monitor', left.address, '--interval', '0.2', '--duration', '3', '--json']);
    expect(monitor.code, monitor.stderr).toBe(0);
    expect(monitor.stderr).toContain(
      '1 locate LED turned on by "minerdeck locate" goes off when its time is up',
    );
    await sleep(100);
    expect(left.ledOn).toBe(false);
    expect(left.writeCounts.ledToggles).toBe(2);
    expect(activity().at(-1)).toMatchObject({
      action: 'locate',
      what: 'locate LED off by itself after 3 min',
      devices: [expect.objectContaining({ address: left.address, outcome: 'done' })],
    });
  }, 60_000);

  it('a reboot answered {"after": 7301636182626752}: the delay is named, the usual 3 s counted, the reboot logged', async () => {
    const run = await cli(['reboot', huge.address, '--yes', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('INTERNAL');
    const line = lineFor(run.json, huge);
    expect(line).toMatchObject({
      ok: true,
      outcome: 'done',
      message:
        'rebooting: the device goes down shortly, back in a minute or two; it said it goes down in 7301636182626752 s (plausible: 0 to 10 min), which cannot be right: the usual 3 s is counted instead',
    });
    expect(line).not.toHaveProperty('after');
    expect(huge.writeCounts.reboots).toBe(1);
    expect(run.stderr).toContain('rebooted on 1 of 1 device.');
    expect(run.stderr).toMatch(
      /show them rebooting instead of an offline alarm .* at the latest until \d\d:\d\d:\d\d\./,
    );
    const [entry, ...more] = activity().filter(
      (e) => e.action === 'reboot' && e.devices[0]?.address === huge.address,
    );
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      what: 'reboot',
      devices: [expect.objectContaining({ address: huge.address, outcome: 'done' })],
    });
    // The usual 3 s, two minutes back, three of margin after the request went out.
    const lasts = Date.parse(entry!.until!) - Date.parse(entry!.at);
    expect(lasts).toBeGreaterThanOrEqual(303_000);
    expect(lasts).toBeLessThan(313_000);
  }, 60_000);
});
