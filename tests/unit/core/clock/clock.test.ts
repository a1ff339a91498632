import { describe, expect, it } from 'vitest';
import { REAL_CLOCK, scaledClock, SCALED_TIMEOUT_FLOOR_MS } from '../../../../electron/core/clock/clock';
import { clockForTargets, isLoopbackHost, scaleAsked } from '../../../../electron/core/clock/clock-guard';

describe('the scaled clock', () => {
  it('moves scale times faster than real time and sleeps that much shorter', async () => {
    const clock = scaledClock(100);
    const fieldStart = clock.now();
    const realStart = Date.now();
    await clock.sleep(5_000);
    const realTook = Date.now() - realStart;
    expect(realTook).toBeGreaterThanOrEqual(45);
    expect(realTook).toBeLessThan(1_000);
    expect(clock.now() - fieldStart).toBeGreaterThanOrEqual(4_500);
  });
  it('gives request timeouts a real floor, and the real clock is unchanged', () => {
    expect(scaledClock(60).realMs(5_000)).toBe(SCALED_TIMEOUT_FLOOR_MS);
    expect(scaledClock(2).realMs(10_000)).toBe(5_000);
    expect(REAL_CLOCK.realMs(5_000)).toBe(5_000);
    expect(scaledClock(1)).toBe(REAL_CLOCK);
    expect(() => scaledClock(0.5)).toThrow(/at least 1/);
  });
  it('an aborted sleep resolves at once', async () => {
    const controller = new AbortController();
    const slept = scaledClock(2).sleep(60_000, controller.signal);
    controller.abort();
    await expect(slept).resolves.toBeUndefined();
  });
});

describe('where a scale may come from', () => {
  it('reads MINERDECK_TIME_SCALE, refuses nonsense in words', () => {
    expect(scaleAsked({})).toEqual({ kind: 'none' });
    expect(scaleAsked({ MINERDECK_TIME_SCALE: '60' })).toMatchObject({ kind: 'scale', scale: 60 });
    expect(scaleAsked({ MINERDECK_TIME_SCALE: '60', MINERDECK_TIME_ORIGIN_MS: '1000' })).toEqual({
      kind: 'scale',
      scale: 60,
      originMs: 1000,
    });
    expect(scaleAsked({ MINERDECK_TIME_SCALE: '60', MINERDECK_TIME_ORIGIN_MS: 'soon' })).toMatchObject({
      kind: 'invalid',
    });
    expect(scaleAsked({ MINERDECK_TIME_SCALE: 'fast' })).toMatchObject({
      kind: 'invalid',
      problem: 'MINERDECK_TIME_SCALE takes a number from 1 to 10000, got "fast"',
    });
  });
  it('every scaled clock of a process reads the same field time, whenever its run began', async () => {
    const asked = scaleAsked({ MINERDECK_TIME_SCALE: '50' });
    const first = clockForTargets(asked, ['127.0.0.1']).clock;
    await new Promise((resolve) => setTimeout(resolve, 40));
    const later = clockForTargets(scaleAsked({ MINERDECK_TIME_SCALE: '50' }), ['127.0.0.2']).clock;
    expect(Math.abs(later.now() - first.now())).toBeLessThan(200);
  });
  it('scales a run only when every device is on loopback: a real address gets the real clock', () => {
    const asked = scaleAsked({ MINERDECK_TIME_SCALE: '30' });
    expect(clockForTargets(asked, ['http://127.0.0.5:8080', '127.1.2.3']).clock.scale).toBe(30);
    const mixed = clockForTargets(asked, ['http://127.0.0.5:8080', 'http://10.0.0.5']);
    expect(mixed.clock).toBe(REAL_CLOCK);
    expect(mixed.refused).toBe(
      'MINERDECK_TIME_SCALE is for the simulator only and http://10.0.0.5 is not on loopback: the real clock is used',
    );
    expect(clockForTargets(asked, ['miner-7.local']).clock).toBe(REAL_CLOCK);
    expect(clockForTargets({ kind: 'none' }, ['127.0.0.1']).clock).toBe(REAL_CLOCK);
    expect(isLoopbackHost('127.255.0.1')).toBe(true);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
    expect(isLoopbackHost('127.0.0.1.evil.com')).toBe(false);
  });
});
