/**
 * `minerdeck firmware upgrade` and `firmware status` end to end: the real CLI as a child process against
 * simulated devices over loopback HTTP, with an inventory in a data folder of its own (the activity log a
 * rollout resumes from). A 200-device rollout that stops after the batch where a device came back on the
 * old version, then a second run that finishes the rest and uploads nothing twice; a CLI killed (SIGKILL)
 * in the middle of a batch, and the next run that reconciles from the devices and the log.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../shared/domain/commission';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { QUICK_UPDATE, S21, writeSimImage } from '../support/firmware-world';
import { CLI_COMMAND, REPO_ROOT, runCli } from '../support/run-cli';
import { requestsTo } from '../support/sim-targets';

const PASSWORD = 'Hall-9-pw';
// These commands store nothing in the keychain (the password comes from standard input, for this run).
const SERVICE = `minerdeck-test-firmware-${process.pid}`;
const env = { MINERDECK_KEYCHAIN_SERVICE: SERVICE, DISPLAY: undefined, WAYLAND_DISPLAY: undefined };
const UPDATE = '/api/v1/firmware/update';

let dir: string;
let fleet: Fleet | undefined;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'minerdeck-cli-firmware-'));
});
afterEach(async () => {
  await fleet?.close();
  fleet = undefined;
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const dataDirFor = (name: string) => join(dir, name);
const upgrade = (dataDir: string, args: string[], options: { timeoutMs?: number; stdin?: string } = {}) =>
  runCli(['firmware', 'upgrade', ...args, '--data-dir', dataDir, '--password-stdin'], {
    env,
    stdin: options.stdin ?? PASSWORD,
    timeoutMs: options.timeoutMs ?? 60_000,
  });

function activity(dataDir: string): ActivityEntry[] {
  return (JSON.parse(readFileSync(join(dataDir, 'inventory.json'), 'utf8')) as { activity: ActivityEntry[] })
    .activity;
}

/** Complete uploads a device received (a cut one is recorded as cut: it installs nothing). */
const wholeUploads = (device: SimDevice) =>
  requestsTo(device, UPDATE, 'POST').filter((r) => !r.body.includes('(cut after')).length;

async function quickFleet(count: number, extra: Parameters<typeof startFleet>[0] = {}) {
  fleet = await startFleet({
    count,
    defaults: { model: S21.model, firmwareVersion: '1.2.6', password: PASSWORD, ...QUICK_UPDATE },
    ...extra,
  });
  return fleet;
}

describe('minerdeck firmware upgrade', () => {
  it(
    '200 devices, canary 1 and batches of 20: one back on the old version in batch 3 stops it after batch 3; a second run finishes the rest and uploads nothing twice',
    { timeout: 180_000 },
    async () => {
      const devices = (await quickFleet(200)).devices;
      // Device 50: the 10th of batch 3 (canary 0, batch 1: 1–20, batch 2: 21–40, batch 3: 41–60).
      devices[50]!.setFirmwareFault({ kind: 'old-version' });
      const image = writeSimImage(dir, '1.2.7', S21.id, 256 * 1024);
      const dataDir = dataDirFor('two-hundred');
      const args = [
        ...devices.map((d) => d.address),
        '--file',
        image,
        '--canary',
        '1',
        '--batch',
        '20',
        '--growth',
        '1',
        // One failure is trouble here, in any batch (the default tolerates 2 % of a later batch).
        '--tolerate',
        '0',
        '--yes',
        '--json',
      ];

      const first = await upgrade(dataDir, args, { timeoutMs: 120_000 });
      expect(first.code, first.stderr).toBe(1);
      const lines = first.json.filter((l) => 'address' in l);
      expect(lines).toHaveLength(200);
      const line = (device: SimDevice) => lines.find((l) => l.address === device.address);
      for (const device of devices.slice(0, 61)) {
        if (device === devices[50]) continue;
        expect(line(device)).toMatchObject({
          ok: true,
          from: '1.2.6',
          to: '1.2.7',
          error: null,
          outcome: 'verified',
        });
      }
      expect(line(devices[50]!)).toMatchObject({
        ok: false,
        from: '1.2.6',
        to: '1.2.6',
        error: 'still on 1.2.6 after the update',
        outcome: 'failed',
      });
      const stopped = `${devices[50]!.address} failed in batch 3 of 10 (still on 1.2.6 after the update): the rollout stopped after that batch`;
      // Batch 4 (61–80) uploads while batch 3 verifies: a device that took the image is verified, an
      // upload under way at the failure is cut (nothing installed). Batch 5 on never starts.
      const overlapped = devices.slice(61, 81).filter((d) => line(d)?.outcome === 'verified').length;
      for (const device of devices.slice(61, 81)) {
        if (line(device)?.outcome === 'verified') continue;
        expect(line(device)).toMatchObject({ ok: false, from: '1.2.6', to: null, outcome: 'not-started' });
        expect(device.firmwareVersion).toBe('1.2.6');
      }
      for (const device of devices.slice(81)) {
        expect(line(device)).toMatchObject({
          ok: false,
          from: '1.2.6',
          to: null,
          outcome: 'not-started',
          error: `not started: ${stopped}`,
        });
        expect(wholeUploads(device)).toBe(0);
      }
      expect(first.json.at(-1)).toEqual({
        summary: {
          verified: 60 + overlapped,
          failed: 1,
          skipped: 0,
          notStarted: 139 - overlapped,
          unknown: 0,
          version: '1.2.7',
          stopped,
          cancelled: false,
          image: { name: 'fw-s21-pro-1.2.7.bin', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
        },
      });
      expect(first.stderr).toContain(
        `firmware 1.2.7 on ${60 + overlapped} of 200 devices; 1 failed: ${devices[50]!.address.replace('http://', '')}; ${139 - overlapped} not started.`,
      );
      expect(first.stderr).toContain('Run the same command again to continue');
      expect(first.stderr).toContain('Recorded in the activity log of site "Site 1".');

      const second = await upgrade(dataDir, args, { timeoutMs: 120_000 });
      expect(second.code, second.stderr).toBe(0);
      const again = second.json.filter((l) => 'address' in l);
      expect(again).toHaveLength(200);
      const outcomes = again.map((l) => l.outcome);
      expect(outcomes.filter((o) => o === 'verified')).toHaveLength(139 - overlapped);
      expect(outcomes.filter((o) => o === 'skipped')).toHaveLength(61 + overlapped);
      expect(again.find((l) => l.address === devices[50]!.address)).toMatchObject({
        ok: true,
        outcome: 'skipped',
        message: expect.stringMatching(
          /^skipped: this image failed on it in an earlier run \(.*still on 1\.2\.6 after the update\); not tried again/,
        ),
      });
      expect(again.find((l) => l.address === devices[7]!.address)).toMatchObject({
        ok: true,
        outcome: 'skipped',
        message: expect.stringMatching(
          /^skipped: already updated with this image at \S+ \(1\.2\.6 → 1\.2\.7\)$/,
        ),
      });
      // Nothing twice: every device got at most one upload over both runs, and took at most one image.
      for (const device of devices) {
        expect(wholeUploads(device), device.address).toBe(1);
        expect(device.firmware.updates, device.address).toBe(1);
        expect(device.firmwareVersion).toBe(device === devices[50] ? '1.2.6' : '1.2.7');
      }
      // No canary the second time: the image was verified already.
      expect(second.stderr).toMatch(/ {2}batch 1 of \d+ \(20 devices\): /);
      expect(second.stderr).not.toContain('  canary (');
      const verdicts = activity(dataDir)
        .filter((e) => e.firmware?.phase === 'verdict')
        .flatMap((e) => e.devices);
      expect(verdicts.filter((d) => d.outcome === 'done')).toHaveLength(199);
      expect(verdicts.filter((d) => d.outcome === 'failed').map((d) => d.address)).toEqual([
        devices[50]!.address,
      ]);
    },
  );

  it(
    'SIGKILL in the middle of a batch: the next run reads the devices and the log, verifies the ones that took the image, uploads to the rest, never twice',
    { timeout: 120_000 },
    async () => {
      // Batch 1 (devices 1–5): two reboot slowly (down when the CLI dies), three take their image slowly.
      const devices = (
        await quickFleet(12, { devices: [{}, { rebootDownSeconds: 5 }, { rebootDownSeconds: 5 }] })
      ).devices;
      const image = writeSimImage(dir, '1.2.7', S21.id, 16 * 1024 * 1024, 'kill.bin');
      const slow = devices.slice(3, 6);
      for (const device of slow) device.setFirmwareFault({ kind: 'slow-upload', bytesPerSecond: 2_000_000 });
      const dataDir = dataDirFor('killed');
      const args = [
        ...devices.map((d) => d.address),
        '--file',
        image,
        '--canary',
        '1',
        '--batch',
        '5',
        '--yes',
        '--json',
      ];

      const child = spawn(
        CLI_COMMAND[0]!,
        [...CLI_COMMAND.slice(1), 'firmware', 'upgrade', ...args, '--data-dir', dataDir, '--password-stdin'],
        {
          cwd: REPO_ROOT,
          env: { ...process.env, ...env, NODE_NO_WARNINGS: '1' },
          stdio: ['pipe', 'pipe', 'pipe'],
        },
      );
      child.stdin.end(PASSWORD);
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      const exited = new Promise<number | null>((resolve) =>
        child.on('close', (code, signal) => resolve(signal === 'SIGKILL' ? -9 : code)),
      );
      // Kill once batch 1 is under way: devices 1 and 2 took their image, the slow ones are uploading.
      for (let i = 0; i < 600; i += 1) {
        if (
          devices[1]!.firmware.updates + devices[2]!.firmware.updates >= 2 &&
          slow.every((d) => d.firmware.uploads === 0)
        )
          break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      child.kill('SIGKILL');
      expect(await exited).toBe(-9);
      expect(stdout).toContain(`"address":"${devices[0]!.address}","ok":true`);
      for (const device of slow) expect(device.firmware.updates).toBe(0);
      expect(devices.slice(6).every((d) => wholeUploads(d) === 0)).toBe(true);

      // The log says where it stopped: batch 1's upload entry with no verdict for its devices.
      const before = activity(dataDir);
      expect(
        before.some(
          (e) => e.firmware?.phase === 'upload' && e.devices.some((d) => d.address === devices[3]!.address),
        ),
      ).toBe(true);

      for (const device of slow) device.setFirmwareFault(undefined);
      const next = await upgrade(dataDir, args, { timeoutMs: 60_000 });
      expect(next.code, next.stderr).toBe(0);
      const lines = next.json.filter((l) => 'address' in l);
      expect(lines).toHaveLength(12);
      const line = (device: SimDevice) => lines.find((l) => l.address === device.address);
      expect(line(devices[0]!)).toMatchObject({ outcome: 'skipped' });
      for (const device of devices.slice(1, 3)) {
        // Took its image before the kill: verified now, not uploaded again.
        expect(line(device)).toMatchObject({ ok: true, outcome: 'verified', to: '1.2.7', uploaded: false });
      }
      for (const device of devices.slice(3))
        expect(line(device)).toMatchObject({ ok: true, outcome: 'verified', uploaded: true });
      for (const device of devices) {
        expect(device.firmware.updates, device.address).toBe(1);
        expect(wholeUploads(device), device.address).toBe(1);
        expect(device.firmwareVersion).toBe('1.2.7');
      }
    },
  );

  it(
    'Ctrl-C: exit 130, uploads under way cut (nothing installed), every device named',
    { timeout: 60_000 },
    async () => {
      const devices = (await quickFleet(4)).devices;
      for (const device of devices.slice(1)) {
        device.setFirmwareFault({ kind: 'slow-upload', bytesPerSecond: 2_000_000 });
      }
      const image = writeSimImage(dir, '1.2.7', S21.id, 24 * 1024 * 1024, 'cancel.bin');
      const canary = devices[0]!.address;
      const run = await runCli(
        [
          ...['firmware', 'upgrade', ...devices.map((d) => d.address), '--file', image, '--yes', '--json'],
          ...['--data-dir', dataDirFor('cancel'), '--password-stdin'],
        ],
        {
          env,
          stdin: PASSWORD,
          timeoutMs: 60_000,
          // The canary is verified: the batch's slow uploads are under way.
          interruptWhen: (out) => out.includes(`"address":"${canary}","ok":true`),
        },
      );
      expect(run.code, run.stderr).toBe(130);
      const lines = run.json.filter((l) => 'address' in l);
      expect(lines).toHaveLength(4);
      expect(lines[0]).toMatchObject({ address: canary, ok: true, outcome: 'verified' });
      for (const line of lines.slice(1)) {
        expect(line).toMatchObject({ ok: false, outcome: 'not-started', to: null });
        expect(String(line.error)).toMatch(
          /^(cancelled during the upload|not started: the rollout was cancelled)/,
        );
      }
      expect(run.json.at(-1)).toMatchObject({ summary: { verified: 1, notStarted: 3, cancelled: true } });
      for (const device of devices.slice(1)) expect(device.firmware.updates).toBe(0);
    },
  );

  it(
    '--retry-failed: a device the image failed on is skipped by the next run, named why, and tried once more only with it',
    { timeout: 60_000 },
    async () => {
      const devices = (await quickFleet(3)).devices;
      devices[2]!.setFirmwareFault({ kind: 'old-version' });
      const image = writeSimImage(dir, '1.2.7', S21.id, 64 * 1024, 'retry.bin');
      const dataDir = dataDirFor('retry-failed');
      const args = [
        ...devices.map((d) => d.address),
        '--file',
        image,
        '--canary',
        '1',
        '--batch',
        '2',
        '--yes',
        '--json',
      ];
      const first = await upgrade(dataDir, args);
      expect(first.code, first.stderr).toBe(1);
      const okOf = (address: string) => first.json.find((l) => l.address === address)?.ok;
      expect(devices.map((d) => okOf(d.address))).toEqual([true, true, false]);
      // The fault is fixed on the device; without --retry-failed it is not tried again, and says why.
      devices[2]!.setFirmwareFault(undefined);
      const second = await upgrade(dataDir, args);
      expect(second.code, second.stderr).toBe(0);
      const skipped = second.json.find((l) => l.address === devices[2]!.address);
      expect(skipped).toMatchObject({ ok: true, outcome: 'skipped' });
      // The plan (for a person: on stderr with --json) says why.
      expect(second.stderr).toMatch(
        /this image failed on it in an earlier run .*--retry-failed tries once more/,
      );
      expect(devices.map(wholeUploads)).toEqual([1, 1, 1]);
      const third = await upgrade(dataDir, [...args, '--retry-failed']);
      expect(third.code, third.stderr).toBe(0);
      expect(third.json.find((l) => l.address === devices[2]!.address)).toMatchObject({
        ok: true,
        outcome: 'verified',
        from: '1.2.6',
        to: '1.2.7',
      });
      // Once more to the one that failed; the verified ones are skipped (already updated with this image).
      expect(devices.map(wholeUploads)).toEqual([1, 1, 2]);
    },
  );

  it('--dry-run prints the plan (versions by model, canary, batches) and sends nothing', async () => {
    const devices = (await quickFleet(4, { devices: [{}, {}, {}, { firmwareVersion: '1.2.7' }] })).devices;
    const image = writeSimImage(dir, '1.2.7', S21.id);
    const dataDir = dataDirFor('dry');
    const run = await upgrade(dataDir, [
      ...devices.map((d) => d.address),
      '--file',
      image,
      '--batch',
      '2',
      '--dry-run',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      'Versions now:\n  s21-pro (Antminer S21 Pro): 1.2.6 on 3 devices, 1.2.7 on 1\n',
    );
    expect(run.stdout).toContain('in 3 steps (canary 1, then 2, 1); at most 562 offline at once');
    expect(run.stdout).toMatch(
      / {2}canary \(1 device\): 127\.\S+\n {2}batch 1 of 2 \(2 devices\): \S+, \S+\n {2}batch 2 of 2 \(1 device\): \S+\n/,
    );
    expect(devices.every((d) => wholeUploads(d) === 0 && d.writeCounts.settingsPosts === 0)).toBe(true);

    const json = await upgrade(dataDir, [
      ...devices.map((d) => d.address),
      '--file',
      image,
      '--expect-version',
      '1.2.7',
      '--dry-run',
      '--json',
    ]);
    expect(json.code).toBe(0);
    expect(json.json.slice(0, 4).map((l) => [l.preview, l.role])).toEqual([
      [true, 'canary'],
      [true, 'batch'],
      [true, 'batch'],
      [true, 'skip'],
    ]);
    expect(json.json[3]).toMatchObject({ detail: 'already on 1.2.7', from: '1.2.7' });
    expect(json.json[4]).toMatchObject({
      plan: {
        uploads: 3,
        version: '1.2.7',
        batchSizes: [1, 2],
        settings: {
          canary: 1,
          batch: 10,
          growth: 4,
          maxBatch: 250,
          maxOffline: 562,
          deadlineMinutes: 15,
          uploadsInFlight: 5,
          keepSettings: true,
        },
      },
    });
  });

  it(
    'bad usage is exit 2 with nothing sent: several models without --model, a missing or empty file, no --yes without a terminal',
    { timeout: 60_000 },
    async () => {
      const devices = (await quickFleet(2, { devices: [{}, { model: 'Antminer S19 (88)' }] })).devices;
      const addresses = devices.map((d) => d.address);
      const image = writeSimImage(dir, '1.2.7', S21.id);
      const dataDir = dataDirFor('usage');

      const models = await upgrade(dataDir, [...addresses, '--file', image, '--yes']);
      expect(models.code).toBe(2);
      expect(models.stderr).toContain(
        'minerdeck: these devices report 2 models: s19-88 (1 device), s21-pro (1 device). A firmware image is built for one model',
      );
      expect(models.stderr).toContain('Versions now:');

      const missing = await upgrade(dataDir, [...addresses, '--file', join(dir, 'nope.bin'), '--yes']);
      expect([missing.code, missing.stderr.trim()]).toEqual([
        2,
        `minerdeck: the firmware file ${join(dir, 'nope.bin')} does not exist.`,
      ]);
      const empty = join(dir, 'empty.bin');
      writeFileSync(empty, '');
      const emptyRun = await upgrade(dataDir, [...addresses, '--file', empty, '--yes', '--json']);
      expect(emptyRun.code).toBe(2);
      expect(emptyRun.json).toEqual([
        {
          ok: false,
          error: {
            code: 'INVALID_INPUT',
            message: `the firmware file ${empty} is empty: nothing to upload.`,
          },
        },
      ]);
      const noFile = await upgrade(dataDir, [...addresses, '--yes']);
      expect(noFile.code).toBe(2);
      expect(noFile.stderr).toContain('the firmware image is missing: add --file PATH.');
      const both = await upgrade(dataDir, [...addresses, '--file', image, '--yes', '--dry-run']);
      expect([both.code, both.stderr.trim()]).toEqual([
        2,
        'minerdeck: give --yes (upload) or --dry-run (preview only), not both.',
      ]);
      const badBatch = await upgrade(dataDir, [...addresses, '--file', image, '--batch', '0']);
      expect([badBatch.code, badBatch.stderr.trim()]).toEqual([
        2,
        'minerdeck: --batch must be a whole number from 1 to 10000, not "0".',
      ]);
      const badGrowth = await upgrade(dataDir, [...addresses, '--file', image, '--growth', '0.5']);
      expect([badGrowth.code, badGrowth.stderr.trim()]).toEqual([
        2,
        'minerdeck: --growth must be a number from 1 to 100 (each batch that many times the one before; 1: all alike), not "0.5".',
      ]);
      const badTolerate = await upgrade(dataDir, [...addresses, '--file', image, '--tolerate', '60']);
      expect([badTolerate.code, badTolerate.stderr.trim()]).toEqual([
        2,
        'minerdeck: --tolerate must be a percent from 0 to 50 (of a batch\'s devices that may fail while the rollout goes on; 0: the first failure stops it), not "60".',
      ]);
      const badMaxBatch = await upgrade(dataDir, [...addresses, '--file', image, '--max-batch', 'x']);
      expect([badMaxBatch.code, badMaxBatch.stderr.trim()]).toEqual([
        2,
        'minerdeck: --max-batch must be a whole number from 1 to 10000, not "x".',
      ]);
      const smallMaxBatch = await upgrade(dataDir, [
        ...addresses,
        ...['--file', image, '--batch', '20', '--max-batch', '10'],
      ]);
      expect([smallMaxBatch.code, smallMaxBatch.stderr.trim()]).toEqual([
        2,
        'minerdeck: firmware settings: the largest batch (10) is smaller than the first batch (20): raise --max-batch or lower --batch.',
      ]);

      // Confirmation is asked on a terminal; with the password piped in there is none: refused.
      const unconfirmed = await upgrade(dataDir, [addresses[0]!, '--file', image]);
      expect(unconfirmed.code).toBe(2);
      expect(unconfirmed.stderr).toContain(
        'minerdeck: Nothing was sent: no terminal to ask on. Add --yes to upload fw-s21-pro-1.2.7.bin to 1 device',
      );
      expect(devices.every((d) => wholeUploads(d) === 0)).toBe(true);
    },
  );
});

/**
 * A long run tells its time (issue 33): on a field clock (MINERDECK_TIME_SCALE, the simulator's loopback
 * only) progress lines on stderr — per step the devices done, and the time left once the run timed a step —
 * at most one per 30 s of field time, while stdout keeps exactly its JSON lines.
 */
describe('minerdeck firmware upgrade tells its time', () => {
  // 300: 30 s of field time is a tenth of a real second.
  const SCALE = 300;
  const PROGRESS = /^upload \d+\/\d+.* · (about .+ left|less than a minute left|estimating…)$/;

  it(
    'progress lines with the time left on stderr, at most one per 30 s of field time; stdout only its JSON',
    { timeout: 120_000 },
    async () => {
      // Each update takes about half a second real (150 s of field time at 300×): several ticks.
      const devices = (await quickFleet(11)).devices;
      const image = writeSimImage(dir, '1.2.7', S21.id, 256 * 1024);
      const startedAt = Date.now();
      const run = await runCli(
        [
          'firmware',
          'upgrade',
          ...devices.map((d) => d.address),
          '--file',
          image,
          '--canary',
          '1',
          '--batch',
          '5',
          '--yes',
          '--json',
          '--data-dir',
          dataDirFor('time-left'),
          '--password-stdin',
        ],
        {
          stdin: PASSWORD,
          timeoutMs: 100_000,
          env: {
            ...env,
            MINERDECK_TIME_SCALE: String(SCALE),
          },
        },
      );
      const realMs = Date.now() - startedAt;
      expect(run.code, run.stderr).toBe(0);

      // stdout: exactly the JSON lines, as without progress: 11 devices, then the summary.
      const out = run.stdout.split('\n').filter((l) => l !== '');
      expect(out).toHaveLength(12);
      for (const line of out) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
      expect(run.json.filter((l) => l.outcome === 'verified')).toHaveLength(11);
      expect(run.stdout).not.toMatch(/left|estimating/);

      const lines = run.stderr.split('\n').filter((l) => PROGRESS.test(l));
      expect(lines.length, run.stderr).toBeGreaterThanOrEqual(2);
      expect(lines[0]).toMatch(/^upload 0\/11 .*estimating…$/);
      expect(
        lines.some((l) => / · about \d+ min left$|less than a minute left$/.test(l)),
        run.stderr,
      ).toBe(true);
      expect(lines.some((l) => /install \d+\/11/.test(l) && /verify \d+\/11/.test(l))).toBe(true);
      // At most one line per 30 s of field time (a tenth of a real second here) over the whole command.
      expect(lines.length).toBeLessThanOrEqual(Math.ceil(realMs / ((30_000 / SCALE) * 1)) + 1);
    },
  );
});

describe('minerdeck firmware status', () => {
  it('prints each device’s model and version, then the versions by model', async () => {
    const devices = (
      await quickFleet(3, { devices: [{}, { firmwareVersion: '1.2.7' }, { model: 'Antminer S19 (88)' }] })
    ).devices;
    const gone = devices[2]!;
    const run = await runCli(['firmware', 'status', ...devices.map((d) => d.address), '--json'], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.json.slice(0, 3)).toEqual([
      {
        address: devices[0]!.address,
        ok: true,
        model: 's21-pro',
        modelName: 'Antminer S21 Pro',
        version: '1.2.6',
        error: null,
      },
      {
        address: devices[1]!.address,
        ok: true,
        model: 's21-pro',
        modelName: 'Antminer S21 Pro',
        version: '1.2.7',
        error: null,
      },
      {
        address: gone.address,
        ok: true,
        model: 's19-88',
        modelName: 'Antminer S19 (88)',
        version: '1.2.6',
        error: null,
      },
    ]);
    expect(run.json[3]).toEqual({
      summary: {
        models: [
          {
            model: 's21-pro',
            modelName: 'Antminer S21 Pro',
            devices: 2,
            versions: [
              { version: '1.2.6', devices: 1 },
              { version: '1.2.7', devices: 1 },
            ],
          },
          {
            model: 's19-88',
            modelName: 'Antminer S19 (88)',
            devices: 1,
            versions: [{ version: '1.2.6', devices: 1 }],
          },
        ],
        unreachable: 0,
      },
    });
    await gone.goDown(30);
    const human = await runCli(['firmware', 'status', ...devices.map((d) => d.address), '--timeout', '500'], {
      env,
    });
    expect(human.code).toBe(1);
    expect(human.stdout).toContain(
      'Versions by model:\n  s21-pro (Antminer S21 Pro): 1.2.6 on 1 device, 1.2.7 on 1\n',
    );
    expect(human.stderr).toContain(
      `minerdeck: ${gone.address.replace('http://', '')} refused the connection`,
    );
  });

  it('is listed by minerdeck help, with both subcommands', async () => {
    const help = await runCli(['help'], { env });
    expect(help.stdout).toContain(
      'minerdeck firmware upgrade (<targets…> [--port N] | --all) --file PATH [--expect-version V] [--model NAME] [--canary N] [--batch N] [--growth F] [--max-batch N] [--tolerate P] [--max-offline N] [--trust batches|canary] [--no-keep-settings] [--retry-failed] [--deadline MIN] [--site NAME] [--password-stdin] [--yes | --dry-run] [--json] [--timeout ms] [--concurrency n]',
    );
    expect(help.stdout).toContain(
      'minerdeck firmware status (<targets…> [--port N] | --all [--site NAME]) [--json]',
    );
  });
});
