/**
 * An acceptance run over real loopback HTTP against the simulator, over a short window (0.05 minutes,
 * readings every 0.6 s): healthy devices pass; each hardware fault fails its device for its own reason
 * (dead chips on one board, a missing board, a low hash rate, a pool rejecting shares, a board in failure,
 * a stopped fan, a hot chip); a device that does not answer fails with that reason in words; a cancelled
 * run gives no verdict. Reads only: the devices receive no POST.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AcceptanceVerdict } from '../../shared/domain/acceptance';
import { defaultCriteria } from '../../shared/domain/acceptance';
import { parseDeviceAddress } from '../../shared/domain/device-address';
import { runAcceptance } from '../../electron/core/acceptance/acceptance-run';
import type { DeviceClient } from '../../electron/core/device/client';
import { createDeviceClient } from '../../electron/core/device/client';
import type { MonitorTarget } from '../../electron/core/monitor/monitor';
import type { Fleet, SimDeviceOptions } from '../simulator';
import { startFleet } from '../simulator';
import { servicesFor } from '../support/credential-services';

/** One device per case: what it has, and the reason it must fail for (none: it passes). */
const CASES: readonly { name: string; options: SimDeviceOptions; reason?: RegExp; atOnce?: boolean }[] = [
  { name: 'healthy', options: {} },
  { name: 'healthy too', options: {} },
  {
    name: 'dead chips on one board',
    options: { hardwareFaults: [{ kind: 'dead-chips', board: 1, chips: 4 }] },
    reason: /^4 chips not hashing \(board 2: chips \d+, \d+, \d+ and \d+\)$/,
  },
  {
    name: 'a missing board',
    options: { hardwareFaults: [{ kind: 'missing-board' }] },
    reason: /^2 of 3 hash boards present \(board 3 missing\)$/,
    // Two thirds of its hash rate: not settled at the first reading, and a missing board cannot wait.
    atOnce: true,
  },
  {
    name: 'low hash rate',
    options: { hardwareFaults: [{ kind: 'low-hash-rate', factor: 0.7 }] },
    reason: /^average hash rate \d+(\.\d)? % of nominal \([\d.,]+ of [\d.,]+ TH\/s\), under 95 %$/,
  },
  {
    name: 'a pool rejecting shares',
    options: { hardwareFaults: [{ kind: 'rejecting-pool', percent: 25 }] },
    reason: /^[\d,]+ shares accepted, [\d,]+ rejected \([\d.]+ %\), over 2 %$/,
  },
  {
    name: 'a board in failure',
    options: { hardwareFaults: [{ kind: 'board-state', board: 2, state: 'failure' }] },
    reason: /^board 3 failure/,
  },
  {
    name: 'a stopped fan',
    options: { hardwareFaults: [{ kind: 'fan-stopped', fan: 1 }] },
    reason: /^fan 1 \(0 rpm(, lost)?\) not turning$/,
  },
];

const WINDOW_MINUTES = 0.05;
const SAMPLE_EVERY_MS = 600;

describe('acceptance over the simulator', () => {
  let fleet: Fleet;
  let client: DeviceClient;
  const targets: MonitorTarget[] = [];

  beforeAll(async () => {
    fleet = await startFleet({
      count: CASES.length + 1,
      // Shares every 0.1 s, so a 3-second window sees the accepted count rise.
      defaults: { shareSeconds: 0.1 },
      devices: [...CASES.map((c) => c.options), {}],
    });
    client = createDeviceClient();
    for (const device of fleet.devices) {
      const address = parseDeviceAddress(device.address);
      if (!address.ok) throw new Error(device.address);
      targets.push({ deviceId: `addr:${device.host}:${device.port}`, address: address.value });
    }
  }, 60_000);

  afterAll(async () => {
    client?.close();
    await fleet?.close();
  });

  it('healthy devices pass; each fault fails its device for its own reason, said as it settles', async () => {
    // The last device runs hot: set through the simulator's metrics (its chips at 93 °C).
    fleet.devices.at(-1)!.setMetrics({ chipTempMax: 93 });
    const settled: AcceptanceVerdict[] = [];
    const started = Date.now();
    const run = await runAcceptance(targets, {
      client,
      sessions: servicesFor(client).sessions,
      criteria: { ...defaultCriteria(), minutes: WINDOW_MINUTES },
      sampleEveryMs: SAMPLE_EVERY_MS,
      onVerdict: (verdict) => settled.push(verdict),
    });
    const took = Date.now() - started;
    expect(run.cancelled).toBe(false);
    expect(took).toBeGreaterThanOrEqual(WINDOW_MINUTES * 60_000 - 50);
    expect(took).toBeLessThan(WINDOW_MINUTES * 60_000 + 3_000);
    expect(settled).toHaveLength(targets.length);
    const byAddress = new Map(run.verdicts.map((v) => [v.address, v]));
    CASES.forEach((c, i) => {
      const verdict = byAddress.get(fleet.devices[i]!.address)!;
      expect(verdict, c.name).toBeDefined();
      // Start, every 0.6 s, end: 6 readings in 3 s.
      // The message carries the failed readings' words: a read over its 0.3 s bound says so.
      expect(
        verdict.evidence.readings,
        `${c.name}: ${JSON.stringify(verdict.evidence.readings)}`,
      ).toMatchObject(c.atOnce === true ? {} : { taken: 6, failed: 0 });
      // Settled at once (no restart before the run) or failed at once: never pending.
      expect(verdict.settledAt === null, c.name).toBe(c.atOnce === true);
      if (c.reason === undefined) {
        expect(verdict.reasons, c.name).toEqual([]);
        expect(verdict.verdict, c.name).toBe('pass');
      } else {
        // Its own reason first; a board gone or failing takes its hash rate away too, said after it.
        expect(verdict.verdict, c.name).toBe('fail');
        expect(verdict.reasons[0], c.name).toMatch(c.reason);
        for (const more of verdict.reasons.slice(1)) expect(more, c.name).toMatch(/^average hash rate /);
      }
    });
    const hot = byAddress.get(fleet.devices.at(-1)!.address)!;
    expect(hot.reasons).toEqual([expect.stringMatching(/^hottest chip 93 °C( on board \d)?, over 85 °C$/)]);
    // Acceptance reads; it never writes.
    expect(fleet.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  }, 30_000);

  it('a device that does not answer fails with that reason in words', async () => {
    const silent = fleet.devices[0]!;
    await silent.goDown(2);
    const run = await runAcceptance([targets[0]!], {
      client,
      sessions: servicesFor(client).sessions,
      // Judged from the first reading: a device down while settling is waited for (a reboot is down a minute).
      criteria: { ...defaultCriteria(), minutes: 0.01, settleMinutes: 0 },
      sampleEveryMs: 300,
      timeoutMs: 200,
    });
    const [verdict] = run.verdicts;
    expect(verdict?.verdict).toBe('fail');
    expect(verdict?.reasons[0]).toMatch(
      /^the device could not be read \(\d+ tries; \d\d:\d\d:\d\d \/summary: no answer/,
    );
    await silent.waitUntilUp();
  }, 20_000);

  it('reads /chains at the first and last readings, and between them only when /summary shows new red chips', async () => {
    const [steady, failing] = [fleet.devices[0]!, fleet.devices[1]!];
    fleet.clearRequests();
    // Between the second (0.6 s) and third (1.2 s) readings, two chips of the second board die.
    const dying = setTimeout(() => failing.addHardwareFault({ kind: 'dead-chips', board: 1, chips: 2 }), 900);
    const run = await runAcceptance([targets[0]!, targets[1]!], {
      client,
      sessions: servicesFor(client).sessions,
      criteria: { ...defaultCriteria(), minutes: WINDOW_MINUTES },
      sampleEveryMs: SAMPLE_EVERY_MS,
    });
    clearTimeout(dying);
    failing.clearHardwareFaults();
    const reads = (device: typeof steady, path: string) =>
      device.requests.filter((r) => r.path === `/api/v1${path}`).length;
    // Six readings: /summary at each, /chains at the first and the last only.
    expect(reads(steady, '/summary')).toBe(6);
    expect(reads(steady, '/chains')).toBe(2);
    // The reading that saw the red chips read /chains too, and named them.
    expect(reads(failing, '/summary')).toBe(6);
    expect(reads(failing, '/chains')).toBe(3);
    const [passed, failed] = run.verdicts;
    expect(passed?.verdict).toBe('pass');
    expect(failed?.reasons[0]).toMatch(/^2 chips not hashing \(board 2: chips \d+ and \d+\)$/);
  }, 20_000);

  it('a cancelled run stops at once and gives no verdict', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const started = Date.now();
    const run = await runAcceptance(targets, {
      client,
      sessions: servicesFor(client).sessions,
      criteria: { ...defaultCriteria(), minutes: 1 },
      sampleEveryMs: 200,
      signal: controller.signal,
    });
    expect(run).toMatchObject({ cancelled: true, verdicts: [] });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
