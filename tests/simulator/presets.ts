/**
 * The autotune presets a simulated device lists (`GET /api/v1/autotune/presets`): the recorded S21 Pro
 * list (tests/fixtures/device/autotune-presets…) for S21 Pro devices, and for the older S19 (88) devices a
 * list shaped like it (no recording of an S19's presets exists: simulated, 1800–3400 W at about 34 J/TH,
 * the two highest needing a modified PSU). Tests may give any list (`presets` option).
 */
import { fixtures } from './fixtures';
import type { JsonObject } from './fixtures';
import type { SimPreset } from './types';

let recorded: SimPreset[] | undefined;

/** The recorded S21 Pro (firmware 1.2.7) presets, with the raw `tune_settings` they carried. */
export function fixturePresets(): SimPreset[] {
  if (recorded !== undefined) return recorded;
  recorded = (fixtures().presets as JsonObject[]).map((p) => ({
    name: String(p['name']),
    pretty: String(p['pretty']),
    moddedPsuRequired: p['modded_psu_required'] === true,
    ...(p['tune_settings'] !== undefined ? { tuneSettings: p['tune_settings'] } : {}),
  }));
  return recorded;
}

/** A simulated S19 (88) list: `disabled`, then 1800 … 3400 W; 3300 and 3400 need a modified PSU. */
export function simulatedS19Presets(): SimPreset[] {
  const presets: SimPreset[] = [{ name: 'disabled', pretty: 'Disabled' }];
  for (let watts = 1800; watts <= 3400; watts += 100) {
    presets.push({
      name: String(watts),
      pretty: `${watts} watt ~ ${Math.round(watts / 34)} TH`,
      moddedPsuRequired: watts >= 3300,
    });
  }
  return presets;
}

/** A preset's power (W) and hash rate (TH/s) from its name and `pretty`; undefined parts when absent. */
export function presetNumbers(preset: SimPreset): { watts?: number; ths?: number } {
  const watts = /^\d+$/.test(preset.name) ? Number(preset.name) : undefined;
  const rate = /~\s*(\d+(?:\.\d+)?)\s*TH/i.exec(preset.pretty);
  return {
    ...(watts !== undefined ? { watts } : {}),
    ...(rate !== null ? { ths: Number(rate[1]) } : {}),
  };
}

/** Checks a `presets` option: names unique and non-empty. */
export function checkPresets(presets: readonly SimPreset[]): SimPreset[] {
  const names = new Set<string>();
  for (const p of presets) {
    if (typeof p.name !== 'string' || p.name === '' || typeof p.pretty !== 'string') {
      throw new RangeError('presets: each needs a non-empty name and a pretty text');
    }
    if (names.has(p.name)) throw new RangeError(`presets: "${p.name}" is listed twice`);
    names.add(p.name);
  }
  return presets.map((p) => ({ ...p }));
}
