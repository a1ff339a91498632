/**
 * Issue 32's "Done when", through the real CLI (`standard set`, `commission`) as a child process, the real
 * keychain, and simulated devices over loopback with realistic restarts, time-scaled (a restart of 3 s with
 * no hash rate, a climb of 4 s, an untuned preset tuning 20 s, each ±10 % per device): a standard with
 * pools, a preset and acceptance (settle limit 12 s, window 3 s). Commission accepts every healthy device
 * once it has settled after its restart, fails the faulty ones in words while they settle, and reports the
 * tuning one pending (exit 3 when nothing failed); a later Commission writes nothing and judges it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Fleet, SimDevice, SimDeviceOptions, WriteCounts } from '../simulator';
import { startFleet } from '../simulator';
import { clearService, testServiceName } from '../support/keychain';
import { describeWith, keychain } from '../support/requirements';
import { runCli } from '../support/run-cli';
import { suiteEnv } from '../support/suite-cli';

const FACTORY = 'admin';
const SERVICE = testServiceName('commission-settling');
const POOL = 'stratum+tcp://pool.example:3333';
const PRESET = '2640';
const SCALE = 3;

/** The field's restarts, time-scaled (field notes: restart 30–60 s, a climb over minutes, tuning tens of minutes). */
const SLOW_RESTARTS: SimDeviceOptions = {
  miningRestartSeconds: 3,
  hashClimbSeconds: 4,
  autoTuneSeconds: 20,
  timingJitter: 0.1,
  shareSeconds: 0.1,
  password: FACTORY,
  model: 'Antminer S21 Pro',
};
/** The standard's preset is tuned already on these: they go straight back to mining after the restart. */
const TUNED = { tunedPresets: ['2800', PRESET] };

let fleet: Fleet;
let dataDir: string;
const cli = (args: readonly string[], stdin?: string) =>
  runCli([...args, '--data-dir', dataDir], {
    // Acceptance readings every 0.6 s instead of once a minute (the acceptance tests' knob).
    // Field time 3× faster on both sides (issue 33's time scale): the same seconds in the words, a third of
    // the wait.
    env: {
      ...suiteEnv(SERVICE),
      MINERDECK_ACCEPTANCE_SAMPLE_MS: '600',
      MINERDECK_TIME_SCALE: String(SCALE),
      MINERDECK_TIME_ORIGIN_MS: String(fleet.clockStartMs),
    },
    timeoutMs: 90_000,
    ...(stdin !== undefined ? { stdin } : {}),
  });
const addressesOf = (devices: readonly SimDevice[]) => devices.map((d) => d.address);
const lineOf = (d: SimDevice, lines: Record<string, unknown>[]) => lines.find((l) => l.address === d.address);
/**
 * Waits (bounded) until the device no longer tunes: on a loaded CI machine the second run can start with
 * more of the tuning left than the settle limit covers, and would then rightly say pending again.
 */
async function tunedBy(d: SimDevice, withinMs: number): Promise<void> {
  const until = Date.now() + withinMs;
  for (;;) {
    const status = (await (await fetch(`${d.address}/api/v1/status`)).json()) as { miner_state?: string };
    if (status.miner_state !== 'auto-tuning') return;
    if (Date.now() > until) throw new Error(`${d.address} still auto-tuning after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
const acceptanceStep = (line: Record<string, unknown> | undefined) =>
  (line?.steps as { words: string; outcome: string; message: string }[] | undefined)?.find((s) =>
    s.words.startsWith('acceptance'),
  );

describeWith(keychain, 'Commission with acceptance on devices that restart like real ones', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-commission-settling-'));
    fleet = await startFleet({
      timeScale: SCALE,
      defaults: SLOW_RESTARTS,
      devices: [
        TUNED,
        TUNED,
        { ...TUNED, hardwareFaults: [{ kind: 'dead-chips', board: 1, chips: 3 }] },
        { ...TUNED, hardwareFaults: [{ kind: 'fan-stopped', fan: 0 }] },
        // The standard's preset is new to it: it tunes for 20 s after the restart.
        {},
      ],
    });
    const site = await cli(['site', 'create', 'Hall 7', '--use']);
    expect(site.code, site.stderr).toBe(0);
  }, 60_000);
  afterAll(async () => {
    await fleet?.close();
    await clearService(SERVICE);
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the settle limit in the standard, refuses a bad one', async () => {
    const bad = await cli(['standard', 'set', '--settle-minutes', 'later']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--settle-minutes takes minutes from 0 to 1440');
    const set = await cli([
      'standard',
      'set',
      '--pool',
      `${POOL},acct.{ip4}`,
      '--preset',
      PRESET,
      '--accept-minutes',
      '0.05',
      '--settle-minutes',
      '0.2',
      '--json',
    ]);
    expect(set.code, set.stderr).toBe(0);
    const shown = await cli(['standard', 'show', '--json']);
    expect(shown.json[0]).toMatchObject({ standard: { acceptance: { minutes: 0.05, settleMinutes: 0.2 } } });
    expect((await cli(['standard', 'show'])).stdout).toContain(
      'acceptance: 0.05 min once settled (up to 0.2 min',
    );
  }, 60_000);

  it('accepts the healthy devices once settled, fails the faulty ones in words, the tuning one pending; again: no write', async () => {
    const [healthy, alsoHealthy, deadChips, fanStopped, tuning] = fleet.devices as [
      SimDevice,
      SimDevice,
      SimDevice,
      SimDevice,
      SimDevice,
    ];
    const faulty = await cli(
      ['commission', ...addressesOf([deadChips, fanStopped]), '--password-stdin', '--yes', '--json'],
      FACTORY,
    );
    expect(faulty.code, faulty.stderr).toBe(1);
    expect(acceptanceStep(lineOf(deadChips, faulty.json))).toMatchObject({
      outcome: 'failed',
      message: expect.stringMatching(
        /^not accepted: 3 chips not hashing \(board 2: chips \d+, \d+ and \d+\)$/,
      ),
    });
    expect(acceptanceStep(lineOf(fanStopped, faulty.json))).toMatchObject({
      outcome: 'failed',
      message: expect.stringMatching(/^not accepted: fan 0 \(0 rpm(, lost)?\) not turning$/),
    });

    const settling = [healthy, alsoHealthy, tuning];
    const first = await cli(
      ['commission', ...addressesOf(settling), '--password-stdin', '--yes', '--json'],
      FACTORY,
    );
    // Nothing failed, one device still tuning at the limit: exit 3, not 1.
    expect(first.code, first.stderr).toBe(3);
    expect(first.stderr).toContain(
      `1 pending acceptance (still settling: judge again later): ${tuning.address}`,
    );
    expect(first.stderr).not.toContain('failed');
    for (const d of [healthy, alsoHealthy]) {
      expect(lineOf(d, first.json), first.stderr).toMatchObject({ outcome: 'done' });
      expect(acceptanceStep(lineOf(d, first.json))).toMatchObject({ outcome: 'done', message: 'accepted' });
      expect(d.writeCounts.miningRestarts).toBe(1);
    }
    expect(lineOf(tuning, first.json)).toMatchObject({ outcome: 'unknown', failedStep: 'acceptance' });
    expect(acceptanceStep(lineOf(tuning, first.json))?.message).toMatch(
      /^pending: still tuning after 12 s \(auto-tuning since \d\d:\d\d\): not judged yet; judge again later$/,
    );

    // Again: every device's settings at the standard, nothing written; the tuning device, done tuning
    // now, is judged this time.
    await tunedBy(tuning, 30_000);
    const counts = (): WriteCounts[] => fleet.devices.map((d) => ({ ...d.writeCounts }));
    const before = counts();
    const again = await cli(
      ['commission', ...addressesOf(settling), '--password-stdin', '--yes', '--json'],
      FACTORY,
    );
    expect(again.code, `${again.stderr}\n${JSON.stringify(lineOf(tuning, again.json))}`).toBe(0);
    expect(counts()).toEqual(before);
    expect(acceptanceStep(lineOf(tuning, again.json))).toMatchObject({
      outcome: 'done',
      message: 'accepted',
    });
  }, 150_000);
});
