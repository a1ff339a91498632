/**
 * `MINERDECK_TIME_SCALE` through the real CLI as a child process (issue 33): `accept --minutes 10` at
 * scale 120 over loopback simulated devices finishes in seconds, says on stderr that its times are
 * projected, and its JSON window times span the 10 field minutes. (A target outside loopback is refused
 * the scale at unit level, tests/unit/core/clock/clock-policy.test.ts: no traffic ever leaves loopback.)
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { runCli } from '../support/run-cli';

let fleet: Fleet;
let dataDir: string;

describe('minerdeck accept on a time scale', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-time-scale-'));
    fleet = await startFleet({ count: 3, defaults: { shareSeconds: 0.05 } });
    const created = await runCli(['site', 'create', 'Hall 7', '--use', '--data-dir', dataDir]);
    expect(created.code).toBe(0);
  }, 60_000);

  afterAll(() => fleet?.close());

  it('10 field minutes at scale 120: done in seconds, said projected, the window 10 min in its JSON', async () => {
    const realStart = Date.now();
    const run = await runCli(
      ['accept', ...fleet.devices.map((d) => d.address), '--minutes', '10', '--json', '--data-dir', dataDir],
      { env: { MINERDECK_TIME_SCALE: '120' }, timeoutMs: 60_000 },
    );
    const realMs = Date.now() - realStart;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr.split('\n').filter((l) => l.startsWith('time scale'))).toEqual([
      'time scale 120×: field times are projected (simulator only)',
    ]);
    // 10 field minutes are 5 real seconds; the CLI's start and the devices' first reads add a few.
    expect(realMs).toBeLessThan(30_000);
    expect(run.json).toHaveLength(3);
    for (const line of run.json) {
      expect(line.verdict).toBe('pass');
      const from = Date.parse(String(line.settledAt ?? line.startedAt));
      const spanMs = Date.parse(String(line.endedAt)) - from;
      expect(spanMs).toBeGreaterThanOrEqual(10 * 60_000);
      expect(spanMs).toBeLessThan(12 * 60_000);
      // A reading a field minute: start, ten, end.
      expect((line.evidence as { readings: { taken: number } }).readings.taken).toBeGreaterThanOrEqual(10);
    }
  }, 90_000);
});
