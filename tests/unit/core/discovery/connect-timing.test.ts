/**
 * The scan's adaptive waits (connect-timing.ts): the connect timeout until something answers; then a
 * patience that follows the answers (TCP's srtt + 4 × rttvar, 20 ms to an eighth of the confirm wait) and a confirm wait of
 * max(350 ms, 10 × the slowest answer), never above the connect timeout and never shrinking again.
 */
import { describe, expect, it } from 'vitest';
import {
  ConnectTiming,
  MIN_CONFIRM_MS,
  MIN_PATIENCE_MS,
} from '../../../../electron/core/discovery/connect-timing';

describe('ConnectTiming', () => {
  it('waits the whole connect timeout until the first answer, a slot an eighth of it', () => {
    const timing = new ConnectTiming(500);
    expect(timing.confirmMs).toBe(500);
    expect(timing.patienceMs).toBe(62.5);
    // A short connect timeout the user chose: still at least 20 ms.
    expect(new ConnectTiming(60).patienceMs).toBe(MIN_PATIENCE_MS);
  });

  it('on a wired LAN (answers in about a millisecond) confirms silence after 350 ms and hands slots on after 20 ms', () => {
    let shortened = 0;
    const timing = new ConnectTiming(500, () => (shortened += 1));
    for (const rtt of [1.2, 0.8, 1.5, 0.9, 1.1, 2.0, 0.7]) timing.observe(rtt);
    expect(timing.confirmMs).toBe(MIN_CONFIRM_MS);
    expect(timing.patienceMs).toBe(MIN_PATIENCE_MS);
    // Told once, when the first answer shortened the wait; later fast answers change nothing.
    expect(shortened).toBe(1);
  });

  it('follows a slower network: patience srtt + 4 × rttvar (RFC 6298), confirm wait ten times the slowest answer', () => {
    const timing = new ConnectTiming(2000);
    timing.observe(20);
    // First sample: srtt 20, rttvar 10 → 60 ms, held to an eighth of the confirm wait (350 ms).
    expect(timing.confirmMs).toBe(MIN_CONFIRM_MS);
    expect(timing.patienceMs).toBeCloseTo(MIN_CONFIRM_MS / 8);
    // Steady answers of 30–34 ms: srtt ≈ 32, rttvar ≈ 2 → about 40 ms.
    for (let i = 0; i < 100; i += 1) timing.observe(i % 2 === 0 ? 30 : 34);
    expect(timing.patienceMs).toBeGreaterThan(36);
    expect(timing.patienceMs).toBeLessThan(43);
    expect(timing.confirmMs).toBe(MIN_CONFIRM_MS);
    timing.observe(60);
    expect(timing.confirmMs).toBe(600);
    timing.observe(150);
    expect(timing.confirmMs).toBe(1500);
  });

  it('one slow device makes the rest of the scan more patient, never less, and never past the connect timeout', () => {
    const timing = new ConnectTiming(500);
    for (let i = 0; i < 20; i += 1) timing.observe(1);
    expect(timing.confirmMs).toBe(MIN_CONFIRM_MS);
    timing.observe(300); // a busy controller
    expect(timing.confirmMs).toBe(500);
    // It holds no slot longer than an eighth of the confirm wait: the sweep goes on at speed.
    expect(timing.patienceMs).toBe(62.5);
    for (let i = 0; i < 1000; i += 1) timing.observe(1);
    expect(timing.confirmMs).toBe(500);
    // The patience forgets the outlier as fast answers keep coming.
    expect(timing.patienceMs).toBe(MIN_PATIENCE_MS);
  });

  it('keeps every wait within a small connect timeout the user chose', () => {
    const timing = new ConnectTiming(15);
    expect(timing.patienceMs).toBe(15);
    timing.observe(1);
    expect(timing.confirmMs).toBe(15);
    expect(timing.patienceMs).toBe(15);
    timing.observe(0.2);
    expect(timing.patienceMs).toBeLessThanOrEqual(timing.confirmMs);
  });

  it('takes an impossible measurement (negative, not a number) as an instant answer', () => {
    const timing = new ConnectTiming(500);
    timing.observe(Number.NaN);
    timing.observe(-5);
    expect(timing.confirmMs).toBe(MIN_CONFIRM_MS);
    expect(timing.patienceMs).toBe(MIN_PATIENCE_MS);
  });
});
