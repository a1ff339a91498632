/**
 * The scan's loop clock (loop-clock.ts): an answer is timed as measured while the event loop keeps up,
 * and without the time the loop provably spent not looking when it stalled. Timers are faked and the
 * clock reads a time the test moves: a stall is time that passes while no timer runs.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BEAT_MS, BEAT_SLACK_MS, LoopClock } from '../../../../electron/core/discovery/loop-clock';

describe('LoopClock', () => {
  let now = 1000;
  let clock: LoopClock;
  /** Time passing with the loop free: its timers (the heartbeat and its check-phase callback) run. */
  const keepUp = (ms: number): void => {
    for (let i = 0; i < ms; i += 1) {
      now += 1;
      vi.advanceTimersByTime(1);
    }
  };
  /** Time passing while the loop is held (busy elsewhere, or the laptop gave the CPU to other work). */
  const stall = (ms: number): void => {
    now += ms;
  };

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setImmediate', 'clearImmediate'] });
    now = 1000;
    clock = new LoopClock(() => now);
    clock.start();
    keepUp(10);
  });

  afterEach(() => {
    clock.stop();
    vi.useRealTimers();
  });

  it('times an answer as measured while the loop keeps up, fast or slow', () => {
    for (const rtt of [1, 3, 30, 300]) {
      const sent = now;
      keepUp(rtt);
      expect(clock.answerMs(sent)).toBe(rtt);
    }
  });

  it('leaves out a stall between the SYN and the read: a 1 ms answer read 80 ms late counts at most the slack', () => {
    const sent = now;
    stall(80);
    expect(clock.answerMs(sent)).toBeLessThanOrEqual(BEAT_SLACK_MS);
    // Still no earlier than the loop could prove: never below zero.
    expect(clock.answerMs(sent)).toBeGreaterThanOrEqual(0);
  });

  it('keeps what the network took before the stall: an answer 100 ms slow read after a 50 ms stall counts ≥ 100 ms', () => {
    // A slow device: the loop waited 100 ms with nothing to read (beats ran), then was held 50 ms.
    const sent = now;
    keepUp(100);
    stall(50);
    const timed = clock.answerMs(sent);
    expect(timed).toBeGreaterThanOrEqual(100 - BEAT_MS);
    expect(timed).toBeLessThanOrEqual(100 + BEAT_SLACK_MS);
  });

  it('never counts more than measured', () => {
    const sent = now;
    keepUp(2);
    stall(1);
    expect(clock.answerMs(sent)).toBe(3);
  });

  it('times as measured when it is not running (stopped, or never started)', () => {
    clock.stop();
    const sent = now;
    stall(80);
    expect(clock.answerMs(sent)).toBe(80);
    expect(new LoopClock(() => now).answerMs(now - 42)).toBe(42);
  });

  it('stops beating when stopped: no timer is left behind', () => {
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    clock.stop();
    vi.advanceTimersByTime(BEAT_MS); // the last check-phase callback runs out
    expect(vi.getTimerCount()).toBe(0);
  });
});
