/**
 * The keychain as a technician may find it: locked, missing, or hung. Locked is real: a private
 * gnome-keyring of the test's own, locked over D-Bus (scripts/with-keyring.sh --locked). The CLI must say
 * which it is and why, fall back to session-only, refuse to create keys nobody could keep, and never hang.
 */
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { PRIVATE_KEYRING_SCRIPT, runCliInPrivateKeyring } from '../support/keychain';
import { describeWith, privateKeyring } from '../support/requirements';
import { REPO_ROOT, runCli } from '../support/run-cli';
import { requestsTo } from '../support/sim-targets';

let fleet: Fleet;
beforeAll(async () => {
  fleet = await startFleet({ count: 1, defaults: { password: 'admin' } });
});
afterAll(async () => {
  await fleet.close();
});

/** Runs a command in a private keyring (locked or not) and parses its one JSON line. */
function runInPrivateKeyring(
  command: string[],
  locked: boolean,
): Promise<{ code: number | null; json: unknown }> {
  return new Promise((resolve, reject) => {
    const child = spawn(PRIVATE_KEYRING_SCRIPT, [...(locked ? ['--locked'] : []), ...command], {
      cwd: REPO_ROOT,
      env: { ...process.env, MINERDECK_KEYRING_STAGE: '' },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const line = stdout.split('\n').find((l) => l.startsWith('{'));
      resolve({ code, json: line === undefined ? undefined : JSON.parse(line) });
    });
  });
}

describeWith(privateKeyring, 'a locked keyring', () => {
  it('the in-process probe of the real keytar store says locked, with the system reason', async () => {
    const run = await runInPrivateKeyring(
      [
        process.execPath,
        '--import',
        'tsx',
        join(REPO_ROOT, 'tests/support/keychain-probe-runner.ts'),
        'md-locked',
      ],
      true,
    );
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ state: 'locked', reason: expect.stringMatching(/locked/i) });
  });

  it('the same keyring unlocked says available (so "locked" above is the lock, not the setup)', async () => {
    const run = await runInPrivateKeyring(
      [
        process.execPath,
        '--import',
        'tsx',
        join(REPO_ROOT, 'tests/support/keychain-probe-runner.ts'),
        'md-open',
      ],
      false,
    );
    expect(run.json).toMatchObject({ state: 'available' });
  });

  it('`minerdeck keychain` says locked, why, and what to do; exit 1', async () => {
    const run = await runCliInPrivateKeyring(['keychain', '--json'], { locked: true });
    expect(run.code).toBe(1);
    expect(run.json[0]).toMatchObject({
      ok: false,
      state: 'locked',
      reason: expect.stringMatching(/locked collection/),
      advice: expect.stringMatching(/Unlock your login keyring.*session-only/s),
    });
  });

  it('`unlock --remember` still unlocks, says session-only on stderr, stores nothing', async () => {
    const device = fleet.devices[0]!;
    const run = await runCliInPrivateKeyring(
      ['unlock', device.address, '--password-stdin', '--remember', '--json'],
      {
        locked: true,
        stdin: 'admin',
      },
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/keychain locked: .*Session-only mode: nothing is stored/);
    expect(run.json).toEqual([
      expect.objectContaining({
        ok: true,
        address: device.address,
        unlocked: true,
        remembered: 'session-only',
      }),
    ]);
  });

  it('`key create` refuses before touching the device: a key nobody can keep is not made', async () => {
    const device = fleet.devices[0]!;
    fleet.clearRequests();
    const run = await runCliInPrivateKeyring(
      ['key', 'create', device.address, '--password-stdin', '--json'],
      {
        locked: true,
        stdin: 'admin',
      },
    );
    expect(run.code).toBe(1);
    expect(run.json[0]).toMatchObject({ ok: false, error: { code: 'KEYCHAIN_UNAVAILABLE' } });
    expect(requestsTo(device, '/api/v1/apikeys')).toHaveLength(0);
    expect(device.apiKeys).toHaveLength(0);
  });
});

describe('no Secret Service, or one that never answers', () => {
  let dir: string;
  let silent: Server;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'minerdeck-bus-'));
    // Accepts D-Bus connections and never says a word: a wedged session bus.
    silent = createServer((socket) => socket.resume());
    await new Promise<void>((resolve) => silent.listen(join(dir, 'silent.sock'), resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => silent.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('no bus at all → unavailable with the system reason, and the way out', async () => {
    const run = await runCli(['keychain', '--json'], {
      env: { DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(dir, 'nothing-here')}`, DISPLAY: undefined },
    });
    expect(run.code).toBe(1);
    expect(run.json[0]).toMatchObject({
      state: 'unavailable',
      reason: expect.stringMatching(/Could not connect/),
      advice: expect.stringMatching(/Secret Service/),
    });
  });

  it('a bus that never answers → locked (waiting?) within the bound, and the CLI exits', async () => {
    const started = Date.now();
    const run = await runCli(['keychain', '--json'], {
      env: {
        DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(dir, 'silent.sock')}`,
        MINERDECK_KEYCHAIN_TIMEOUT_MS: '1500',
      },
    });
    expect(run.code).toBe(1);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(run.json[0]).toMatchObject({
      state: 'locked',
      reason: expect.stringMatching(/did not answer within 1500 ms/),
    });
  });

  it('`status` with nothing stored and no keychain: session-only notice, then "no credential" (exit 2)', async () => {
    const device = fleet.devices[0]!;
    const run = await runCli(['status', device.address], {
      env: { DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(dir, 'nothing-here')}` },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/keychain unavailable: .*Session-only mode/);
    expect(run.stderr).toMatch(/no credential: nothing is stored/);
  });
});
