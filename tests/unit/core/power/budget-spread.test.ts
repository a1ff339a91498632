/**
 * The site budget spread (`--site-kw`): optimal against brute force on small random cases, within budget
 * always (also at a coarse step), and fast on a realistic site.
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

  it('at a coarse step (work limited) it never exceeds the budget and says it is not exact', () => {
    fc.assert(
      fc.property(devices, fc.integer({ min: 0, max: 320 }), (list, budget) => {
        const spread = spreadBudget(list, budget, { maxWork: 10 });
        if (!spread.ok) {
          expect(bruteForce(list, budget)).toBe(-Infinity);
          return;
        }
        expect(spread.watts).toBeLessThanOrEqual(budget);
        const real = spread.choice.reduce((sum, j, i) => sum + list[i]![j]!.watts, 0);
        expect(real).toBe(spread.watts);
      }),
      { numRuns: 200 },
    );
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

  it('2,000 devices with a slack of megawatts: answered at a coarser step, within budget, in bounded time', () => {
    const one = recorded();
    const started = performance.now();
    const spread = spreadBudget(
      Array.from({ length: 2000 }, () => one),
      7_000_000,
      { maxWork: 50_000_000 },
    );
    expect(spread).toMatchObject({ ok: true, exact: false });
    if (!spread.ok) return;
    expect(spread.stepW).toBeGreaterThan(10);
    expect(spread.watts).toBeLessThanOrEqual(7_000_000);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
