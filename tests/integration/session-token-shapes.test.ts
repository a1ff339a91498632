/**
 * Session tokens as a device may hand them out, over real loopback HTTP. A token with
 * spaces is a legal header value and works end to end (unlock → `/status` polled with it). A token HTTP
 * cannot carry back (a line break in it) is the device's fault — BAD_RESPONSE, never the user's bad
 * input — found when the unlock answers; the device is retried like any failing device, and comes back
 * by itself once it hands out usable tokens. The CLI (`status`, `monitor`) runs as a child process.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import type { MonitorHarness } from '../support/monitor-harness';
import { startMonitorHarness } from '../support/monitor-harness';
import { runCli } from '../support/run-cli';
import { devicesOf, requestsTo, unlocksOf } from '../support/sim-targets';

const STATUS = '/api/v1/status';
const PASSWORD = 'Token-shapes-1';
const UNSENDABLE =
  /^the device gave a session token that cannot be sent back in a header \(it contains a line break or a NUL character\)$/;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
/** Polls slow enough that a loaded CI machine never times one out. */
const SETTINGS = { intervalMs: 150, timeoutMs: 140 };

/** Tokens with spaces, each one different. */
function spacedTokens(): () => string {
  let n = 0;
  return () => `session ${++n} of the day`;
}

describe('monitor: tokens the device hands out', () => {
  let h: MonitorHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('a token with spaces: /status polled with Bearer <token> poll after poll, online', async () => {
    h = await startMonitorHarness({ devices: [{ makeToken: spacedTokens() }], settings: SETTINGS });
    const [device] = h.devices;
    h.monitor.start(h.targets);
    await h.waitForState(0, 'online');
    await sleep(300);
    const sent = requestsTo(device!, STATUS).map((read) => String(read.headers.authorization));
    for (const header of sent) expect(header).toMatch(/^Bearer session \d+ of the day$/);
    // The device took the token back poll after poll: no 401, so no fresh unlock.
    expect(sent.filter((header) => header === sent.at(-1)).length).toBeGreaterThanOrEqual(2);
    expect(h.detail(0)).toMatchObject({ credential: 'token', view: { reason: 'device reports mining' } });
  });

  it('a token with a line break: the device’s fault, unlocked again at each poll, online once it heals', async () => {
    let broken = true;
    const good = spacedTokens();
    h = await startMonitorHarness({
      devices: [{ makeToken: () => (broken ? 'abc\r\nx-api-key: injected' : good()) }],
      settings: SETTINGS,
    });
    const [device] = h.devices;
    h.monitor.start(h.targets);
    const failing = await h.waitForState(0, 'error');
    expect(failing.view.reason).toMatch(UNSENDABLE);
    expect(h.sessions.state(h.targets[0]!.deviceId)).toEqual({ kind: 'no-session' });
    // Never given up: the stored password goes out again poll after poll (the device accepts it), and
    // the token is never sent anywhere.
    const unlocksBefore = unlocksOf(device!).length;
    await sleep(600);
    expect(unlocksOf(device!).length).toBeGreaterThan(unlocksBefore + 1);
    expect(requestsTo(device!, STATUS)).toEqual([]);
    expect(h.detail(0).view.state).toBe('error');

    broken = false;
    const healed = await h.waitForState(0, 'online');
    expect(healed.view.reason).toBe('device reports mining');
    expect(requestsTo(device!, STATUS).at(-1)?.headers.authorization).toMatch(
      /^Bearer session \d+ of the day$/,
    );
  });

  it('a password given this session is kept through such a token: the device accepted it', async () => {
    let broken = true;
    const good = spacedTokens();
    h = await startMonitorHarness({
      devices: [{ makeToken: () => (broken ? 'abc\0def' : good()) }],
      storePasswords: false,
      settings: SETTINGS,
    });
    const [target] = h.targets;
    await expect(h.sessions.unlockWith(target!, 'admin')).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      message: expect.stringMatching(/session token that cannot be sent back in a header/),
    });
    expect(h.sessions.state(target!.deviceId)).toEqual({ kind: 'no-session' });
    h.monitor.start(h.targets);
    expect((await h.waitForState(0, 'error')).view.reason).toMatch(UNSENDABLE);
    broken = false;
    await h.waitForState(0, 'online');
  });
});

describe('the CLI on such devices (child process)', () => {
  let fleet: Fleet;
  let spaced: SimDevice;
  let broken: SimDevice;
  const hostPort = (device: SimDevice): string => device.address.replace(/^http:\/\//, '');

  beforeAll(async () => {
    fleet = await startFleet({
      defaults: { password: PASSWORD },
      devices: [{ makeToken: spacedTokens() }, { makeToken: () => 'abc\r\ndef' }],
    });
    [spaced, broken] = devicesOf(fleet, 2);
  });
  afterAll(() => fleet.close());

  it('status with a token with spaces: the reading, exit 0', async () => {
    const run = await runCli(['status', spaced.address, '--password-stdin', '--json'], { stdin: PASSWORD });
    expect(run.code).toBe(0);
    expect(run.json[0]).toMatchObject({ ok: true, reading: { unlocked: true, state: { name: 'mining' } } });
    expect(requestsTo(spaced, STATUS).at(-1)?.headers.authorization).toMatch(
      /^Bearer session \d+ of the day$/,
    );
  });

  it(
    'status with a token HTTP cannot carry: a device fault, exit 1 (not 2, bad usage)',
    { timeout: 60_000 },
    async () => {
      const json = await runCli(['status', broken.address, '--password-stdin', '--json'], {
        stdin: PASSWORD,
      });
      expect(json.code).toBe(1);
      expect(json.json[0]).toMatchObject({ ok: false, error: { code: 'BAD_RESPONSE' } });
      const human = await runCli(['status', broken.address, '--password-stdin'], { stdin: PASSWORD });
      expect(human.code).toBe(1);
      expect(human.stderr.trim()).toBe(
        `minerdeck: ${hostPort(broken)}: the device gave a session token that cannot be sent back in a header (it contains a line break or a NUL character).`,
      );
      expect(human.stdout + human.stderr).not.toContain(PASSWORD);
    },
  );

  it('monitor: the spaced-token device online, the other showing the device fault and retried', async () => {
    const unlocksBefore = unlocksOf(broken).length;
    const run = await runCli(
      [
        'monitor',
        hostPort(spaced),
        hostPort(broken),
        '--password-stdin',
        '--interval',
        '0.2',
        '--timeout',
        '150',
        '--duration',
        '1.5',
        '--json',
      ],
      { stdin: PASSWORD },
    );
    expect(run.code).toBe(0);
    const finals = run.json.filter((line) => line.final === true);
    expect(finals.map((line) => [line.address, line.state])).toEqual([
      [spaced.address, 'online'],
      [broken.address, 'error'],
    ]);
    expect(finals[1]?.reason).toMatch(UNSENDABLE);
    // The password typed in was accepted by the device, so it is sent again at each poll, never dropped.
    expect(unlocksOf(broken).length - unlocksBefore).toBeGreaterThanOrEqual(3);
    expect(run.stdout + run.stderr).not.toContain(PASSWORD);
  });
});
