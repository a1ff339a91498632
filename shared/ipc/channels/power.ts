/**
 * Power profiles from the window (docs/commissioning.md, "Power profiles"): Fleet → "Power…" asks for the
 * plan of one choice over the selected devices (`power:plan`: per device the preset, its watts and
 * expected hash rate, or why it is skipped, and the totals against the budget), then for the writes
 * (`power:set`), whose outcomes also stream as `commission:device` events. The fleet rows show each
 * device's preset (`power:presets`, read by main only when due). "One preset for all" is chosen from the
 * presets the devices offer (`power:offers`, gathered in main, each device read at most once a minute).
 *
 * `power:set` plans again and writes a device only when the new plan gives it the very preset the user
 * saw (`confirmed`): a device whose preset would differ now is skipped with the reason, so what is written
 * is never more than what was shown — a site budget still holds.
 */
import { z } from 'zod';
import {
  devicePresetViewSchema,
  powerChoiceSchema,
  powerPlanSchema,
  powerWriteResultSchema,
} from '../../domain/power-plan';
import { writeResultSchema } from '../../domain/commission';
import { presetOffersSchema } from '../../domain/preset-offers';

const deviceId = z.string().min(1).max(128);
const deviceIds = z.array(deviceId).min(1).max(20_000);

export const powerSetOutputSchema = z.object({
  /** One per device id asked for, in that order. */
  results: z.array(z.union([powerWriteResultSchema, writeResultSchema])),
  /** "power profile set on 196 of 196 devices; 4 skipped" (as in the activity log and the report). */
  summary: z.string(),
  /** Why the site's activity log could not record the request (the writes themselves happened). */
  activityError: z.string().optional(),
});
export type PowerSetOutput = z.infer<typeof powerSetOutputSchema>;

export const powerChannels = {
  /** The plan: nothing is sent. */
  'power:plan': {
    input: z.strictObject({ deviceIds, choice: powerChoiceSchema }),
    output: powerPlanSchema,
  },
  /** One `POST /settings` per device the plan listed with the same preset, each read back. */
  'power:set': {
    input: z.strictObject({
      deviceIds,
      choice: powerChoiceSchema,
      confirmed: z.array(z.strictObject({ deviceId, preset: z.string().min(1).max(64) })).max(20_000),
    }),
    output: powerSetOutputSchema,
  },
  /**
   * The presets these devices offer, per name: watts, TH/s, on how many listed, tuned, blocked by a stock
   * PSU, how many lack it; devices not read counted by why. Nothing is sent. `refresh` reads every device
   * again (otherwise one read in the last minute is used).
   */
  'power:offers': {
    input: z.strictObject({ deviceIds, refresh: z.boolean().optional() }),
    output: presetOffersSchema,
  },
  /** The preset each of these devices runs (and one configured here, not running yet), by device id. */
  'power:presets': {
    input: z.strictObject({ deviceIds: z.array(deviceId).max(20_000) }),
    output: z.record(z.string(), devicePresetViewSchema),
  },
} as const;
