/**
 * A long run tells its time (issue 33), through the real CLI and the simulator: `minerdeck firmware
 * upgrade --json` on a field clock (MINERDECK_TIME_SCALE, the simulator's loopback only) prints progress
 * lines on stderr — per step the devices done, and the time left once the run timed a step — at most one
 * per 30 s of field time, while stdout keeps exactly its JSON lines (one per device, then the summary).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { S21, writeSimImage } from '../support/firmware-world';
import { runCli } from '../support/run-cli';

const PASSWORD = 'Hall-9-pw';
const SERVICE = `minerdeck-test-time-left-${process.pid}`;
// 60: 30 s of field time is half a real second.
const SCALE = 60;

let dir: string;
let fleet: Fleet | undefined;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'minerdeck-cli-time-left-'));
});
afterEach(async () => {
  await fleet?.close();
  fleet = undefined;
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const PROGRESS = /^upload \d+\/\d+.* · (about .+ left|less than a minute left|estimating…)$/;

describe('minerdeck firmware upgrade tells its time', () => {
  it(
    'progress lines with the time left on stderr, at most one per 30 s of field time; stdout only its JSON',
    { timeout: 120_000 },
    async () => {
      fleet = await startFleet({
        count: 11,
        // Each reboot takes about 1.5 s real (90 s of field time at 60×): the run lasts several ticks.
        defaults: {
          model: S21.model,
          firmwareVersion: '1.2.6',
          password: PASSWORD,
          rebootAfterSeconds: 0,
          rebootDownSeconds: 1.2,
          bootSeconds: 0.3,
        },
      });
      const image = writeSimImage(dir, '1.2.7', S21.id, 256 * 1024);
      const startedAt = Date.now();
      const run = await runCli(
        [
          'firmware',
          'upgrade',
          ...fleet.devices.map((d) => d.address),
          '--file',
          image,
          '--canary',
          '1',
          '--batch',
          '5',
          '--yes',
          '--json',
          '--data-dir',
          join(dir, 'data'),
          '--password-stdin',
        ],
        {
          stdin: PASSWORD,
          timeoutMs: 100_000,
          env: {
            MINERDECK_KEYCHAIN_SERVICE: SERVICE,
            MINERDECK_TIME_SCALE: String(SCALE),
            DISPLAY: undefined,
            WAYLAND_DISPLAY: undefined,
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
      // At most one line per 30 s of field time (half a real second here) over the whole command.
      expect(lines.length).toBeLessThanOrEqual(Math.ceil(realMs / ((30_000 / SCALE) * 1)) + 1);
    },
  );
});
