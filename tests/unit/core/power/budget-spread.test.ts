/**
 * The site budget spread (`--site-kw`): optimal against brute force on small random cases, within budget
 * always; past the work bound (the core: relaxation + exact DP near the margin) still close to the best —
 * against brute force on small cases and against the relaxation's bound on realistic sites of 500 and 2,000
 * devices — and fast.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SpreadOption } from '../../../../electron/core/power/budget-spread';
import { spreadBudget } from '../../../../electron/core/power/budget-spread';
import { fixture } from '../device/fakes/device-fixtures';
import { readPresets } from '../../../../electron/core/device/preset-reader';

/** Every combination: the most hash rate within the budget (−∞ when none fits). */
function bruteForce(devices: readonly (readonly SpreadOption[])[], budget: number): number {
  let best = -Infinity;
  const walk = (i: number, watts: number, hash: number): void => {
    if (watts > budget) return;
    if (i === devices.length) {
      best = Math.max(best, hash);
      return;
    }
    for (const o of devices[i]!) walk(i + 1, watts + o.watts, hash + o.hashRate);
  };
  walk(0, 0, 0);
  return best;
}

const option = fc.record({
  watts: fc.integer({ min: 1, max: 60 }),
  hashRate: fc.double({ min: 0, max: 100, noNaN: true, noDefaultInfinity: true }),
});
const devices = fc.array(fc.array(option, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 });

describe('spreadBudget', () => {
  it('finds the most hash rate within the budget: equal to brute force on every small case', () => {
    fc.assert(
      fc.property(devices, fc.integer({ min: 0, max: 320 }), (list, budget) => {
        const best = bruteForce(list, budget);
        const spread = spreadBudget(list, budget);
        if (best === -Infinity) {
          expect(spread.ok).toBe(false);
          return;
        }
        expect(spread.ok).toBe(true);
        if (!spread.ok) return;
        expect(spread.exact).toBe(true);
        // The choice is what it claims, within budget, and as good as the best combination.
        const watts = spread.choice.reduce((sum, j, i) => sum + list[i]![j]!.watts, 0);
        const hash = spread.choice.reduce((sum, j, i) => sum + list[i]![j]!.hashRate, 0);
        expect(watts).toBe(spread.watts);
        expect(watts).toBeLessThanOrEqual(budget);
        expect(hash).toBeCloseTo(best, 6);
      }),
      { numRuns: 400 },
    );
  });

  it('past the work bound: within budget, at most one raise below the best, the bound above the best', () => {
    // maxWork 10: no DP at all (the relaxation alone); 300: the exact DP over the devices nearest the margin.
    for (const maxWork of [10, 300]) {
      fc.assert(
        fc.property(devices, fc.integer({ min: 0, max: 320 }), (list, budget) => {
          const best = bruteForce(list, budget);
          const spread = spreadBudget(list, budget, { maxWork });
          if (!spread.ok) {
            expect(best).toBe(-Infinity);
            return;
          }
          const watts = spread.choice.reduce((sum, j, i) => sum + list[i]![j]!.watts, 0);
          const hash = spread.choice.reduce((sum, j, i) => sum + list[i]![j]!.hashRate, 0);
          expect(watts).toBe(spread.watts);
          expect(watts).toBeLessThanOrEqual(budget);
          expect(hash).toBeCloseTo(spread.hashRate, 6);
          expect(hash).toBeLessThanOrEqual(best + 1e-6);
          if (spread.exact) {
            expect(hash).toBeCloseTo(best, 6);
            return;
          }
          // The bound is one: no spread beats it.
          expect(spread.bestHashRate).toBeGreaterThanOrEqual(best - 1e-6);
          // Short of the best by at most one device's largest step up (the relaxation's guarantee).
          const largestStep = Math.max(
            0,
            ...list.map((options) => {
              const rates = options.map((o) => o.hashRate);
              return Math.max(...rates) - Math.min(...rates);
            }),
          );
          expect(best - hash).toBeLessThanOrEqual(largestStep + 1e-6);
        }),
        { numRuns: 300 },
      );
    }
  });

  it('past the work bound the DP near the margin finds the best in most small cases', () => {
    let cases = 0;
    let optimal = 0;
    fc.assert(
      fc.property(devices, fc.integer({ min: 0, max: 320 }), (list, budget) => {
        const best = bruteForce(list, budget);
        const spread = spreadBudget(list, budget, { maxWork: 300 });
        if (!spread.ok || best === -Infinity) return;
        cases += 1;
        if (Math.abs(spread.hashRate - best) <= 1e-6) optimal += 1;
      }),
      { numRuns: 400, seed: 25 },
    );
    expect(optimal / cases).toBeGreaterThan(0.95);
  });

  it('a budget below the lowest presets is refused with what they need', () => {
    expect(spreadBudget([[{ watts: 100, hashRate: 1 }], [{ watts: 150, hashRate: 1 }]], 249)).toEqual({
      ok: false,
      minWatts: 250,
    });
  });

  it('a budget above every highest preset gives each device its highest', () => {
    const spread = spreadBudget(
      [
        [
          { watts: 300, hashRate: 30 },
          { watts: 100, hashRate: 10 },
        ],
        [{ watts: 200, hashRate: 25 }],
      ],
      10_000,
    );
    expect(spread).toMatchObject({ ok: true, choice: [0, 0], watts: 500, hashRate: 55 });
  });

  it('never picks a preset that draws more for no more hash rate', () => {
    const spread = spreadBudget(
      [
        [
          { watts: 100, hashRate: 10 },
          { watts: 200, hashRate: 10 },
        ],
      ],
      500,
    );
    expect(spread).toMatchObject({ ok: true, choice: [0], watts: 100 });
  });

  const recorded = () => {
    const presets = readPresets(fixture('autotune-presets.proto-fleet-s21pro-vnish1.2.7.json')).presets;
    return presets.flatMap((p) =>
      p.watts !== undefined && p.hashRateThs !== undefined
        ? [{ watts: p.watts, hashRate: p.hashRateThs }]
        : [],
    );
  };

  it('200 S21 Pro devices on the recorded presets: exact at 10 W, the budget used to the last step', () => {
    const one = recorded();
    const spread = spreadBudget(
      Array.from({ length: 200 }, () => one),
      680_000,
    );
    expect(spread).toMatchObject({ ok: true, exact: true, stepW: 10 });
    if (!spread.ok) return;
    expect(spread.watts).toBeLessThanOrEqual(680_000);
    // Raises are 70 or 90 W: a better-filled budget would leave less than the smallest raise unused.
    expect(680_000 - spread.watts).toBeLessThan(70);
  });

  /** A site as the profiles benchmark builds it: 3 of 4 devices S21 Pro, 1 of 4 S19, tuned rates ±2 %. */
  const site = (n: number): SpreadOption[][] => {
    const s21 = recorded();
    const s19 = s21
      .filter((_, i) => i % 3 === 0)
      .map((o) => ({ watts: o.watts - 200, hashRate: o.hashRate * 0.5 }));
    return Array.from({ length: n }, (_, d) =>
      (d % 4 === 3 ? s19 : s21).map((o, k) => ({
        ...o,
        hashRate: o.hashRate * (0.98 + (((d * 7 + k) * 37) % 41) / 1000),
      })),
    );
  };

  it('500 devices past the work bound: the budget used to the last raise, within 0.01 % of the exact best', () => {
    const list = site(500);
    // A work bound the exact DP over all 500 exceeds, as a larger site does at the default one.
    const spread = spreadBudget(list, 1_300_000, { maxWork: 20_000_000 });
    const exact = spreadBudget(list, 1_300_000);
    expect(spread).toMatchObject({ ok: true, exact: false, stepW: 10 });
    expect(exact).toMatchObject({ ok: true, exact: true });
    if (!spread.ok || !exact.ok) return;
    expect(spread.watts).toBeLessThanOrEqual(1_300_000);
    expect(spread.watts).toBeGreaterThan(1_300_000 - 100);
    expect(spread.hashRate).toBeGreaterThanOrEqual(exact.hashRate * (1 - 1e-4));
    expect(spread.bestHashRate).toBeGreaterThanOrEqual(exact.hashRate);
  });

  it('2,000 devices with a slack of megawatts: within budget, within 0.01 % of the bound on the best, fast', () => {
    const list = site(2000);
    const started = performance.now();
    const spread = spreadBudget(list, 7_000_000);
    const took = performance.now() - started;
    expect(spread).toMatchObject({ ok: true, exact: false, stepW: 10 });
    if (!spread.ok) return;
    expect(spread.watts).toBeLessThanOrEqual(7_000_000);
    expect(spread.watts).toBeGreaterThan(7_000_000 - 100);
    expect(spread.hashRate).toBeGreaterThanOrEqual((spread.bestHashRate ?? Infinity) * (1 - 1e-4));
    expect(took).toBeLessThan(10_000);
  });
});
