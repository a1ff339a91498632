import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_PACKED_DIGITS,
  packNumber,
  roundSignificant,
  unpackNumber,
} from '../../../shared/ipc/packed-number';

const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
const digits = fc.integer({ min: 1, max: MAX_PACKED_DIGITS });

describe('packed reading numbers', () => {
  it('writes a hash rate as a short integer and reads it back to six significant digits', () => {
    expect(packNumber(176_829_419_561_557.8, 6)).toBe(176_829_409);
    expect(unpackNumber(176_829_409)).toBe(176_829_000_000_000);
    expect(roundSignificant(65.25, 4)).toBe(65.25);
    expect(roundSignificant(-12.345, 3)).toBe(-12.3);
    expect(roundSignificant(0.000_123_456, 4)).toBe(0.000_123_5);
    expect(packNumber(0, 6)).toBe(0);
    expect(packNumber(2500, 5)).toBe(25_402);
    expect(unpackNumber(25_402)).toBe(2500);
  });

  it('gives every finite value a code below 2^30 in size that reads back within half a unit of the last digit', () => {
    fc.assert(
      // Up to 10^307: next to the largest double a value is rounded down instead (never to Infinity).
      fc.property(fc.double({ min: -1e307, max: 1e307, noNaN: true }), digits, (value, n) => {
        const code = packNumber(value, n);
        expect(Number.isInteger(code)).toBe(true);
        expect(Math.abs(code)).toBeLessThan(2 ** 30);
        const back = unpackNumber(code);
        if (value === 0 || back === 0) {
          // Only values too small for any exponent round to zero.
          expect(Math.abs(value)).toBeLessThan(1e-300);
          return;
        }
        expect(Math.sign(back)).toBe(Math.sign(value));
        expect(Math.abs(back - value) / Math.abs(value)).toBeLessThanOrEqual(0.5 * 10 ** (1 - n) * 1.000_001);
      }),
      { numRuns: 5000 },
    );
  });

  it('is stable: a rounded value packs to the same code again', () => {
    fc.assert(
      fc.property(finite, digits, (value, n) => {
        const code = packNumber(value, n);
        expect(packNumber(unpackNumber(code), n)).toBe(code);
      }),
      { numRuns: 5000 },
    );
  });

  it('never reads back as Infinity', () => {
    expect(unpackNumber(packNumber(Number.MAX_VALUE, 1))).toBe(1e308);
    expect(unpackNumber(packNumber(-Number.MAX_VALUE, 6))).toBe(-1.797_69e308);
  });

  it('keeps whole numbers exact up to the digits asked', () => {
    fc.assert(
      fc.property(fc.integer({ min: -99_999, max: 99_999 }), (value) => {
        expect(roundSignificant(value, 5)).toBe(value);
      }),
    );
  });
});
