/**
 * The rules that pick one device's preset (docs/commissioning.md, "Power profiles"):
 *
 * - never a preset that needs a modified power supply (`modded_psu_required`) unless the device reports
 *   one (`miner.overclock.modded_psu`): on a stock PSU it can trip the supply or damage it;
 * - `--preset NAME`: that preset (the name as the device lists it; case and spaces at the ends ignored);
 *   a device lacking it, or needing a modified PSU for it, is refused in words;
 * - `--max-watts W`: the highest preset ≤ W, tuned presets before untuned ones (an untuned preset makes the
 *   device tune itself for a long while at reduced hash rate first); presets without a watt figure
 *   (`disabled`) never count as being under a limit;
 * - `--site-kw K`: the presets a device may get in the budget spread (`spreadOptions`): allowed, with a
 *   watt figure and an expected hash rate, each worth the rate `plannedRates` gives it.
 */
import type { AutotunePreset } from '../../../shared/domain/presets';
import { parsePretty } from '../../../shared/domain/presets';

/** What the plan knows of one device's power: its presets, the one configured, its PSU. */
export interface DevicePowerFacts {
  presets: readonly AutotunePreset[];
  current?: string;
  moddedPsu: boolean;
}

export type PresetPick = { ok: true; preset: AutotunePreset } | { ok: false; why: string };

/** Device text in a sentence: short, and without line breaks (a device may send anything). */
const quoted = (name: string): string => JSON.stringify(name.length > 40 ? `${name.slice(0, 39)}…` : name);

/** The presets this device may run: without `modded_psu_required`, unless it reports a modified PSU. */
export function allowedPresets(facts: DevicePowerFacts): AutotunePreset[] {
  return facts.presets.filter((p) => !p.moddedPsuRequired || facts.moddedPsu);
}

/** "2550, 2640, … 4690" — the names a device has, shortened for a sentence. */
function names(presets: readonly AutotunePreset[]): string {
  if (presets.length === 0) return 'none';
  const all = presets.map((p) => p.name);
  return all.length <= 8 ? all.join(', ') : `${all.slice(0, 3).join(', ')}, … ${all.slice(-3).join(', ')}`;
}

export function pickByName(facts: DevicePowerFacts, name: string): PresetPick {
  const wanted = name.trim().toLowerCase();
  const preset = facts.presets.find((p) => p.name.trim().toLowerCase() === wanted);
  if (preset === undefined) {
    return {
      ok: false,
      why: `the device has no preset ${quoted(name.trim())} (its presets: ${names(facts.presets)})`,
    };
  }
  if (preset.moddedPsuRequired && !facts.moddedPsu) {
    return {
      ok: false,
      why: `preset ${quoted(preset.name)} needs a modified power supply, and the device reports a stock one`,
    };
  }
  return { ok: true, preset };
}

/** Highest watts first; at equal watts a tuned preset first. */
const byWattsDown = (a: AutotunePreset, b: AutotunePreset): number =>
  (b.watts ?? 0) - (a.watts ?? 0) || Number(b.status === 'tuned') - Number(a.status === 'tuned');

export function pickByMaxWatts(facts: DevicePowerFacts, limitW: number): PresetPick {
  const under = allowedPresets(facts).filter((p) => p.watts !== undefined && p.watts <= limitW);
  const best = under.filter((p) => p.status === 'tuned').sort(byWattsDown)[0] ?? under.sort(byWattsDown)[0];
  if (best !== undefined) return { ok: true, preset: best };
  const lowest = allowedPresets(facts)
    .flatMap((p) => (p.watts === undefined ? [] : [p.watts]))
    .sort((a, b) => a - b)[0];
  const locked = facts.presets.some((p) => p.moddedPsuRequired && p.watts !== undefined && p.watts <= limitW);
  return {
    ok: false,
    why:
      lowest === undefined
        ? 'the device lists no preset with a watt figure it may run'
        : `no preset of the device is at or under ${limitW} W (its lowest: ${lowest} W)${locked ? '; presets under the limit need a modified power supply' : ''}`,
  };
}

/** The presets the budget spread may give this device: allowed, with watts and an expected hash rate. */
export function spreadOptions(facts: DevicePowerFacts): AutotunePreset[] {
  return allowedPresets(facts).filter((p) => p.watts !== undefined && p.hashRateThs !== undefined);
}

/**
 * The hash rate the budget spread counts for each of `presets` (one device's spread options), on one
 * footing: a tuned preset's rate is what the device measured (`tune_settings.hashrate`), an untuned one's
 * is only the firmware's nominal figure (`pretty`). Compared as they are, a device that measures 2 % under
 * nominal always looks better on a preset it has not tuned yet: the plan moves it, it tunes, measures 2 %
 * under again, and the next plan moves it once more — the budget never holds still (issue 32). So an
 * untuned preset counts at its nominal figure times what this device measured against nominal on the
 * presets it has tuned (1 when it has tuned none with a nominal figure).
 */
export function plannedRates(presets: readonly AutotunePreset[]): number[] {
  let measured = 0;
  let nominal = 0;
  for (const p of presets) {
    const figure = parsePretty(p.pretty).hashRateThs;
    if (p.hashRateFrom !== 'tune' || p.hashRateThs === undefined || figure === undefined || figure <= 0)
      continue;
    measured += p.hashRateThs;
    nominal += figure;
  }
  const ratio = nominal > 0 && measured > 0 ? measured / nominal : 1;
  return presets.map((p) => {
    const rate = p.hashRateThs ?? 0;
    return p.hashRateFrom === 'tune' ? rate : rate * ratio;
  });
}
