import { describe, expect, it } from 'vitest';
import {
  createRepeatFilter,
  REPEAT_WINDOW_MS,
} from '../../../../renderer/src/features/placing/repeat-filter';

describe('the camera repeat filter', () => {
  it('counts the same label within 2 s of its last sighting once', () => {
    expect(REPEAT_WINDOW_MS).toBe(2_000);
    const filter = createRepeatFilter();
    expect(filter.accept('SN1', 0)).toBe(true);
    expect(filter.accept('SN1', 250)).toBe(false);
    expect(filter.accept('SN1', 1_999)).toBe(false);
    // Held up for ten seconds, seen every quarter second: still one scan.
    for (let t = 2_000; t <= 10_000; t += 250) expect(filter.accept('SN1', t)).toBe(false);
  });

  it('takes the same label again after a pause of more than 2 s', () => {
    const filter = createRepeatFilter();
    expect(filter.accept('SN1', 0)).toBe(true);
    expect(filter.accept('SN1', 2_001)).toBe(true);
  });

  it('takes different labels at once, each with its own window', () => {
    const filter = createRepeatFilter();
    expect(filter.accept('SN1', 0)).toBe(true);
    expect(filter.accept('C2-R07-S3-P2', 100)).toBe(true);
    expect(filter.accept('SN1', 200)).toBe(false);
    expect(filter.accept('SN2', 300)).toBe(true);
    expect(filter.accept('C2-R07-S3-P2', 5_000)).toBe(true);
  });
});
