/**
 * One MAC on several devices, end to end: three simulated devices that report one MAC (a cloned control-board
 * image), through the real CLI as a child process over loopback HTTP. Nothing the technician asked for
 * disappears: `monitor` watches and prints all three, `scan --save` keeps three rows, and each is flagged
 * "same MAC as …"; on a real keychain, their API keys are stored apart and each one's key is its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeytarStore } from '../../electron/core/credentials/keytar-store';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { tempDataDir } from '../support/inventory-fixtures';
import { clearService, testServiceName } from '../support/keychain';
import { credentialHeadersOf } from '../support/recorded-requests';
import { describeWith, keychain } from '../support/requirements';
import { runCli } from '../support/run-cli';
import { devicesOf, requestsTo } from '../support/sim-targets';

const MAC = '02:C1:0E:00:00:01';
const PASSWORD = 'Clone-pw-1';
const SERVICE = testServiceName('same-mac');
const env = { MINERDECK_KEYCHAIN_SERVICE: SERVICE, DISPLAY: undefined, WAYLAND_DISPLAY: undefined };
const short = (device: SimDevice): string => device.address.replace(/^http:\/\//, '');

let fleet: Fleet;
let twins: SimDevice[];
const othersOf = (device: SimDevice): SimDevice[] => twins.filter((other) => other !== device);

beforeAll(async () => {
  fleet = await startFleet({
    defaults: { password: PASSWORD },
    devices: [{ mac: MAC }, { mac: MAC }, { mac: MAC }],
  });
  twins = devicesOf(fleet, 3);
});

afterAll(async () => {
  await fleet.close();
  await clearService(SERVICE);
});

const MONITOR = ['--password-stdin', '--interval', '0.2', '--timeout', '150', '--duration', '1.5'];

describe('three devices that report one MAC', () => {
  it(
    'monitor: a final line for each of the three, online, each flagged "same MAC as" the other two',
    { timeout: 60_000 },
    async () => {
      const run = await runCli(['monitor', ...twins.map(short), ...MONITOR], { stdin: PASSWORD, env });
      expect(run.code).toBe(0);
      const lines = run.stdout.trimEnd().split('\n');
      const finals = lines.slice(-4, -1);
      for (const device of twins) {
        const [first, second] = othersOf(device).map(short);
        expect(finals.filter((line) => line.includes(` ${device.address} `))).toEqual([
          expect.stringMatching(new RegExp(`online .*same MAC as ${first} and ${second}$`)),
        ]);
      }
      expect(lines.at(-1)).toMatch(/^3 devices: 3 online/);
    },
  );

  it(
    'monitor --json: three devices under three ids, each polled, with a duplicate-mac alert and the others',
    { timeout: 60_000 },
    async () => {
      const run = await runCli(['monitor', ...twins.map(short), ...MONITOR, '--json'], {
        stdin: PASSWORD,
        env,
      });
      expect(run.code).toBe(0);
      const finals = run.json.filter((line) => line.final === true);
      expect(finals.map((line) => line.address)).toEqual(twins.map((d) => d.address));
      expect(new Set(finals.map((line) => line.deviceId)).size).toBe(3);
      // The lowest address keeps the MAC's id; the others are known by their addresses.
      expect(finals.map((line) => line.deviceId)).toEqual([
        `mac:${MAC}`,
        `addr:${short(twins[1]!)}`,
        `addr:${short(twins[2]!)}`,
      ]);
      for (const [i, device] of twins.entries()) {
        expect(finals[i]).toMatchObject({
          state: 'online',
          alerts: expect.arrayContaining(['duplicate-mac']),
          sameMacAs: othersOf(device).map((d) => d.address),
        });
        expect(requestsTo(device, '/api/v1/status').length).toBeGreaterThan(1);
      }
    },
  );

  it(
    'scan --save: three rows in the site, each line flagged with the other addresses',
    { timeout: 60_000 },
    async () => {
      const dir = tempDataDir('cli-same-mac');
      const cli = (...args: string[]) => runCli([...args, '--data-dir', dir], { env, timeoutMs: 20_000 });
      expect((await cli('site', 'create', 'Hall 9')).code).toBe(0);
      const range = `${twins[0]!.host}-${twins[2]!.host}`;
      const saved = await cli('scan', range, '--port', String(twins[0]!.port), '--save');
      expect(saved.code).toBe(0);
      expect(saved.stderr).toContain('Saved to site "Hall 9": 3 new, 0 known.');
      // A later line for an address replaces the earlier one: the last line of each names both others.
      for (const device of twins) {
        const mine = saved.stdout.split('\n').filter((line) => line.split(/\s+/)[1] === short(device));
        const [first, second] = othersOf(device).map(short);
        expect(mine.at(-1)).toContain(`same MAC as ${first} and ${second}`);
      }
      const shown = await cli('site', 'show', '--json');
      expect(shown.json.map((d) => d.id)).toEqual([
        `mac:${MAC}`,
        `addr:${short(twins[1]!)}`,
        `addr:${short(twins[2]!)}`,
      ]);
      // Scanning again changes nothing: the same three devices, known.
      const again = await cli('scan', range, '--port', String(twins[0]!.port), '--save', '--json');
      expect(again.json.at(-1)).toEqual({
        saved: { site: 'hall-9', added: 0, updated: 3, moved: 0, identified: 0 },
      });
    },
  );
});

describeWith(keychain, 'three devices that report one MAC, on a real keychain', () => {
  it(
    'key create stores three keys under three ids, and each device is then read with its own key',
    { timeout: 60_000 },
    async () => {
      const run = await runCli(
        ['key', 'create', ...twins.map((d) => d.address), '--password-stdin', '--json'],
        {
          stdin: PASSWORD,
          env,
        },
      );
      expect(run.code).toBe(0);
      expect(run.json.map((line) => line.ok)).toEqual([true, true, true]);
      const accounts = (await createKeytarStore({ service: SERVICE }).list()).map((e) => e.account);
      expect(accounts.filter((account) => account.endsWith('/api-key')).sort()).toEqual(
        [`device/mac:${MAC}/api-key`, ...twins.slice(1).map((d) => `device/addr:${short(d)}/api-key`)].sort(),
      );
      for (const [i, device] of twins.entries()) {
        fleet.clearRequests();
        const status = await runCli(['status', device.address, '--json'], { env });
        expect(status.json[0]).toMatchObject({ ok: true, credential: 'API key' });
        // A device whose MAC is another's says so (it asked that one's address, which still answers).
        if (i > 0) expect(status.json[0]).toMatchObject({ sameMacAs: [twins[0]!.address] });
        const sent = requestsTo(device, '/api/v1/status').map((r) => r.headers['x-api-key']);
        expect(sent).toEqual([device.apiKeys[0]!.key]);
        expect(credentialHeadersOf(requestsTo(device, '/api/v1/status')[0]!)).toEqual(['x-api-key']);
      }
    },
  );
});
