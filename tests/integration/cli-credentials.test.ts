/**
 * The credential commands end to end: the real CLI as a child process, simulated devices over loopback
 * HTTP, and the real Secret Service under a service name of this suite's own. A technician unlocks a
 * batch with one site password, creates keys, and from then on types no password.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { JOURNAL_PREFIX } from '../../electron/core/credentials/journal-format';
import { createKeytarStore } from '../../electron/core/credentials/keytar-store';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { clearService, testServiceName } from '../support/keychain';
import { credentialHeadersOf } from '../support/recorded-requests';
import { describeWith, keychain } from '../support/requirements';
import { runCli } from '../support/run-cli';
import { devicesOf, requestsTo, unlocksOf } from '../support/sim-targets';

const SITE_PW = 'Hall-1-pw';
const SERVICE = testServiceName('cli');
// A data folder of the suite's own: `--site` names a site of its inventory.
const DATA_DIR = mkdtempSync(join(tmpdir(), 'minerdeck-cli-credentials-'));
const env = {
  MINERDECK_KEYCHAIN_SERVICE: SERVICE,
  MINERDECK_DATA_DIR: DATA_DIR,
  DISPLAY: undefined,
  WAYLAND_DISPLAY: undefined,
};
const cli = (args: string[], stdin?: string) =>
  runCli(args, { env, ...(stdin !== undefined ? { stdin } : {}) });

let fleet: Fleet;
let a: SimDevice;
let b: SimDevice;
let spec: SimDevice;
let lone: SimDevice;
let other: SimDevice;

describeWith(keychain, 'credential commands on a real keychain', () => {
  beforeAll(async () => {
    fleet = await startFleet({
      defaults: { password: SITE_PW },
      devices: [{}, {}, { profile: 'spec' }, { password: 'lone-pw' }, { password: 'not-the-site-pw' }],
    });
    [a, b, spec, lone, other] = devicesOf(fleet, 5);
  });
  afterAll(async () => {
    await fleet.close();
    await clearService(SERVICE);
    rmSync(DATA_DIR, { recursive: true, force: true });
  });

  it('unlock many: one JSON line per device with address and ok; exit 1 when one fails', async () => {
    const run = await cli(
      ['unlock', a.address, b.address, other.address, '--password-stdin', '--json'],
      SITE_PW,
    );
    expect(run.code).toBe(1);
    expect(run.json).toHaveLength(3);
    expect(run.json).toEqual(
      expect.arrayContaining([
        { ok: true, address: a.address, unlocked: true },
        { ok: true, address: b.address, unlocked: true },
        expect.objectContaining({
          ok: false,
          address: other.address,
          error: expect.objectContaining({ code: 'WRONG_PASSWORD' }),
        }),
      ]),
    );
    expect(run.stdout + run.stderr).not.toContain(SITE_PW);
  });

  it('human output: a line per device and a tally', async () => {
    const run = await cli(['unlock', a.address, other.address, '--password-stdin'], SITE_PW);
    expect(run.stdout).toContain(`${a.address}: unlocked (password accepted)`);
    expect(run.stderr).toMatch(/refused the password/);
    expect(run.stderr).toMatch(/unlocked 1 of 2 devices; 1 failed\./);
  });

  it('unlock --remember --site stores the site password once, for the devices that took it', async () => {
    expect((await cli(['site', 'create', 'Hall 1'])).code).toBe(0);
    const run = await cli(
      [
        'unlock',
        a.address,
        b.address,
        spec.address,
        other.address,
        '--password-stdin',
        '--remember',
        '--site',
        'hall-1',
        '--json',
      ],
      SITE_PW,
    );
    expect(run.code).toBe(1);
    const ok = run.json.filter((l) => l.ok === true);
    expect(ok).toHaveLength(3);
    expect(ok.every((l) => l.remembered === 'keychain' && l.site === 'hall-1')).toBe(true);
    const list = await cli(['key', 'list', '--json']);
    expect(list.code).toBe(0);
    expect(list.json.map((l) => l.address).sort()).toEqual([a.address, b.address, spec.address].sort());
    expect(
      list.json.every((l) => (l.password as { source: string; siteId: string }).siteId === 'hall-1'),
    ).toBe(true);
    expect(list.stdout).not.toContain(SITE_PW);
  });

  it('unlock --remember without a site stores the device’s own password', async () => {
    const run = await cli(['unlock', lone.address, '--password-stdin', '--remember'], 'lone-pw');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('stored in the keychain');
    const status = await cli(['status', lone.address, '--json']);
    expect(status.code).toBe(0);
    expect(status.json[0]).toMatchObject({ ok: true, credential: 'password', reading: { unlocked: true } });
  });

  it('key create with the stored site password: verified, stored, never printed', async () => {
    fleet.clearRequests();
    const run = await cli(['key', 'create', a.address, b.address, spec.address, '--json']);
    expect(run.code).toBe(0);
    expect(run.json).toHaveLength(3);
    expect(run.json.every((l) => l.ok === true && l.answer === 'inserted' && l.stored === 'keychain')).toBe(
      true,
    );
    for (const device of [a, b, spec]) {
      expect(device.apiKeys).toHaveLength(1);
      expect(run.stdout + run.stderr).not.toContain(device.apiKeys[0]!.key);
      expect(JSON.parse(unlocksOf(device)[0]!.body)).toEqual({ pw: SITE_PW });
    }
    // The command filed its keys before exiting: one keychain entry per key, no journal entry left.
    const accounts = (await createKeytarStore({ service: SERVICE }).list()).map((e) => e.account);
    expect(accounts.filter((x) => x.startsWith(JOURNAL_PREFIX))).toEqual([]);
    expect(accounts.filter((x) => x.endsWith('/api-key'))).toHaveLength(3);
  });

  it('status with no flag uses the stored API key alone: no password, no unlock', async () => {
    fleet.clearRequests();
    const run = await cli(['status', spec.address, '--json']);
    expect(run.code).toBe(0);
    expect(run.json[0]).toMatchObject({
      ok: true,
      credential: 'API key',
      reading: { state: { name: 'mining' } },
    });
    expect(unlocksOf(spec)).toHaveLength(0);
    expect(requestsTo(spec, '/api/v1/status').map(credentialHeadersOf)).toEqual([['x-api-key']]);
    expect(run.stdout).not.toContain(spec.apiKeys[0]!.key);
  });

  it('key copy without a display: a clear error pointing to --print, and no key shown', async () => {
    const run = await cli(['key', 'copy', a.address]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/no clipboard: there is no display here.*--print/);
    expect(run.stdout + run.stderr).not.toContain(a.apiKeys[0]!.key);
  });

  it('key copy --print prints exactly the key, and nothing else on stdout', async () => {
    const run = await cli(['key', 'copy', a.address, '--print']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${a.apiKeys[0]!.key}\n`);
  });

  it('key revoke: deleted on the device where it can be, forgotten locally either way, and says which', async () => {
    const field = await cli(['key', 'revoke', a.address]);
    expect(field.code).toBe(0);
    expect(field.stdout).toMatch(/was deleted from the device and forgotten locally/);
    expect(a.apiKeys).toHaveLength(0);

    const strict = await cli(['key', 'revoke', spec.address, '--json']);
    expect(strict.code).toBe(1);
    expect(strict.json[0]).toMatchObject({ ok: false, onDevice: 'not-supported', forgotten: true });
    expect(spec.apiKeys).toHaveLength(1);

    const list = await cli(['key', 'list', '--json']);
    const byAddress = new Map(list.json.map((l) => [l.address, l]));
    expect(byAddress.get(a.address)?.apiKey).toBeNull();
    expect(byAddress.get(spec.address)?.apiKey).toBeNull();
    expect(byAddress.get(b.address)?.apiKey).toMatchObject({
      description: expect.stringMatching(/^Minerdeck /),
    });
  });

  it('keychain: available, with what is stored', async () => {
    const run = await cli(['keychain', '--json']);
    expect(run.code).toBe(0);
    expect(run.json[0]).toMatchObject({
      ok: true,
      state: 'available',
      service: SERVICE,
      stored: { sites: 1 },
    });
  });

  it.each([
    [['key'], /no key subcommand/],
    [['key', 'frob'], /unknown key subcommand "frob"/],
    [['key', 'list', '10.0.0.5'], /takes no address/],
    [['key', 'create'], /no device address/],
    [['unlock', '10.0.0.5', '--password-stdin', '--site', 'x'], /--site names where --remember stores/],
    [['unlock', '10.0.0.5', '--password-stdin', '--remember', '--site', 'a/b'], /No site is named "a\/b"/],
    [['key', 'create', '10.0.0.5', '--key', 'abc'], /visible in the process list/],
  ])('bad usage %j → exit 2', async (args, message) => {
    const run = await cli(args, 'x');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });
});
