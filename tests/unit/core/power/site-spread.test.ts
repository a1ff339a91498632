/**
 * A site budget over device facts holds still (issue 32): for random fleets and budgets, planning again on
 * the plan-applied facts — each device on its planned preset, which it has tuned since, so that preset now
 * lists the hash rate the device measured (±2 % of nominal per device) instead of the nominal figure —
 * plans no change; the same devices in another order get the same presets. Before the fix a device that
 * measures under nominal moved to an untuned preset at every plan.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DevicePowerFacts } from '../../../../electron/core/power/preset-choice';
import { spreadSite } from '../../../../electron/core/power/site-spread';
import type { AutotunePreset } from '../../../../shared/domain/presets';

/** A simulated device: its model's presets (watts, nominal TH/s), what it measures of nominal, the tuned ones. */
interface SimDevice {
  deviceId: string;
  model: { watts: number; ths: number }[];
  factor: number;
  tuned: Set<string>;
  current: string;
}

/** `GET /autotune/presets` as read: a tuned preset with the measured rate (to the GH/s), else nominal. */
function factsOf(d: SimDevice): DevicePowerFacts {
  const presets = d.model.map(({ watts, ths }): AutotunePreset => {
    const name = String(watts);
    const tuned = d.tuned.has(name);
    return {
      name,
      pretty: `${watts} watt ~ ${ths} TH`,
      status: tuned ? 'tuned' : 'untuned',
      moddedPsuRequired: false,
      watts,
      hashRateThs: tuned ? Math.round(ths * 1000 * d.factor) / 1000 : ths,
      hashRateFrom: tuned ? 'tune' : 'pretty',
    };
  });
  return { presets, current: d.current, moddedPsu: false };
}

const model = fc
  .record({
    count: fc.integer({ min: 2, max: 12 }),
    base: fc.integer({ min: 150, max: 300 }),
    step: fc.constantFrom(7, 9, 10),
  })
  .map(({ count, base, step }) =>
    Array.from({ length: count }, (_, k) => ({ watts: (base + k * step) * 10, ths: 100 + k * 6 + (k % 3) })),
  );

const fleet = fc
  .record({
    models: fc.array(model, { minLength: 1, maxLength: 3 }),
    devices: fc.array(
      fc.record({ model: fc.nat(), factor: fc.integer({ min: 980, max: 1020 }), start: fc.nat() }),
      {
        minLength: 1,
        maxLength: 60,
      },
    ),
    share: fc.double({ min: 0, max: 1.05, noNaN: true }),
  })
  .map(({ models, devices, share }) => {
    const sims = devices.map((d, i): SimDevice => {
      const m = models[d.model % models.length]!;
      const start = String(m[d.start % m.length]!.watts);
      return {
        deviceId: `dev-${i}`,
        model: m,
        factor: d.factor / 1000,
        tuned: new Set([start]),
        current: start,
      };
    });
    const low = sims.reduce((sum, d) => sum + d.model[0]!.watts, 0);
    const high = sims.reduce((sum, d) => sum + d.model.at(-1)!.watts, 0);
    return { sims, budgetW: Math.round(low + (high - low) * share) };
  });

const plan = (sims: readonly SimDevice[], budgetW: number) => {
  const spread = spreadSite(
    sims.map((d) => ({ deviceId: d.deviceId, facts: factsOf(d) })),
    budgetW,
  );
  if (!spread.ok) throw new Error('the budget holds the lowest presets');
  return new Map(sims.map((d, i) => [d.deviceId, spread.picks.get(i)?.name ?? '']));
};

describe('spreadSite', () => {
  it('plan(plan-applied facts, tuned since) = no change', () => {
    fc.assert(
      fc.property(fleet, ({ sims, budgetW }) => {
        const first = plan(sims, budgetW);
        // Applied, restarted, tuned: each device runs its planned preset and lists what it measured on it.
        for (const d of sims) {
          d.current = first.get(d.deviceId)!;
          d.tuned.add(d.current);
        }
        const moved = [...plan(sims, budgetW)].filter(([id, name]) => first.get(id) !== name);
        expect(moved).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('the same devices in another order: the same presets', () => {
    fc.assert(
      fc.property(fleet, ({ sims, budgetW }) => {
        expect(plan([...sims].reverse(), budgetW)).toEqual(plan(sims, budgetW));
      }),
      { numRuns: 200 },
    );
  });
});
