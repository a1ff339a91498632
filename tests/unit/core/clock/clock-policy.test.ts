/**
 * The policies the CLI and the app choose a run's clock through (clock-policy.ts, run-clock.ts): a device
 * outside loopback never gets a scaled clock, whatever the environment says; the app takes a scale only in
 * demo mode; what was chosen is said once. And the monitor's scheduler on a scaled clock polls as often in
 * field time (its timer fires after 1/scale of the real delay).
 */
import { describe, expect, it } from 'vitest';
import type { DeviceAddress } from '../../../../shared/domain/device-address';
import { parseDeviceAddress } from '../../../../shared/domain/device-address';
import { REAL_CLOCK, scaledClock } from '../../../../electron/core/clock/clock';
import { appClockPolicy, envClockPolicy, scaleNotice } from '../../../../electron/core/clock/clock-policy';
import { createScheduler } from '../../../../electron/core/monitor/scheduler';
import { cliClockPolicy } from '../../../../electron/cli/run-clock';

function address(text: string): DeviceAddress {
  const parsed = parseDeviceAddress(text);
  if (!parsed.ok) throw new Error(text);
  return parsed.value;
}

const LOOPBACK = [address('127.0.0.5:8080'), address('http://127.4.3.2')];
const REAL_SITE = [address('127.0.0.5:8080'), address('10.255.255.1')];
const SCALED = { MINERDECK_TIME_SCALE: '60' };

describe('a run’s clock', () => {
  it('the CLI: scaled over loopback only, said once; a real address gets the real clock and a warning once', () => {
    const lines: string[] = [];
    const clockFor = cliClockPolicy({ err: (line) => lines.push(line) }, SCALED);
    expect(clockFor(LOOPBACK).scale).toBe(60);
    expect(clockFor(LOOPBACK).scale).toBe(60);
    expect(lines).toEqual(['time scale 60×: field times are projected (simulator only)']);
    expect(clockFor(REAL_SITE)).toBe(REAL_CLOCK);
    expect(clockFor(REAL_SITE)).toBe(REAL_CLOCK);
    expect(lines.slice(1)).toEqual([
      'warning: MINERDECK_TIME_SCALE is for the simulator only and http://10.255.255.1 is not on loopback: the real clock is used',
    ]);
    expect(clockFor([address('192.168.1.20'), ...LOOPBACK])).toBe(REAL_CLOCK);
    expect(clockFor([address('[::1]:8080')]).scale).toBe(60);
    expect(clockFor([])).toBe(REAL_CLOCK);
  });

  it('no scale asked, or nonsense: the real clock (nonsense said)', () => {
    const lines: string[] = [];
    expect(envClockPolicy({}, (l) => lines.push(l))(LOOPBACK)).toBe(REAL_CLOCK);
    expect(lines).toEqual([]);
    expect(envClockPolicy({ MINERDECK_TIME_SCALE: '0' }, (l) => lines.push(l))(LOOPBACK)).toBe(REAL_CLOCK);
    expect(lines).toEqual([
      'warning: MINERDECK_TIME_SCALE takes a number from 1 to 10000, got "0": the real clock is used',
    ]);
  });

  it('the app: a scale only in demo mode, and never for a real address even then', () => {
    const lines: string[] = [];
    const tell = (l: string) => lines.push(l);
    expect(appClockPolicy(SCALED, tell)(LOOPBACK)).toBe(REAL_CLOCK);
    expect(lines).toEqual([]);
    const demo = appClockPolicy({ ...SCALED, MINERDECK_DEMO: '1' }, tell);
    expect(demo(REAL_SITE)).toBe(REAL_CLOCK);
    expect(demo(LOOPBACK).scale).toBe(60);
    expect(lines).toEqual([
      expect.stringMatching(/^warning: .*10\.255\.255\.1 is not on loopback/),
      scaleNotice(60),
    ]);
  });
});

describe('the monitor’s scheduler on a scaled clock', () => {
  it('polls every field second in 1/100 of a real second each', async () => {
    const clock = scaledClock(100);
    let polls = 0;
    const scheduler = createScheduler({
      concurrency: 4,
      retryDelayMs: 1_000,
      lateAfterMs: 1_000,
      clock,
      run: () => {
        polls += 1;
        return Promise.resolve(1_000);
      },
    });
    const fieldStart = clock.now();
    const realStart = Date.now();
    scheduler.add('device', 0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await scheduler.stop();
    const realMs = Date.now() - realStart;
    const fieldMs = clock.now() - fieldStart;
    // One poll a field second: about 50 in half a real second (a loaded machine fires timers late).
    expect(polls).toBeGreaterThanOrEqual(15);
    expect(polls).toBeLessThanOrEqual(Math.ceil(fieldMs / 1_000) + 1);
    expect(realMs).toBeLessThan(2_000);
  });
});
