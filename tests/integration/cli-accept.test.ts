/**
 * `minerdeck accept` end to end: the real CLI as a child process against simulated devices over loopback
 * HTTP, a data folder of its own. A line per device as verdicts settle, JSON Lines with `address`,
 * `verdict`, `reasons`, `evidence`; exit 0 when all pass, 1 when any fails, 2 for bad usage, 130 when
 * cancelled (no verdict kept); the verdicts kept in the site, a new run replacing a device's verdict.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredVerdict } from '../../shared/domain/acceptance';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { runCli } from '../support/run-cli';
import { restartMining } from '../support/sim-restart';

let fleet: Fleet;
let dataDir: string;
/** Readings every 0.6 s (the CLI's test knob) instead of once a minute. */
const env = { MINERDECK_ACCEPTANCE_SAMPLE_MS: '600' };
const accept = (args: string[], options: { interruptWhen?: (out: string) => boolean } = {}) =>
  runCli(['accept', ...args, '--data-dir', dataDir], { env, timeoutMs: 30_000, ...options });

function keptVerdicts(): StoredVerdict[] {
  const inventory = JSON.parse(readFileSync(join(dataDir, 'inventory.json'), 'utf8')) as {
    acceptance: StoredVerdict[];
  };
  return inventory.acceptance;
}

describe('minerdeck accept', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-accept-'));
    fleet = await startFleet({
      defaults: { shareSeconds: 0.1 },
      devices: [{}, {}, { hardwareFaults: [{ kind: 'missing-board' }] }],
    });
    const created = await runCli(['site', 'create', 'Hall 7', '--use', '--data-dir', dataDir]);
    expect(created.code).toBe(0);
  }, 60_000);

  afterAll(() => fleet?.close());

  it('prints JSON Lines as verdicts settle and exits 1 when a device fails', async () => {
    const run = await accept([...fleet.devices.map((d) => d.address), '--minutes', '0.05', '--json']);
    expect(run.code, run.stderr).toBe(1);
    expect(run.json).toHaveLength(3);
    const [healthy, alsoHealthy, missing] = fleet.devices.map((d) =>
      run.json.find((l) => l.address === d.address),
    );
    for (const line of [healthy, alsoHealthy]) {
      expect(line).toMatchObject({ verdict: 'pass', reasons: [] });
      expect(line?.evidence).toMatchObject({
        boards: { expected: 3, seen: 3 },
        readings: { taken: 6, failed: 0 },
      });
    }
    expect(missing).toMatchObject({
      verdict: 'fail',
      reasons: expect.arrayContaining(['2 of 3 hash boards present (board 3 missing)']) as unknown,
      evidence: { boards: { expected: 3, seen: 2, missing: [3] } },
    });
    expect(Object.keys(healthy ?? {}).slice(0, 4)).toEqual(['address', 'verdict', 'reasons', 'evidence']);
    const kept = keptVerdicts();
    expect(kept.map((v) => [v.address, v.verdict, v.siteId]).sort()).toEqual(
      fleet.devices.map((d, i) => [d.address, i === 2 ? 'fail' : 'pass', 'hall-7']).sort(),
    );
  }, 30_000);

  it('says each verdict in a line, the tally at the end, exits 0 when all pass; the new verdicts replace the old', async () => {
    const healthy = fleet.devices.slice(0, 2);
    const run = await accept([
      ...healthy.map((d) => d.host + ':' + d.port),
      '--minutes',
      '0.02',
      '--site',
      'hall 7',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(
      /^Watching 2 devices for 1 s once each has settled \(mining, its hash rate up; up to 15 min\)/,
    );
    for (const device of healthy) expect(lines).toContain(`${device.host}:${device.port}  Accepted`);
    expect(lines.at(-1)).toBe('Accepted 2 of 2 devices.');
    // Settled at once: no settling progress said.
    expect(run.stderr).not.toMatch(/settling|settled/);
    // Still one verdict per device: the failing device keeps its own, the others' are this run's.
    const kept = keptVerdicts();
    expect(kept).toHaveLength(3);
    const window = new Set(kept.filter((v) => v.verdict === 'pass').map((v) => v.criteria.minutes));
    expect([...window]).toEqual([0.02]);
  }, 30_000);

  it.each([
    [['--minutes', 'half'], /--minutes takes minutes from 0\.01 to 1440 \(decimals allowed\), not "half"/],
    [['--min-hashrate', '-5'], /--min-hashrate/],
    [['--max-chip-temp', '300'], /--max-chip-temp takes °C from 20 to 150/],
    [['--settle-minutes=-1'], /--settle-minutes takes minutes from 0 to 1440 \(decimals allowed\), not "-1"/],
    [['--settle-minutes', 'soon'], /--settle-minutes takes minutes from 0 to 1440/],
    [['--interval', '5'], /Unknown option '--interval'/],
  ])('refuses %j as bad usage (exit 2)', async (args, message) => {
    const run = await accept([fleet.devices[0]!.address, ...args]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });

  it('refuses no target as bad usage', async () => {
    const run = await accept(['--minutes', '1']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /no device address given\. Usage: minerdeck accept \(<targets…> \[--port N\] \| --all\)/,
    );
  });

  it('Ctrl-C cancels: exit 130, no verdict kept', async () => {
    const before = keptVerdicts();
    const run = await accept([fleet.devices[0]!.address, '--minutes', '5'], {
      interruptWhen: (out) => out.includes('Watching'),
    });
    expect(run.code).toBe(130);
    expect(run.stderr).toMatch(/acceptance cancelled; no verdict was kept/);
    expect(keptVerdicts()).toEqual(before);
  }, 30_000);

  it('a device still tuning at the settle limit is pending: exit 3, JSON with settledAt and settling, words on a terminal', async () => {
    // An untuned preset and a restart: the device tunes (60 s by default) at 85 % of its rate.
    const tuning = fleet.devices[1]!;
    await restartMining(tuning, { preset: '2980' });

    const json = await accept([tuning.address, '--minutes', '0.02', '--settle-minutes', '0.05', '--json']);
    expect(json.code, json.stderr).toBe(3);
    expect(json.json).toHaveLength(1);
    const [line] = json.json;
    expect(line).toMatchObject({
      address: tuning.address,
      verdict: 'pending',
      reasons: [
        expect.stringMatching(
          /^still (tuning|restarting|starting) after 3 s \(.+ since \d\d:\d\d\): not judged yet$/,
        ),
      ],
      settledAt: null,
    });
    const settling = line!.settling as { at: string; state: string | null; hashRateThs: number | null }[];
    expect(settling.length).toBeGreaterThanOrEqual(3);
    expect(settling.map((r) => r.state)).toContain('auto-tuning');
    expect(keptVerdicts().find((v) => v.address === tuning.address)?.verdict).toBe('pending');

    const text = await accept([tuning.address, '--minutes', '0.02', '--settle-minutes', '0.03']);
    expect(text.code, text.stderr).toBe(3);
    expect(text.stdout).toMatch(
      / {2}Pending: still tuning after 2 s \(auto-tuning since \d\d:\d\d\): not judged yet/,
    );
    expect(text.stdout).toContain(
      'Accepted 0 of 1 device; 1 pending (not judged yet: accept them again later).',
    );
    expect(text.stderr).toMatch(
      / {2}settling \(auto-tuning\): not judged until it mines with its hash rate up/,
    );
  }, 40_000);
});
