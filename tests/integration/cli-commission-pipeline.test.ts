/**
 * Issue 33's pipeline per device, through the real CLI (`standard set`, `commission --json`) as a child
 * process, the real keychain and 8 simulated devices over loopback: a standard with firmware, pools and
 * acceptance. The rollout's canary is verified first and goes on to its pools, restart and acceptance
 * while the rollout's batch still updates — its acceptance begins before the last device's firmware is
 * verified (the JSON's step times say so, and the devices' request logs agree); every device ends done,
 * having taken exactly the steps it was planned.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { QUICK_UPDATE, S21, writeSimImage } from '../support/firmware-world';
import { clearService, testServiceName } from '../support/keychain';
import { describeWith, keychain } from '../support/requirements';
import { runCli } from '../support/run-cli';
import { suiteEnv } from '../support/suite-cli';

const FACTORY = 'admin';
const SERVICE = testServiceName('commission-pipeline');
const POOL = 'stratum+tcp://pool.example:3333';

let fleet: Fleet;
let dataDir: string;
const cli = (args: readonly string[], stdin?: string) =>
  runCli([...args, '--data-dir', dataDir], {
    // Acceptance readings every 0.6 s instead of once a minute (the acceptance tests' knob).
    env: { ...suiteEnv(SERVICE), MINERDECK_ACCEPTANCE_SAMPLE_MS: '600' },
    timeoutMs: 90_000,
    ...(stdin !== undefined ? { stdin } : {}),
  });

interface StepLine {
  words: string;
  outcome: string;
  startedAt?: string;
  endedAt?: string;
}
const stepOf = (line: Record<string, unknown>, prefix: string): StepLine | undefined =>
  (line.steps as StepLine[]).find((s) => s.words.startsWith(prefix));
const ms = (iso: string | undefined): number => Date.parse(iso ?? 'invalid');

describeWith(keychain, 'Commission pipelines per device (CLI, simulator)', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-commission-pipeline-'));
    fleet = await startFleet({
      count: 8,
      defaults: {
        ...QUICK_UPDATE,
        model: S21.model,
        firmwareVersion: '1.2.6',
        password: FACTORY,
        shareSeconds: 0.1,
        miningRestartSeconds: 1,
      },
    });
    const site = await cli(['site', 'create', 'Hall 9', '--use']);
    expect(site.code, site.stderr).toBe(0);
  }, 60_000);
  afterAll(async () => {
    await fleet?.close();
    await clearService(SERVICE);
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  it('an early device is in its acceptance while later ones still update their firmware; all end done', async () => {
    const image = writeSimImage(dataDir, '1.2.7', S21.id);
    const set = await cli([
      'standard',
      'set',
      '--firmware',
      image,
      '--firmware-version',
      '1.2.7',
      '--pool',
      `${POOL},acct.{ip4}`,
      '--accept-minutes',
      '0.05',
      '--settle-minutes',
      '0.3',
    ]);
    expect(set.code, set.stderr).toBe(0);
    const addresses = fleet.devices.map((d) => d.address);
    const run = await cli(['commission', ...addresses, '--password-stdin', '--yes', '--json'], FACTORY);
    expect(run.code, run.stderr).toBe(0);
    expect(run.json).toHaveLength(8);
    for (const line of run.json) {
      expect(line, run.stderr).toMatchObject({ outcome: 'done' });
      // Exactly the planned steps, each taken, each with its times.
      expect((line.steps as StepLine[]).map((s) => s.words.split(' ')[0])).toEqual([
        'update',
        'set',
        'restart',
        'acceptance',
      ]);
      for (const s of line.steps as StepLine[]) expect(ms(s.endedAt)).toBeGreaterThanOrEqual(ms(s.startedAt));
    }
    const firstAcceptance = Math.min(...run.json.map((l) => ms(stepOf(l, 'acceptance')?.startedAt)));
    const lastFirmware = Math.max(...run.json.map((l) => ms(stepOf(l, 'update firmware')?.endedAt)));
    // The pipeline: an early device's window opened before a later device's firmware was verified.
    expect(firstAcceptance, run.stdout).toBeLessThan(lastFirmware);

    // The devices' own logs agree: a pools write (`POST /settings`) reached a device before the last
    // device received its image.
    const poolWrites = fleet.devices.flatMap((d) =>
      d.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/settings')).map((r) => r.time),
    );
    expect(poolWrites).toHaveLength(8);
    const uploads = fleet.devices.flatMap((d) =>
      d.requests.filter((r) => r.method === 'POST' && r.path.includes('firmware')).map((r) => r.time),
    );
    expect(uploads).toHaveLength(8);
    expect(Math.min(...poolWrites)).toBeLessThan(Math.max(...uploads));
  }, 120_000);
});
