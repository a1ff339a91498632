/**
 * Power profiles (docs/commissioning.md, "Power profiles"): choosing each device's autotune preset — one
 * name for all, the highest under a per-device watt limit, or a site's power budget spread for the most
 * hash rate — shown as a plan before anything is written, then one `POST /settings` per device, read back.
 * Shared by the app (over IPC), the CLI (`--json`) and core, so the plan and the outcomes say the same.
 */
import { z } from 'zod';
import { messageRefSchema } from '../i18n/message-schema';
import { writePlanEntrySchema, writeResultSchema } from './commission';
import { MAX_DEVICE_WATTS, MAX_SITE_KW } from './power-limits';
import { autotunePresetSchema } from './presets';

export { MAX_DEVICE_WATTS, MAX_SITE_KW } from './power-limits';

/** How the presets are chosen; exactly one of the three, as `profile set` takes them. */
export const powerChoiceSchema = z.discriminatedUnion('kind', [
  /** `--preset NAME`: this preset on every device; a device lacking it is refused in words. */
  z.strictObject({ kind: z.literal('preset'), name: z.string().trim().min(1).max(64) }),
  /** `--max-watts W`: per device the highest preset ≤ W (tuned ones before untuned ones). */
  z.strictObject({ kind: z.literal('max-watts'), watts: z.number().positive().max(MAX_DEVICE_WATTS) }),
  /** `--site-kw K`: a preset per device, their watts summing to ≤ K kW, the total hash rate highest. */
  z.strictObject({ kind: z.literal('site-kw'), kw: z.number().positive().max(MAX_SITE_KW) }),
]);
export type PowerChoice = z.infer<typeof powerChoiceSchema>;

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
  /**
   * A site budget over so many devices that the spread is near-optimal rather than proven optimal: no
   * spread gives more than this (TH/s); the plan's total is within the difference.
   */
  bestHashRateThs: z.number().optional(),
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
  /** `text`: the error in the window's language (issue 35). */
  error: z.object({ code: z.string(), message: z.string(), text: messageRefSchema.optional() }).optional(),
});
export type DevicePowerListing = z.infer<typeof devicePowerListingSchema>;

/**
 * The preset a fleet row shows: the one the device runs (`/perf-summary`), and the one this laptop
 * configured when the device runs it only after a mining restart.
 */
export const devicePresetViewSchema = z.object({
  inUse: z.string().optional(),
  /** The preset in use is untuned: the device is tuning it, or will. */
  untuned: z.boolean().optional(),
  /** Configured by this laptop, not running yet (the device needs a mining restart). */
  configured: z.string().optional(),
});
export type DevicePresetView = z.infer<typeof devicePresetViewSchema>;
