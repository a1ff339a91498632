/**
 * Power profiles (docs/commissioning.md, "Power profiles"): choosing each device's autotune preset — one
 * name for all, the highest under a per-device watt limit, or a site's power budget spread for the most
 * hash rate — shown as a plan before anything is written, then one `POST /settings` per device, read back.
 * Shared by the app (over IPC), the CLI (`--json`) and core, so the plan and the outcomes say the same.
 */
import { z } from 'zod';
import { writePlanEntrySchema, writeResultSchema } from './commission';
import { autotunePresetSchema, roundThs } from './presets';

/** Watts a device's preset may be limited to: more than any device's feed carries is a typo. */
export const MAX_DEVICE_WATTS = 20_000;
/** A site budget beyond this (a gigawatt) is a typo, not a site. */
export const MAX_SITE_KW = 1_000_000;

/** How the presets are chosen; exactly one of the three, as `profile set` takes them. */
export const powerChoiceSchema = z.discriminatedUnion('kind', [
  /** `--preset NAME`: this preset on every device; a device lacking it is refused in words. */
  z.object({ kind: z.literal('preset'), name: z.string().trim().min(1).max(64) }),
  /** `--max-watts W`: per device the highest preset ≤ W (tuned ones before untuned ones). */
  z.object({ kind: z.literal('max-watts'), watts: z.number().positive().max(MAX_DEVICE_WATTS) }),
  /** `--site-kw K`: a preset per device, their watts summing to ≤ K kW, the total hash rate highest. */
  z.object({ kind: z.literal('site-kw'), kw: z.number().positive().max(MAX_SITE_KW) }),
]);
export type PowerChoice = z.infer<typeof powerChoiceSchema>;

/** "--site-kw 600": the choice as the technician gave it, for the plan's title and the activity log. */
export function choiceText(choice: PowerChoice): string {
  switch (choice.kind) {
    case 'preset':
      return `preset ${choice.name}`;
    case 'max-watts':
      return `the highest preset up to ${choice.watts} W per device`;
    case 'site-kw':
      return `a site budget of ${choice.kw} kW spread for the most hash rate`;
  }
}

/**
 * Why a device gets no preset: `offline`, `no-credential`, `locked-out` (as for every write),
 * `no-presets` (its presets could not be read: older firmware, a refusal), `no-choice` (none of its
 * presets fits the choice: the name is missing, nothing is under the watt limit, or only presets needing
 * a modified PSU it does not report).
 */
export const POWER_SKIP_REASONS = [
  'offline',
  'no-credential',
  'locked-out',
  'no-presets',
  'no-choice',
] as const;
export type PowerSkipReason = (typeof POWER_SKIP_REASONS)[number];

/** One device of the plan: the preset it gets (with its watts and hash rate), or why it is skipped. */
export const powerPlanEntrySchema = writePlanEntrySchema.extend({
  /** The preset chosen; absent when the device is skipped. */
  preset: autotunePresetSchema.optional(),
  /** The preset configured now (`miner.overclock.preset`), when it could be read. */
  current: z.string().optional(),
  /** The device already has the chosen preset: nothing is written, it is only read back. */
  unchanged: z.boolean().optional(),
  skip: z.enum(POWER_SKIP_REASONS).optional(),
});
export type PowerPlanEntry = z.infer<typeof powerPlanEntrySchema>;

/** The plan's totals over the devices that get a preset, against the budget when there is one. */
export const powerTotalsSchema = z.object({
  /** Devices that get a preset (written or already on it). */
  devices: z.number(),
  skipped: z.number(),
  /** Sum of the chosen presets' watts (presets without a watt figure count nothing: see `unknownWatts`). */
  watts: z.number(),
  /** Sum of their expected hash rates, TH/s. */
  hashRateThs: z.number(),
  /** Devices whose chosen preset has no watt figure (`disabled`), so the sum cannot include them. */
  unknownWatts: z.number(),
  /** `--site-kw` in W. */
  budgetW: z.number().optional(),
  /** The watt step the budget was spread at (exact when it divides every preset's watts). */
  stepW: z.number().optional(),
});
export type PowerTotals = z.infer<typeof powerTotalsSchema>;

export const powerPlanSchema = z.object({
  choice: powerChoiceSchema,
  entries: z.array(powerPlanEntrySchema),
  totals: powerTotalsSchema,
});
export type PowerPlan = z.infer<typeof powerPlanSchema>;

/** One device's outcome of a preset write: what was asked, what reads back, whether it must restart. */
export const powerWriteResultSchema = writeResultSchema.extend({
  /** The preset sent (or confirmed, for a device already on it). */
  preset: z.string().optional(),
  /** `miner.overclock.preset` read back after the write. */
  readBack: z.string().optional(),
  /** The device needs a mining restart to run the preset (it said so, or `/status` does). */
  restartRequired: z.boolean().optional(),
  /** The preset was untuned: the device tunes itself (`auto-tuning`) once it runs it. */
  tunes: z.boolean().optional(),
});
export type PowerWriteResult = z.infer<typeof powerWriteResultSchema>;

/** What `profile list` shows per device: its presets, which is configured, whether its PSU is modified. */
export const devicePowerListingSchema = z.object({
  address: z.string(),
  deviceId: z.string(),
  presets: z.array(autotunePresetSchema).optional(),
  current: z.string().optional(),
  moddedPsu: z.boolean().optional(),
  warnings: z.array(z.string()).optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
export type DevicePowerListing = z.infer<typeof devicePowerListingSchema>;

/** "3070 W" / "612.4 kW": watts as a person reads a device's or a site's power. */
export function wattsText(watts: number): string {
  return watts >= 10_000
    ? `${(Math.round(watts / 100) / 10).toLocaleString('en-US')} kW`
    : `${Math.round(watts)} W`;
}

/**
 * "196 devices: 598.7 kW of 600 kW, 40,112 TH/s expected; 4 skipped" — the plan's total line, the same in
 * the CLI and the app.
 */
export function totalsText(totals: PowerTotals): string {
  const budget = totals.budgetW === undefined ? '' : ` of ${wattsText(totals.budgetW)}`;
  const rate = Math.round(totals.hashRateThs * 10) / 10;
  const parts = [
    `${totals.devices} device${totals.devices === 1 ? '' : 's'}: ${wattsText(totals.watts)}${budget}, ${rate.toLocaleString('en-US')} TH/s expected`,
  ];
  if (totals.unknownWatts > 0)
    parts.push(`${totals.unknownWatts} with a preset of unknown power (not counted)`);
  if (totals.skipped > 0) parts.push(`${totals.skipped} skipped (their power is not counted)`);
  return parts.join('; ');
}

/** "3070 W, 206 TH/s": a chosen preset's numbers for a plan line. */
export function presetNumbersText(preset: { watts?: number; hashRateThs?: number }): string {
  const parts: string[] = [];
  if (preset.watts !== undefined) parts.push(`${preset.watts} W`);
  if (preset.hashRateThs !== undefined) parts.push(`${roundThs(preset.hashRateThs)} TH/s`);
  return parts.length > 0 ? parts.join(', ') : 'power not stated';
}
