import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
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

  it('costs about 21 bytes a sample with four Float32 fields, 17 with two of them in tenths', () => {
    const perRing = (make: () => unknown): number => {
      const before = process.memoryUsage().arrayBuffers;
      const rings = Array.from({ length: 100 }, make);
      return (process.memoryUsage().arrayBuffers - before) / rings.length;
    };
    expect(perRing(() => new SeriesRing(720, ['a', 'b', 'c', 'd'] as const, EPOCH))).toBeLessThanOrEqual(
      720 * 21 + 64,
    );
    expect(perRing(() => createDeviceHistory(720, EPOCH))).toBeLessThanOrEqual(720 * 17 + 64);
  });

  it('keeps temperatures to a tenth of a degree, and a value an Int16 of tenths cannot hold as none', () => {
    const ring = createDeviceHistory(4, EPOCH);
    ring.push(EPOCH + 1, { chipTempMax: 65.04, boardTempMax: -40 });
    ring.push(EPOCH + 2, { chipTempMax: 150, boardTempMax: 49.96 });
    ring.push(EPOCH + 3, { chipTempMax: 5000, boardTempMax: Number.NaN });
    const { values } = ring.toSeries();
    expect(values.chipTempMax).toEqual([65, 150, null]);
    expect(values.boardTempMax).toEqual([-40, 50, null]);
  });

  it('writes each sample over the oldest once full, every column in step', () => {
    const ring = createDeviceHistory(2, EPOCH);
    for (let i = 1; i <= 3; i += 1) {
      ring.push(EPOCH + i, { hashRate: i, chipTempMax: 60 + i, boardTempMax: 40 + i, powerW: 100 * i }, i);
    }
    expect(ring.toSeries()).toEqual({
      at: [EPOCH + 2, EPOCH + 3],
      values: { hashRate: [2, 3], chipTempMax: [62, 63], boardTempMax: [42, 43], powerW: [200, 300] },
      codes: [2, 3],
    });
  });

  it('keeps little on the JS heap per device ring: its layout is shared with the rings like it', () => {
    // A monitor makes one ring per device while its first round builds everything else; at 10,000 devices,
    // a layout of its own per ring (five small objects) was 2 MB of the old generation. What a ring holds
    // on the heap itself: the ring, its view and its buffer's object (the samples are outside the heap).
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const rings: SeriesRing<string>[] = [];
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 2000; i += 1) rings.push(createDeviceHistory(360, EPOCH));
    gc();
    const perRing = (process.memoryUsage().heapUsed - before) / rings.length;
    expect(rings).toHaveLength(2000);
    expect(perRing).toBeLessThan(360);
  });
});
