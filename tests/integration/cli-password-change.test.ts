/**
 * `minerdeck password change` end to end: the real CLI as a child process, simulated devices
 * over loopback HTTP, the real Secret Service under this suite's own service name, and an inventory in a
 * data folder of its own. Preview first; with --yes one POST /settings per device, keychain first, the
 * change verified by unlocking with the new password, one outcome per device, the activity recorded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeytarStore } from '../../electron/core/credentials/keytar-store';
import { createVault } from '../../electron/core/credentials/vault';
import type { CredentialVault } from '../../electron/core/credentials/vault';
import { createInventoryServices } from '../../electron/core/inventory/inventory-services';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { clearService, testServiceName } from '../support/keychain';
import { describeWith, keychain } from '../support/requirements';
import { runCli } from '../support/run-cli';
import { devicesOf, requestsTo, unlocksOf } from '../support/sim-targets';

const FACTORY = 'admin';
const NEW_PW = 'Hall-7-new-pw';
const SERVICE = testServiceName('pw-change');
const SETTINGS = '/api/v1/settings';

let fleet: Fleet;
let dataDir: string;
let vault: CredentialVault;
const env = { MINERDECK_KEYCHAIN_SERVICE: SERVICE, DISPLAY: undefined, WAYLAND_DISPLAY: undefined };
const cli = (args: string[], stdin?: string) =>
  runCli([...args, '--data-dir', dataDir], {
    env,
    timeoutMs: 30_000,
    ...(stdin !== undefined ? { stdin } : {}),
  });
const change = (devices: SimDevice[], extra: string[] = [], pw = NEW_PW) =>
  cli(['password', 'change', ...devices.map((d) => d.address), '--new-password-stdin', ...extra], pw);
const posts = (device: SimDevice) => requestsTo(device, SETTINGS, 'POST');
const sentPasswords = (device: SimDevice) =>
  unlocksOf(device).map((r) => (JSON.parse(r.body) as { pw: string }).pw);
const lineFor = (lines: Record<string, unknown>[], device: SimDevice) =>
  lines.find((l) => l.address === device.address);

describeWith(keychain, 'minerdeck password change on a real keychain', () => {
  let a: SimDevice, b: SimDevice, other: SimDevice, off: SimDevice, nokey: SimDevice;
  let hung: SimDevice, fail500: SimDevice, siteC: SimDevice, siteD: SimDevice, differ: SimDevice;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-pw-change-'));
    vault = createVault(createKeytarStore({ service: SERVICE }));
    fleet = await startFleet({ count: 10, defaults: { password: FACTORY } });
    [a, b, other, off, nokey, hung, fail500, siteC, siteD, differ] = devicesOf(fleet, 10);
    const own = await cli(
      [
        'unlock',
        ...[a, b, other, off, hung, fail500, differ].map((d) => d.address),
        '--password-stdin',
        '--remember',
      ],
      FACTORY,
    );
    expect(own.code, own.stderr).toBe(0);
    const site = await cli(['site', 'create', 'Hall 7']);
    expect(site.code, site.stderr).toBe(0);
    const hall = await cli(
      ['unlock', siteC.address, siteD.address, '--password-stdin', '--remember', '--site', 'hall 7'],
      FACTORY,
    );
    expect(hall.code, hall.stderr).toBe(0);
    // `other` has an API key, so the change is sent with it; then someone changed both passwords on the
    // device's own page: the keychain's password is out of date.
    const key = await cli(['key', 'create', other.address]);
    expect(key.code, key.stderr).toBe(0);
    other.setPassword('changed-elsewhere');
    differ.setPassword('changed-elsewhere-too');
    await off.goDown(600);
    fleet.clearRequests();
  }, 90_000);
  afterAll(async () => {
    await fleet.close();
    await clearService(SERVICE);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses an empty, factory or short new password, or no --new-password-stdin, before any network call', async () => {
    const runs = await Promise.all([
      change([a], ['--yes'], ''),
      change([a], ['--yes'], FACTORY),
      change([a], ['--yes', '--json'], 'short7!'),
      cli(['password', 'change', a.address, '--yes'], NEW_PW),
      cli(['password', 'change', a.address, '--new-password', NEW_PW]),
    ]);
    expect(runs.map((r) => r.code)).toEqual([2, 2, 2, 2, 2]);
    expect(runs[0]!.stderr).toMatch(/new password .* is empty/);
    expect(runs[1]!.stderr).toMatch(/factory password/);
    expect(runs[2]!.json[0]).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message: expect.stringMatching(/8 characters.*short one is quickly guessed/),
      },
    });
    expect(runs[3]!.stderr).toMatch(/add --new-password-stdin/);
    expect(runs[4]!.stderr).toMatch(/refusing --new-password: .*--new-password-stdin/);
    expect(fleet.requests).toEqual([]);
    for (const run of runs) expect(run.stdout + run.stderr).not.toContain(NEW_PW);
  }, 90_000);

  it('without --yes: the preview, "Nothing was sent", exit 2; --dry-run: the preview, exit 0', async () => {
    const [preview, dry] = await Promise.all([
      change([a, off, nokey]),
      change([a, off, nokey], ['--dry-run', '--json']),
    ]);
    expect(preview.code).toBe(2);
    expect(preview.stdout).toContain('Preview: 1 device will change, 2 skipped.');
    expect(preview.stdout).toMatch(
      new RegExp(`${a.address} +will change \\(current password: stored device password\\)`),
    );
    expect(preview.stdout).toMatch(new RegExp(`${off.address} +skipped: offline: .*refused the connection`));
    expect(preview.stdout).toMatch(new RegExp(`${nokey.address} +skipped: no known current password`));
    expect(preview.stderr).toContain('Nothing was sent: add --yes to change 1 device.');
    expect(dry.code).toBe(0);
    expect(dry.json).toEqual([
      expect.objectContaining({ preview: true, address: a.address, send: true }),
      expect.objectContaining({ preview: true, address: off.address, send: false }),
      expect.objectContaining({ preview: true, address: nokey.address, send: false }),
    ]);
    expect(fleet.requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(a.password).toBe(FACTORY);
  }, 90_000);

  it('all changed: one POST /settings each, only the new password works, the keychain holds it, exit 0', async () => {
    const run = await change([a, b], ['--yes', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.json).toHaveLength(2);
    for (const device of [a, b]) {
      expect(lineFor(run.json, device)).toMatchObject({ ok: true, outcome: 'done' });
      expect(posts(device)).toHaveLength(1);
      expect(device.password).toBe(NEW_PW);
      // One unlock for the session the change is sent in, then the check: one unlock with the new one.
      expect(sentPasswords(device)).toEqual([FACTORY, NEW_PW]);
      const id = lineFor(run.json, device)!.deviceId as string;
      const stored = await vault.passwordFor(id, undefined);
      expect(stored).toMatchObject({ secret: NEW_PW, source: { kind: 'device' }, rejected: false });
      expect(await vault.pendingPasswordFor(id)).toBeUndefined();
    }
    expect(run.stderr).toContain('password changed on 2 of 2 devices.');
    expect(run.stdout + run.stderr).not.toContain(NEW_PW);
    // A later command unlocks with the stored new password; the old one is refused by the device.
    fleet.clearRequests();
    const status = await cli(['status', a.address, '--json']);
    expect(status.code, status.stderr).toBe(0);
    expect(sentPasswords(a)).toEqual([NEW_PW]);
    const old = await cli(['unlock', a.address, '--password-stdin', '--json'], FACTORY);
    expect(old.code).toBe(1);
    expect(old.json[0]).toMatchObject({ ok: false, error: { code: 'WRONG_PASSWORD' } });
    // The request is in the site's activity log: each device's outcome, never the password.
    const inventory = createInventoryServices({
      dataDir,
      laptop: 'test',
      app: { name: 'Minerdeck', version: '0' },
    });
    const log = await inventory.activity();
    expect(log.ok && log.value.at(-1)).toMatchObject({
      action: 'password-change',
      devices: [expect.objectContaining({ outcome: 'done' }), expect.objectContaining({ outcome: 'done' })],
    });
    expect(JSON.stringify(log)).not.toContain(NEW_PW);
  }, 90_000);

  it('a mix: a different password, wrong current, offline and unknown skipped, a lost answer, a 500; exit 1', async () => {
    hung.addFault({ fault: { kind: 'hang-after-apply' }, paths: [SETTINGS], methods: ['POST'], times: 1 });
    fail500.addFault({ fault: { kind: 'http-500' }, paths: [SETTINGS], methods: ['POST'], times: 1 });
    fleet.clearRequests();
    const run = await change(
      [differ, other, off, nokey, hung, fail500],
      ['--yes', '--json', '--timeout', '1500'],
    );
    expect(run.code, run.stderr).toBe(1);
    expect(run.json).toHaveLength(6);

    // A different password on the device: the session for the change is refused, so nothing is sent.
    expect(lineFor(run.json, differ)).toMatchObject({
      ok: false,
      outcome: 'failed',
      error: {
        code: 'WRONG_PASSWORD',
        message: expect.stringMatching(/no session for the change.*nothing was sent/),
      },
    });
    expect(posts(differ)).toEqual([]);
    expect(sentPasswords(differ)).toEqual([FACTORY]);
    const differId = lineFor(run.json, differ)!.deviceId as string;
    expect(await vault.pendingPasswordFor(differId)).toBeUndefined();

    // The device refused `current` (500 {"err"}): nothing changed, the pending entry dropped, the old one kept.
    expect(lineFor(run.json, other)).toMatchObject({
      ok: false,
      outcome: 'failed',
      error: { code: 'HTTP_ERROR', message: expect.stringMatching(/refused the change.*old password stays/) },
    });
    expect(other.password).toBe('changed-elsewhere');
    const otherId = lineFor(run.json, other)!.deviceId as string;
    expect(await vault.pendingPasswordFor(otherId)).toBeUndefined();
    expect((await vault.passwordFor(otherId, undefined))?.secret).toBe(FACTORY);

    // Skipped: never contacted with a write.
    expect(lineFor(run.json, off)).toMatchObject({
      ok: false,
      outcome: 'skipped',
      error: { code: 'SKIPPED' },
    });
    expect(lineFor(run.json, nokey)).toMatchObject({
      ok: false,
      outcome: 'skipped',
      error: { code: 'SKIPPED' },
    });
    expect(posts(off)).toEqual([]);
    expect(posts(nokey)).toEqual([]);

    // Applied, answer lost (timeout): not resent; one unlock with the new password decided it was changed.
    expect(lineFor(run.json, hung)).toMatchObject({ ok: true, outcome: 'done' });
    expect(lineFor(run.json, hung)!.message).toMatch(/no clear answer.*checked by unlocking/);
    expect(hung.password).toBe(NEW_PW);
    expect(sentPasswords(hung)).toEqual([FACTORY, NEW_PW]);
    const hungId = lineFor(run.json, hung)!.deviceId as string;
    expect((await vault.passwordFor(hungId, undefined))?.secret).toBe(NEW_PW);
    expect(await vault.pendingPasswordFor(hungId)).toBeUndefined();

    // 500 before applying: failed, the device and the keychain keep the old password.
    expect(lineFor(run.json, fail500)).toMatchObject({
      ok: false,
      outcome: 'failed',
      error: { code: 'HTTP_ERROR' },
    });
    expect(fail500.password).toBe(FACTORY);
    const failId = lineFor(run.json, fail500)!.deviceId as string;
    expect((await vault.passwordFor(failId, undefined))?.secret).toBe(FACTORY);
    expect(await vault.pendingPasswordFor(failId)).toBeUndefined();

    // Exactly once: one POST /settings per device that was sent one, whatever the answer.
    for (const device of [other, hung, fail500]) expect(posts(device)).toHaveLength(1);
    expect(run.stderr).toContain('password changed on 1 of 4 devices; 3 failed; 2 skipped.');
    expect(run.stdout + run.stderr).not.toContain(NEW_PW);
  }, 90_000);

  it('--site: the site password is the current one and becomes the new one for the devices changed', async () => {
    const run = await change([siteC, siteD], ['--site', 'Hall 7', '--yes']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/will change \(current password: stored password of site/);
    expect(run.stderr).toContain('Recorded in the activity log of site "Hall 7".');
    for (const device of [siteC, siteD]) {
      expect(device.password).toBe(NEW_PW);
      expect(posts(device)).toHaveLength(1);
    }
    const listing = await vault.list();
    const hall = listing.sites.find((s) => s.members.length === 2);
    expect(hall).toBeDefined();
    // A device the site's password applies to (no password of its own) now gets the new one.
    expect((await vault.passwordFor('addr:nobody:1', hall!.siteId))?.secret).toBe(NEW_PW);
  }, 90_000);
});

describe('password change usage', () => {
  it('names the subcommand', async () => {
    const run = await runCli(['password', 'rotate']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /unknown password subcommand "rotate".*password change \(<address…> \[--port N\] \| --all\) --new-password-stdin/s,
    );
  }, 30_000);
});
