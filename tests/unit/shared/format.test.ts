import { describe, expect, it } from 'vitest';
import { formatDuration } from '../../../shared/format/duration';
import { formatHashRate, toHashesPerSecond } from '../../../shared/format/hash-rate';

describe('formatHashRate', () => {
  it.each([
    [173870.94, 'GH/s', '173.87 TH/s'],
    [950, 'GH/s', '950.00 GH/s'],
    [0.5, 'TH/s', '500.00 GH/s'],
    [0, 'GH/s', '0.00 GH/s'],
    [12, 'N/A', '12 N/A'],
  ])('%d %s → %s', (value, unit, text) => {
    expect(formatHashRate(value, unit)).toBe(text);
  });

  it('converts to hashes per second, or undefined for an unknown unit', () => {
    expect(toHashesPerSecond(2, 'TH/s')).toBe(2e12);
    expect(toHashesPerSecond(2, 'N/A')).toBeUndefined();
  });
});

describe('formatDuration', () => {
  it.each([
    [45, '45 s'],
    [600, '10 min'],
    [4422, '1 h 13 min'],
    [200000, '2 d 7 h'],
    [-1, '?'],
  ])('%d s → %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});
