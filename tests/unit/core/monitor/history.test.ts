import { describe, expect, it } from 'vitest';
import {
  createDeviceHistory,
  createFleetHistory,
  historyCapacity,
  SeriesRing,
} from '../../../../electron/core/monitor/history';

const EPOCH = 1_700_000_000_000;

describe('history rings', () => {
  it('holds one hour at the default interval', () => {
    expect(historyCapacity(3_600_000, 5000)).toBe(720);
    expect(historyCapacity(3_600_000, 100)).toBe(36_000);
  });

  it('returns samples oldest first, with null where a device said nothing', () => {
    const ring = createDeviceHistory(10, EPOCH);
    ring.push(EPOCH + 5000, { hashRate: 1.7e14, chipTempMax: 65, powerW: 2583 }, 6);
    ring.push(EPOCH + 10_000, {}, 7);
    expect(ring.toSeries()).toEqual({
      at: [EPOCH + 5000, EPOCH + 10_000],
      values: {
        hashRate: [expect.closeTo(1.7e14, -8), null],
        chipTempMax: [65, null],
        boardTempMax: [null, null],
        powerW: [2583, null],
      },
      codes: [6, 7],
    });
  });

  it('is bounded: the oldest samples give way', () => {
    const ring = createFleetHistory(3, EPOCH);
    for (let i = 1; i <= 5; i += 1) ring.push(EPOCH + i * 1000, { online: i });
    const series = ring.toSeries();
    expect(ring.length).toBe(3);
    expect(series.at).toEqual([EPOCH + 3000, EPOCH + 4000, EPOCH + 5000]);
    expect(series.values.online).toEqual([3, 4, 5]);
  });

  it('costs about 21 bytes a sample, whatever it holds', () => {
    const ring = new SeriesRing(720, ['a', 'b', 'c', 'd'] as const, EPOCH);
    const before = process.memoryUsage().arrayBuffers;
    const rings = Array.from(
      { length: 100 },
      () => new SeriesRing(720, ['a', 'b', 'c', 'd'] as const, EPOCH),
    );
    const perRing = (process.memoryUsage().arrayBuffers - before) / rings.length;
    expect(perRing).toBeLessThanOrEqual(720 * 21 + 64);
    expect(ring.length).toBe(0);
  });
});
