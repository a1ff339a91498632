/**
 * Issue 33's shape, at 50 devices on a fast scale: the simulator's field clock (installs, reboots,
 * restarts, climbs, a shared 1 Gbit/s site link for 64 MB images) 120 times faster, and Minerdeck's own
 * waits on the same scaled clock (MINERDECK_TIME_SCALE, its origin the fleet's), through the real CLI as
 * a child process and the real keychain. One Commission with firmware, pools and acceptance:
 * - the batches grow (canary 1, then 10, then 39) and the uploads overlap them (batch 2 uploads while
 *   batch 1 still reboots);
 * - the pipeline reaches acceptance for early devices while later ones still update;
 * - no device is judged before it settles (its window opens after its restart, never with it);
 * - every device takes exactly its planned steps;
 * and a rollout with a device failing in batch 2 stops after that batch; trusting the canary, batches do not
 * wait for each other's verdicts.
 * The 1,000-device hour is the benchmark's (`npm run bench -- field`), not CI's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fleet, SimDevice } from '../simulator';
import { FIELD_LINK, fieldProfile, startFleet } from '../simulator';
import { S21, writeSimImage } from '../support/firmware-world';
import { clearService, testServiceName } from '../support/keychain';
import { describeWith, keychain } from '../support/requirements';
import { runCli } from '../support/run-cli';
import { suiteEnv } from '../support/suite-cli';

const FACTORY = 'admin';
const SERVICE = testServiceName('field-shape');
const SCALE = 120;
const UPDATE = '/api/v1/firmware/update';
const MB64 = 64 * 1024 * 1024;

let fleet: Fleet;
let dataDir: string;
let image: string;
const cli = (args: readonly string[], stdin?: string) =>
  runCli([...args, '--data-dir', dataDir], {
    env: {
      ...suiteEnv(SERVICE),
      MINERDECK_TIME_SCALE: String(SCALE),
      MINERDECK_TIME_ORIGIN_MS: String(fleet.clockStartMs),
    },
    timeoutMs: 240_000,
    ...(stdin !== undefined ? { stdin } : {}),
  });

interface StepLine {
  kind: string;
  outcome: string;
  startedAt?: string;
  endedAt?: string;
}
const ms = (iso: string | undefined): number => Date.parse(iso ?? 'invalid');
const stepOf = (line: Record<string, unknown> | undefined, kind: string): StepLine | undefined =>
  (line?.steps as StepLine[] | undefined)?.find((s) => s.kind === kind);
/** When the device's first image upload reached it (field ms), or Infinity. */
const uploadAt = (d: SimDevice): number =>
  d.requests.find((r) => r.method === 'POST' && r.path === UPDATE)?.time ?? Infinity;

describeWith(keychain, 'The field hour in small: 50 devices on the field clock ×120', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-field-shape-'));
    fleet = await startFleet({
      count: 50,
      timeScale: SCALE,
      seed: 33,
      link: { ...FIELD_LINK, chargeBytes: MB64 },
      defaults: fieldProfile({ model: S21.model, firmwareVersion: '1.2.6', password: FACTORY }),
    });
    image = writeSimImage(dataDir, '1.2.7', S21.id, 64 * 1024);
    const site = await cli(['site', 'create', 'Hall 7', '--use']);
    expect(site.code, site.stderr).toBe(0);
  }, 60_000);
  afterAll(async () => {
    await fleet?.close();
    await clearService(SERVICE);
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  it('Commission: growing batches overlap, early devices reach acceptance while later ones update, none judged unsettled', async () => {
    const set = await cli([
      'standard',
      'set',
      '--pool',
      'stratum+tcp://pool.example:3333,hall7.{ip4}',
      '--firmware',
      image,
      '--firmware-version',
      '1.2.7',
      '--accept-minutes',
      '3',
    ]);
    expect(set.code, set.stderr).toBe(0);
    const devices = fleet.devices;
    const scan = await cli([
      'scan',
      ...devices.map((d) => d.address.replace('http://', '')),
      '--save',
      '--yes',
    ]);
    expect(scan.code, scan.stderr).toBe(0);
    const run = await cli(['commission', '--all', '--password-stdin', '--yes', '--json'], FACTORY);
    expect(run.code, run.stderr.slice(-3000)).toBe(0);
    expect(run.stderr).toContain(`time scale ${SCALE}×: field times are projected (simulator only)`);
    const lineOf = (d: SimDevice) => run.json.find((l) => l.address === d.address);
    // Every device done, having taken exactly the steps it was planned (no site password in this
    // standard): firmware, pools, the restart they ask for, acceptance.
    for (const d of devices) {
      expect(lineOf(d), d.address).toMatchObject({ outcome: 'done' });
      expect((lineOf(d)?.steps as StepLine[]).map((s) => [s.kind, s.outcome])).toEqual([
        ['firmware', 'done'],
        ['settings', 'done'],
        ['restart', 'done'],
        ['acceptance', 'done'],
      ]);
    }

    // The batches, from when each device's image reached it: the canary alone until it was verified,
    // then 10, then 39 — batch 2's uploads under way while batch 1 still rebooted.
    const byUpload = [...devices].sort((a, b) => uploadAt(a) - uploadAt(b));
    const verifiedAt = (d: SimDevice) => ms(stepOf(lineOf(d), 'firmware')?.endedAt);
    const [canary] = byUpload as [SimDevice];
    const batch1 = byUpload.slice(1, 11);
    const batch2 = byUpload.slice(11);
    expect(byUpload.every((d) => Number.isFinite(uploadAt(d)))).toBe(true);
    expect(batch1.every((d) => uploadAt(d) >= verifiedAt(canary))).toBe(true);
    expect(Math.min(...batch2.map(uploadAt))).toBeLessThan(Math.min(...batch1.map(verifiedAt)));
    expect(batch2.every((d) => uploadAt(d) >= Math.max(...batch1.map(uploadAt)))).toBe(true);
    expect(fleet.linkStats()?.peakConcurrent).toBe(5);

    // The pipeline: the canary's acceptance began before the last device's firmware was verified.
    const firstWatch = Math.min(...devices.map((d) => ms(stepOf(lineOf(d), 'acceptance')?.startedAt)));
    expect(firstWatch).toBeLessThan(Math.max(...devices.map(verifiedAt)));

    // Settled before judged: every window opened at least the shortest mining restart (30 s) after the
    // device's restart, and every healthy device was accepted on readings after it.
    const report = await cli(['report', '--json']);
    expect(report.code, report.stderr).toBe(0);
    const reported = ((JSON.parse(report.stdout) as { devices?: unknown[] }).devices ?? []) as {
      address: string;
      acceptance: { verdict: string; settledAt?: string } | null;
    }[];
    for (const d of devices) {
      const entry = reported.find((r) => d.address.endsWith(r.address) || r.address === d.address);
      expect(entry?.acceptance?.verdict, d.address).toBe('pass');
      const restarted = ms(stepOf(lineOf(d), 'restart')?.endedAt ?? stepOf(lineOf(d), 'firmware')?.endedAt);
      expect(ms(entry?.acceptance?.settledAt) - restarted, d.address).toBeGreaterThanOrEqual(30_000);
    }
  }, 300_000);

  it('a rollout on the field clock stops after the batch where trouble came, nothing uploaded after it', async () => {
    // 12 more devices: canary 1, then 2, 4, 5 (growth 2); device 2 (batch 1) comes back on its old version.
    // Batch 2 may upload while batch 1 reboots (the turn rule); batch 3 waits for batch 1: never starts.
    const hall = await startFleet({
      count: 12,
      timeScale: SCALE,
      seed: 34,
      link: { ...FIELD_LINK, chargeBytes: MB64 },
      defaults: fieldProfile({ model: S21.model, firmwareVersion: '1.2.6', password: FACTORY }),
      devices: [{}, {}, { firmwareFault: { kind: 'old-version' } }],
    });
    try {
      // A site of its own: in Hall 7 the image is proven already (no canary).
      expect((await cli(['site', 'create', 'Hall 8'])).code).toBe(0);
      const run = await cli(
        [
          'firmware',
          'upgrade',
          '--site',
          'Hall 8',
          ...hall.devices.map((d) => d.address),
          '--file',
          image,
          '--batch',
          '2',
          '--growth',
          '2',
          '--tolerate',
          '0',
          '--password-stdin',
          '--yes',
          '--json',
        ],
        FACTORY,
      );
      expect(run.code, run.stderr.slice(-2000)).toBe(1);
      expect(run.stderr).toContain('canary 1, then 2, 4, 5');
      expect(run.stderr).toMatch(/failed in batch 1 of 3 \(.*\): the rollout stopped after that batch/);
      const uploads = hall.devices.map((d) => d.requests.filter((r) => r.path === UPDATE).length);
      // The canary and batch 1 took theirs; batch 3 (devices 7–11) was never uploaded to.
      expect(uploads.slice(0, 3)).toEqual([1, 1, 1]);
      expect(uploads.slice(7)).toEqual([0, 0, 0, 0, 0]);
    } finally {
      await hall.close();
    }
  }, 120_000);

  it('trusting the canary (--trust canary): after its verdict no batch waits for another batch’s', async () => {
    // canary 1, then 2, 4, 5: by the default rule batch 3 waits for batch 1's verdicts, each at least an
    // install and a reboot (3 field min) after its upload; trusting the canary it follows batch 2 at once.
    const hall = await startFleet({
      count: 12,
      timeScale: SCALE,
      seed: 35,
      link: { ...FIELD_LINK, chargeBytes: MB64 },
      defaults: fieldProfile({ model: S21.model, firmwareVersion: '1.2.6', password: FACTORY }),
    });
    try {
      expect((await cli(['site', 'create', 'Hall 9'])).code).toBe(0);
      const targets = hall.devices.map((d) => d.address);
      const pacing = ['--batch', '2', '--growth', '2', '--trust', 'canary'];
      const args = ['firmware', 'upgrade', '--site', 'Hall 9', ...targets, '--file', image, ...pacing];
      const run = await cli([...args, '--password-stdin', '--yes', '--json'], FACTORY);
      expect(run.code, run.stderr.slice(-2000)).toBe(0);
      expect(run.stderr).toContain('trusting the canary: no batch waits for');
      const byUpload = [...hall.devices].sort((a, b) => uploadAt(a) - uploadAt(b));
      const [canary] = byUpload as [SimDevice];
      const batch1 = byUpload.slice(1, 3);
      const batch3 = byUpload.slice(7);
      expect(byUpload.every((d) => Number.isFinite(uploadAt(d)))).toBe(true);
      expect(Math.min(...batch1.map(uploadAt)) - uploadAt(canary)).toBeGreaterThanOrEqual(180_000);
      expect(Math.min(...batch3.map(uploadAt)) - Math.min(...batch1.map(uploadAt))).toBeLessThan(180_000);
    } finally {
      await hall.close();
    }
  }, 120_000);
});
