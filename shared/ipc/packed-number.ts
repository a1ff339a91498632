/**
 * A reading number rounded to a few significant digits and written as one small integer, for the
 * `monitor:diff` wire form: `sign × (mantissa × 1000 + exponent + 400)`, the value being
 * `mantissa × 10^exponent`. 176,829,419,561,557.8 H/s at 6 digits is 176,829 × 10^9 → `176829409`
 * (9 characters instead of 17). With at most 6 digits the code stays below 2^30, which V8 parses and
 * stores as a small integer: parsing thousands of them is a fraction of parsing the raw doubles.
 * 0 is 0. Every finite double has a code (exponents −329…303 fit the three-digit field).
 */

const EXPONENT_BIAS = 400;
const EXPONENT_SPAN = 1000;
/** Powers of ten up to 10^22 are exact doubles, so one multiplication or division rounds once. */
const EXACT_POWERS = Array.from({ length: 23 }, (_, i) => 10 ** i);
export const MAX_PACKED_DIGITS = 6;

/** `a / 10^exponent`, near enough to pick the mantissa (a rounding step follows). */
function scaled(a: number, exponent: number): number {
  const power = EXACT_POWERS[Math.abs(exponent)];
  if (power !== undefined) return exponent >= 0 ? a / power : a * power;
  // Two steps below 10^-22, so that 10^-exponent never overflows for subnormal values.
  return exponent > 0 ? a / 10 ** exponent : a * 1e22 * 10 ** (-exponent - 22);
}

/** The value `mantissa × 10^exponent`, correctly rounded to the nearest double. */
function valueOf(mantissa: number, exponent: number): number {
  const power = EXACT_POWERS[Math.abs(exponent)];
  if (power !== undefined) return exponent >= 0 ? mantissa * power : mantissa / power;
  // Rare (|value| from 10^23, or below 10^-17): let the number parser round it once.
  return Number(`${mantissa}e${exponent}`);
}

/**
 * ⌊log10(a)⌋, give or take one (the caller corrects): by bisection over the exact powers where they
 * reach, which is several times faster than Math.log10 — this runs for every reading number of every
 * device in every diff.
 */
function decimalExponent(a: number): number {
  const last = EXACT_POWERS.length - 1;
  if (a >= 1 && a < (EXACT_POWERS[last] ?? 0)) {
    let low = 0;
    let high = last;
    while (high - low > 1) {
      const mid = (low + high) >> 1;
      if ((EXACT_POWERS[mid] ?? 0) <= a) low = mid;
      else high = mid;
    }
    return low;
  }
  return Math.floor(Math.log10(a));
}

/**
 * `value` rounded to `digits` significant digits (1…6), packed. NaN and ±Infinity, which JSON cannot
 * carry and the schemas refuse, pack as 0.
 */
export function packNumber(value: number, digits: number): number {
  if (value === 0 || !Number.isFinite(value)) return 0;
  const a = Math.abs(value);
  const top = 10 ** digits;
  let exponent = decimalExponent(a) - digits + 1;
  let mantissa = Math.round(scaled(a, exponent));
  // log10 may be one off just below a power of ten, and rounding may carry into an extra digit.
  if (mantissa >= top) {
    exponent += 1;
    mantissa = Math.round(scaled(a, exponent));
  } else if (mantissa < top / 10) {
    exponent -= 1;
    mantissa = Math.round(scaled(a, exponent));
  }
  if (mantissa === 0) return 0;
  // Next to the largest double, rounding up would read back as Infinity: round down there instead.
  if (!Number.isFinite(valueOf(mantissa, exponent))) mantissa = Math.floor(scaled(a, exponent));
  // Trailing zeros belong to the exponent: shorter codes, and one code per value.
  while (mantissa % 10 === 0) {
    mantissa /= 10;
    exponent += 1;
  }
  const code = mantissa * EXPONENT_SPAN + exponent + EXPONENT_BIAS;
  return value < 0 ? -code : code;
}

export function unpackNumber(code: number): number {
  if (code === 0) return 0;
  const c = Math.abs(code);
  const mantissa = Math.floor(c / EXPONENT_SPAN);
  const value = valueOf(mantissa, (c % EXPONENT_SPAN) - EXPONENT_BIAS);
  return code < 0 ? -value : value;
}

/** What a value reads as after the wire: `unpackNumber(packNumber(value, digits))`. */
export const roundSignificant = (value: number, digits: number): number =>
  unpackNumber(packNumber(value, digits));
