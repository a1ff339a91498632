/**
 * The site budget spread holds still (issue 32): for random fleets and budgets, planning again on the
 * plan-applied facts changes nothing; the same facts in another order give the same plan; a device whose
 * preset is part of an optimal plan keeps it (ties go to the current preset); the plan with current presets
 * is within the keep tolerance of the best (brute force). And the rates the spread counts put a device's
 * untuned presets on the footing of what it measured on its tuned ones.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SpreadOption } from '../../../../electron/core/power/budget-spread';
import { KEEP_TOLERANCE, spreadBudget } from '../../../../electron/core/power/budget-spread';
import { plannedRates } from '../../../../electron/core/power/preset-choice';
import type { AutotunePreset } from '../../../../shared/domain/presets';

/** Preset lists like real ones: watts in tens, hash rate rising with watts, ±2 % per device, some ties. */
const presetList = fc
  .record({
    count: fc.integer({ min: 1, max: 6 }),
    base: fc.integer({ min: 100, max: 300 }),
    step: fc.constantFrom(70, 90, 100),
    factor: fc.integer({ min: 980, max: 1020 }),
  })
  .map(({ count, base, step, factor }): SpreadOption[] =>
    Array.from({ length: count }, (_, k) => ({
      watts: (base + (k * step) / 10) * 10,
      hashRate: ((100 + k * 6) * factor) / 1000,
    })),
  );
/** Fleets of a few models (identical lists tie exactly) and of devices all their own. */
const fleet = fc.oneof(
  fc.array(presetList, { minLength: 1, maxLength: 12 }),
  fc
    .tuple(
      fc.array(presetList, { minLength: 1, maxLength: 3 }),
      fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
    )
    .map(([models, picks]) => picks.map((p) => models[p % models.length]!)),
);
const budgetShare = fc.double({ min: 0, max: 1.1, noNaN: true });

const wattsOf = (list: readonly SpreadOption[][], choice: readonly number[]) =>
  choice.reduce((sum, j, i) => sum + list[i]![j]!.watts, 0);
const budgetFor = (list: readonly SpreadOption[][], share: number) => {
  const low = list.reduce((sum, d) => sum + Math.min(...d.map((o) => o.watts)), 0);
  const high = list.reduce((sum, d) => sum + Math.max(...d.map((o) => o.watts)), 0);
  return Math.round(low + (high - low) * share);
};
const keys = (n: number) => Array.from({ length: n }, (_, i) => `d${String(i).padStart(3, '0')}`);

describe('spreadBudget holds still', () => {
  it('plan(plan-applied facts) = no change, from any current presets', () => {
    fc.assert(
      fc.property(fleet, budgetShare, fc.array(fc.nat()), (list, share, starts) => {
        const budget = budgetFor(list, share);
        const current = list.map((d, i) => (starts[i] ?? 0) % d.length);
        const first = spreadBudget(list, budget, { current, keys: keys(list.length) });
        expect(first.ok).toBe(true);
        if (!first.ok) return;
        expect(wattsOf(list, first.choice)).toBeLessThanOrEqual(budget);
        const again = spreadBudget(list, budget, { current: first.choice, keys: keys(list.length) });
        expect(again).toEqual(first);
      }),
      { numRuns: 300 },
    );
  });

  it('the same facts in another order give the same plan', () => {
    fc.assert(
      fc.property(fleet, budgetShare, fc.array(fc.nat()), fc.integer(), (list, share, starts, seed) => {
        const budget = budgetFor(list, share);
        const current = list.map((d, i) => (starts[i] ?? 0) % d.length);
        const names = keys(list.length);
        const first = spreadBudget(list, budget, { current, keys: names });
        // A shuffle by the seed.
        const order = list
          .map((_, i) => i)
          .sort((a, b) => ((a * 7919 + seed) % 97) - ((b * 7919 + seed) % 97) || a - b);
        const shuffled = spreadBudget(
          order.map((i) => list[i]!),
          budget,
          { current: order.map((i) => current[i]), keys: order.map((i) => names[i]!) },
        );
        if (!first.ok || !shuffled.ok) return expect(shuffled.ok).toBe(first.ok);
        expect(order.map((i) => first.choice[i])).toEqual(shuffled.choice);
      }),
      { numRuns: 300 },
    );
  });

  it('devices already on an optimal plan keep it; ties go to the current preset', () => {
    // Two identical devices, room for one raise: either raised is optimal; whichever runs it now keeps it.
    const model: SpreadOption[] = [
      { watts: 3000, hashRate: 200 },
      { watts: 3100, hashRate: 205 },
    ];
    for (const raised of [0, 1]) {
      const current = raised === 0 ? [1, 0] : [0, 1];
      const spread = spreadBudget([model, model], 6100, { current, keys: ['b', 'a'] });
      expect(spread).toMatchObject({ ok: true, choice: current, watts: 6100 });
    }
  });

  it('with current presets, within the keep tolerance of the best (brute force)', () => {
    fc.assert(
      fc.property(
        fc.array(presetList, { minLength: 1, maxLength: 5 }),
        budgetShare,
        fc.array(fc.nat()),
        (list, share, starts) => {
          const budget = budgetFor(list, share);
          const current = list.map((d, i) => (starts[i] ?? 0) % d.length);
          const spread = spreadBudget(list, budget, { current });
          if (!spread.ok) return;
          let best = -Infinity;
          const walk = (i: number, watts: number, hash: number): void => {
            if (watts > budget) return;
            if (i === list.length) return void (best = Math.max(best, hash));
            for (const o of list[i]!) walk(i + 1, watts + o.watts, hash + o.hashRate);
          };
          walk(0, 0, 0);
          const kept = current.reduce((sum, j, i) => sum + list[i]![j]!.hashRate, 0);
          expect(spread.hashRate).toBeGreaterThanOrEqual(best - KEEP_TOLERANCE * kept - 1e-6);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('plannedRates', () => {
  const preset = (name: string, ths: number, from: 'tune' | 'pretty'): AutotunePreset => ({
    name,
    pretty: `${name} watt ~ ${name === '3000' ? 200 : 210} TH`,
    status: from === 'tune' ? 'tuned' : 'untuned',
    moddedPsuRequired: false,
    watts: Number(name),
    hashRateThs: ths,
    hashRateFrom: from,
  });

  it("counts an untuned preset at its nominal figure times the device's measured share", () => {
    // Tuned 3000 measured 196 of nominal 200 (98 %): the untuned 3100 (nominal 210) counts 205.8.
    const rates = plannedRates([preset('3000', 196, 'tune'), preset('3100', 210, 'pretty')]);
    expect(rates[0]).toBe(196);
    expect(rates[1]).toBeCloseTo(205.8, 9);
  });

  it('with nothing tuned, the nominal figures as they are', () => {
    expect(plannedRates([preset('3000', 200, 'pretty'), preset('3100', 210, 'pretty')])).toEqual([200, 210]);
  });
});
