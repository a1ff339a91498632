/**
 * Setting a site up from the window (docs/design.md, Commissioning actions): "Set pools…" with the
 * site's presets, a preview of each device's workers and an apply whose outcomes stream as
 * `commission:device` events; the locate LED on and off; mining restart and reboot, each after a preview
 * the renderer turns into a confirmation naming the count.
 *
 * The pool password crosses this boundary (a preset holds it, the form edits it): it is not a device
 * secret. It never comes back in a plan, an outcome or an event — those say only whether a slot has one.
 */
import { z } from 'zod';
import { writePlanEntrySchema, writeResultSchema } from '../../domain/commission';
import {
  POOL_SLOTS,
  poolPlanEntrySchema,
  poolPresetSchema,
  poolSpecSchema,
  poolWriteResultSchema,
} from '../../domain/pools';

const deviceId = z.string().min(1).max(128);
const deviceIds = z.array(deviceId).min(1).max(20_000);
/** The devices the preview listed to get the write; any other device of `deviceIds` is skipped. */
const confirmed = z.array(deviceId).max(20_000);

const pools = z.array(z.strictObject(poolSpecSchema.shape)).min(1).max(POOL_SLOTS);

/** The actions with a preview of their own (the renderer's confirmation names who gets it). */
export const DEVICE_ACTIONS = ['locate', 'restart-mining', 'reboot'] as const;
export type DeviceActionName = (typeof DEVICE_ACTIONS)[number];

/** How long a locate LED stays on unless the user picks another time, and the most it may. */
export const LED_MINUTES_DEFAULT = 10;
export const LED_MINUTES_MAX = 24 * 60;

/** What every bulk write answers besides its results. */
const outcomeFields = {
  /** "pools set on 198 of 200 devices; 2 failed" (as in the activity log and the report). */
  summary: z.string(),
  /** Why the site's activity log could not record the request (the writes themselves happened). */
  activityError: z.string().optional(),
};

export const ledResultSchema = writeResultSchema.extend({
  /** The LED as read back (or as found when nothing was sent); absent when unknown. */
  ledOn: z.boolean().optional(),
});

export const poolsSetOutputSchema = z.object({
  /** One per device id asked for, in that order. */
  results: z.array(poolWriteResultSchema),
  ...outcomeFields,
});
export type PoolsSetOutput = z.infer<typeof poolsSetOutputSchema>;

export const locateOutputSchema = z.object({
  results: z.array(ledResultSchema),
  /** Turned on: when the LEDs go off by themselves (ISO time). */
  offAt: z.string().optional(),
  ...outcomeFields,
});
export type LocateOutput = z.infer<typeof locateOutputSchema>;

export const powerOutputSchema = z.object({
  results: z.array(writeResultSchema),
  /** Until when the monitor expects the devices to be away (no offline alarm before; ISO time). */
  until: z.string().optional(),
  ...outcomeFields,
});
export type PowerOutput = z.infer<typeof powerOutputSchema>;

export const siteSetupChannels = {
  /** The current site's pool presets, by name. */
  'commission:pool-presets': { input: z.void(), output: z.array(poolPresetSchema) },
  /** Saves a preset in the current site (one of the same name, in any case, is replaced). */
  'commission:pool-preset-save': {
    input: z.strictObject({ name: z.string().min(1).max(60), pools }),
    output: poolPresetSchema,
  },
  'commission:pool-preset-delete': {
    input: z.strictObject({ name: z.string().min(1).max(60) }),
    output: poolPresetSchema,
  },
  /**
   * The preview: per device, the three slots with its workers filled in, or why it is skipped (a template
   * that gives it no, an empty or a shared worker is flagged as `template`). Nothing is sent.
   */
  'commission:pools-plan': {
    input: z.strictObject({ deviceIds, pools }),
    output: z.array(poolPlanEntrySchema),
  },
  /** One `POST /settings` per device the preview listed, each read back; `restartRequired` per device. */
  'commission:pools-set': {
    input: z.strictObject({ deviceIds, confirmed, pools }),
    output: poolsSetOutputSchema,
  },
  /** Who would get a locate, restart or reboot, and who is skipped and why (offline, no credential…). */
  'commission:action-plan': {
    input: z.strictObject({ action: z.enum(DEVICE_ACTIONS), deviceIds }),
    output: z.array(writePlanEntrySchema),
  },
  /** The locate LED on (for `minutes`, then off by itself) or off; read first, toggled only when needed. */
  'commission:locate': {
    input: z.strictObject({
      deviceIds,
      on: z.boolean(),
      minutes: z.number().int().min(1).max(LED_MINUTES_MAX).optional(),
    }),
    output: locateOutputSchema,
  },
  'commission:restart-mining': {
    input: z.strictObject({ deviceIds, confirmed }),
    output: powerOutputSchema,
  },
  'commission:reboot': {
    input: z.strictObject({ deviceIds, confirmed }),
    output: powerOutputSchema,
  },
} as const;
