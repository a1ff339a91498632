/**
 * "One preset for all" chosen from a list (docs/user-guide.md, "Choosing a preset"): the autotune presets
 * a set of devices offers, gathered by core from each device's `GET /autotune/presets` — per preset its
 * watts and hash rate (a range when models differ), on how many devices it is listed, tuned, blocked by a
 * stock power supply, and how many lack it — and the devices that could not be read, counted by why.
 * Shared by core (`power:offers`) and the window's chooser, so both count the same way.
 */
import { z } from 'zod';

/** A figure that may differ from device to device (two models list the same name with other numbers). */
export const figureRangeSchema = z.object({ min: z.number(), max: z.number() });
export type FigureRange = z.infer<typeof figureRangeSchema>;

/** One preset name across the devices read (names match as `--preset` matches them: case and ends ignored). */
export const presetOfferSchema = z.object({
  /** The name as the first device listing it spells it: what is sent back to choose it. */
  name: z.string(),
  /** Its watts; absent when no device gives a figure (`disabled`). */
  watts: figureRangeSchema.optional(),
  /** Its expected hash rate (TH/s); absent when no device gives one. */
  hashRateThs: figureRangeSchema.optional(),
  /** Devices that list it. */
  offeredBy: z.number().int().nonnegative(),
  /** Of those, devices that tuned it already (they run it at once; the others tune themselves first). */
  tunedOn: z.number().int().nonnegative(),
  /** Of those, devices that would be skipped: it needs a modified power supply and they report a stock one. */
  needsModdedPsu: z.number().int().nonnegative(),
  /** Devices read that do not list it: a plan skips them. */
  lacking: z.number().int().nonnegative(),
  /** Devices configured with it now. */
  configuredOn: z.number().int().nonnegative(),
});
export type PresetOffer = z.infer<typeof presetOfferSchema>;

/** Devices that could not be read, grouped by why ("offline", "no password known", …). */
export const unreadGroupSchema = z.object({
  why: z.string(),
  count: z.number().int().positive(),
});
export type UnreadGroup = z.infer<typeof unreadGroupSchema>;

export const presetOffersSchema = z.object({
  /** The devices asked about. */
  devices: z.number().int().nonnegative(),
  /** Of those, devices whose presets were read: `lacking` counts among these. */
  read: z.number().int().nonnegative(),
  /** The others, by why, most first. */
  notRead: z.array(unreadGroupSchema),
  /** Lowest watts first; presets without a watt figure last, by name. */
  offers: z.array(presetOfferSchema),
});
export type PresetOffers = z.infer<typeof presetOffersSchema>;
