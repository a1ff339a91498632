/**
 * A site budget (`--site-kw`, a standard's site budget) over read devices: which preset each gets. Pure:
 * the facts in, the picks out (power-plan.ts reads the facts and words the plan). The spread counts each
 * preset at the rate `plannedRates` gives it, keeps ties on the preset a device runs now and plans the
 * devices in the order of their ids (budget-spread.ts), so the plan holds still: planning again once it was
 * applied — the presets in use, and tuned since — changes nothing.
 */
import type { AutotunePreset } from '../../../shared/domain/presets';
import { spreadBudget } from './budget-spread';
import type { DevicePowerFacts } from './preset-choice';
import { plannedRates, spreadOptions } from './preset-choice';

export type SiteSpread =
  | {
      ok: true;
      /** The preset of each device planned (by its index in the input); absent: none it may run. */
      picks: Map<number, AutotunePreset>;
      /** When the spread is not proven the best: no spread gives more than this (TH/s). */
      bestHashRateThs?: number;
    }
  | { ok: false; devices: number; minWatts: number };

export function spreadSite(
  devices: readonly { deviceId: string; facts: DevicePowerFacts }[],
  budgetW: number,
): SiteSpread {
  // The devices the budget is spread over: those with a preset it may give them.
  const spreading = devices.flatMap(({ deviceId, facts }, i) => {
    const presets = spreadOptions(facts);
    return presets.length > 0 ? [{ i, deviceId, presets, current: facts.current }] : [];
  });
  const spread = spreadBudget(
    spreading.map(({ presets }) => {
      const rates = plannedRates(presets);
      return presets.map((p, k) => ({ watts: p.watts ?? 0, hashRate: rates[k] ?? 0 }));
    }),
    budgetW,
    {
      current: spreading.map(({ presets, current }) => {
        const at = presets.findIndex((p) => p.name === current);
        return at < 0 ? undefined : at;
      }),
      keys: spreading.map(({ deviceId }) => deviceId),
    },
  );
  if (!spread.ok) return { ok: false, devices: spreading.length, minWatts: spread.minWatts };
  const picks = new Map<number, AutotunePreset>();
  spreading.forEach(({ i, presets }, k) => {
    const preset = presets[spread.choice[k] ?? -1];
    if (preset !== undefined) picks.set(i, preset);
  });
  return {
    ok: true,
    picks,
    ...(spread.bestHashRate !== undefined ? { bestHashRateThs: spread.bestHashRate } : {}),
  };
}
