/**
 * The firmware's autotune presets (vendor OpenAPI 1.2.6, `AutotunePresetDto`; field-notes.md, "Power
 * presets"): how hard a device runs, as a watt figure with its hash rate. Read from
 * `GET /api/v1/autotune/presets`; the current one from `GET /settings` (`miner.overclock.preset`) or
 * `GET /perf-summary` (`current_preset`). Shared by core (planning, read-back), the CLI and the app.
 */
import { z } from 'zod';

/**
 * `tuned`: the device tuned this preset before and runs it at once. `untuned`: choosing it makes the
 * device tune itself first (`miner_state` `auto-tuning`, hash rate low for a while).
 */
export const PRESET_STATUSES = ['tuned', 'untuned'] as const;
export type PresetStatus = (typeof PRESET_STATUSES)[number];

/** One preset as the device lists it, with the numbers the planner needs worked out. */
export const autotunePresetSchema = z.object({
  /** The device's id for it: a watt figure ("3200") or `disabled`. Sent back as is to choose it. */
  name: z.string(),
  /** As the device words it: "3200 watt ~ 180 TH". */
  pretty: z.string(),
  status: z.enum(PRESET_STATUSES),
  /** Needs a modified power supply: never chosen unless the device reports one (`modded_psu`). */
  moddedPsuRequired: z.boolean(),
  /** The power it draws (W): from the name when it is a number, else from `pretty`; absent when unknown. */
  watts: z.number().optional(),
  /** The hash rate it gives, in TH/s: `tune_settings.hashrate` when tuned, else from `pretty`. */
  hashRateThs: z.number().optional(),
  /** Where `hashRateThs` came from. */
  hashRateFrom: z.enum(['tune', 'pretty']).optional(),
});
export type AutotunePreset = z.infer<typeof autotunePresetSchema>;

/** What `GET /autotune/presets` said, read tolerantly: the usable presets and what was odd. */
export const devicePresetsSchema = z.object({
  presets: z.array(autotunePresetSchema),
  /** Entries skipped or fields unusable ("presets[3].name is a number, not a string"). */
  warnings: z.array(z.string()),
});
export type DevicePresets = z.infer<typeof devicePresetsSchema>;

/** The overclock part of `GET /settings` (`miner.overclock`): the preset in force and the PSU. */
export const overclockSettingsSchema = z.object({
  /** `miner.overclock.preset`; absent when the device names none. */
  preset: z.string().optional(),
  /** `miner.overclock.modded_psu`: true only when the device says so. */
  moddedPsu: z.boolean(),
});
export type OverclockSettings = z.infer<typeof overclockSettingsSchema>;

/** `GET /perf-summary` → `current_preset` (anonymous on the vendor document): the cheap way to know it. */
export const currentPresetSchema = z.object({
  name: z.string(),
  pretty: z.string().optional(),
  status: z.enum(PRESET_STATUSES).optional(),
});
export type CurrentPreset = z.infer<typeof currentPresetSchema>;

/** The preset name read as a number of watts ("3200" → 3200); undefined for `disabled` and the like. */
export function wattsFromName(name: string): number | undefined {
  const text = name.trim();
  if (!/^\d{1,6}$/.test(text)) return undefined;
  const watts = Number(text);
  return watts > 0 ? watts : undefined;
}

/** TH/s per unit a `pretty` text may use ("~ 180 TH", "~ 9.5 GH", "~ 1.2 PH"). */
const PRETTY_UNITS: Readonly<Record<string, number>> = { MH: 1e-6, GH: 1e-3, TH: 1, PH: 1e3 };

/**
 * "3200 watt ~ 180 TH" → `{watts: 3200, hashRateThs: 180}`; each part is absent when the text lacks it.
 * Text from a device is hostile: only a short, plain shape is read, and a huge string costs nothing more.
 */
export function parsePretty(pretty: string): { watts?: number; hashRateThs?: number } {
  const text = pretty.slice(0, 200);
  const watts = /(\d{1,6}(?:\.\d+)?)\s*(?:w|watts?)\b/i.exec(text);
  const rate = /~\s*(\d{1,7}(?:\.\d+)?)\s*([mgtp])h(?:\/s)?\b/i.exec(text);
  const out: { watts?: number; hashRateThs?: number } = {};
  const w = watts === null ? NaN : Number(watts[1]);
  if (Number.isFinite(w) && w > 0) out.watts = w;
  if (rate !== null) {
    const per = PRETTY_UNITS[`${(rate[2] ?? '').toUpperCase()}H`];
    const value = Number(rate[1]);
    if (per !== undefined && Number.isFinite(value) && value > 0) out.hashRateThs = value * per;
  }
  return out;
}
