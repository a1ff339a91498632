/**
 * The site standard from the window (docs/commissioning.md, "The site standard"): set it once per site
 * (`standard:set`), see per device what differs (`standard:drift`, and `standard:drift` events as facts
 * change), and "Bring N devices to the standard": a preview of each device's steps (`standard:plan`), then
 * one run (`standard:commission`) whose progress streams as `standard:progress` / `standard:device` events
 * and can be picked up again by a reloaded window (`standard:run`). One run at a time.
 *
 * The site password crosses renderer → main only inside `standard:set` (typed once, stored in the
 * keychain as the site password) and is never echoed; views say only whether one is stored.
 */
import { z } from 'zod';
import { acceptanceCriteriaSchema } from '../../domain/acceptance';
import { newPasswordProblem } from '../../domain/password-rules';
import { powerChoiceSchema } from '../../domain/power-plan';
import { POOL_SLOTS } from '../../domain/pools';
import {
  commissionPlanSchema,
  commissionRunSchema,
  deviceDriftSchema,
  driftSummarySchema,
  standardFirmwareSchema,
  standardViewSchema,
} from '../../domain/standard';

const deviceId = z.string().min(1).max(128);
const deviceIds = z.array(deviceId).min(1).max(20_000);
/**
 * The password devices without a working credential take now (new devices: usually the factory one): they
 * are unlocked with it once, as `credentials:unlock` does (kept only for a device that accepts it, never
 * sent again to one that refused it, never echoed).
 */
const currentPassword = z.string().min(1).max(128).optional();
/** A site by name (any case) or id; absent: the current site. */
const site = z.string().min(1).max(200).optional();

const newPassword = z.string().superRefine((value, ctx) => {
  const problem = newPasswordProblem(value);
  if (problem !== undefined) ctx.addIssue({ code: 'custom', message: `site password: ${problem}` });
});

/**
 * `typed`: store this as the site password (keychain) and make it part of the standard; `stored`: the
 * standard uses the site password already in the keychain (refused when there is none).
 */
export const standardPasswordInputSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('typed'), password: newPassword }),
  z.strictObject({ kind: z.literal('stored') }),
]);

/** A pool of the standard; `password` absent keeps the pool password the standard had for the same URL. */
const standardPoolInput = z.strictObject({
  url: z.string().max(500),
  worker: z.string().max(200),
  password: z.string().max(200).optional(),
});

/**
 * Changes to a site's standard: a part given replaces that part, `null` takes it out of the standard,
 * an absent one is kept. The first set creates the standard.
 */
export const standardSetInputSchema = z.strictObject({
  site,
  password: standardPasswordInputSchema.nullable().optional(),
  pools: z.array(standardPoolInput).min(1).max(POOL_SLOTS).nullable().optional(),
  firmware: z
    .union([
      z.strictObject(standardFirmwareSchema.shape),
      // The window never names a path: the image last chosen through `firmware:choose-image` (kept in main).
      z.strictObject({
        version: standardFirmwareSchema.shape.version,
        image: z.literal('chosen'),
        pacing: standardFirmwareSchema.shape.pacing,
      }),
    ])
    .nullable()
    .optional(),
  power: powerChoiceSchema.nullable().optional(),
  acceptance: z.strictObject(acceptanceCriteriaSchema.shape).nullable().optional(),
});
export type StandardSetInput = z.infer<typeof standardSetInputSchema>;

export const standardDriftOutputSchema = z.object({
  siteId: z.string(),
  /** False: the site has no standard (every device `no-standard`). */
  hasStandard: z.boolean(),
  /** In the order asked for (all fleet devices of the site when no ids were given). */
  devices: z.array(deviceDriftSchema),
  summary: driftSummarySchema,
});
export type StandardDriftOutput = z.infer<typeof standardDriftOutputSchema>;

export const standardChannels = {
  /** The site's standard (the current site when `site` is absent); `standard: null` when it has none. */
  'standard:get': { input: z.strictObject({ site }), output: standardViewSchema },
  /** Creates or changes the standard (see standardSetInputSchema); answers it as now kept. */
  'standard:set': { input: standardSetInputSchema, output: standardViewSchema },
  /**
   * Per device what differs from the current site's standard. From what the app knows (monitor readings,
   * password evidence, acceptance verdicts); pools and preset are read from the devices when not known
   * yet in this session (`refresh: true` reads them again). A part that could not be read is "not checked".
   */
  'standard:drift': {
    input: z.strictObject({
      deviceIds: z.array(deviceId).max(20_000).optional(),
      refresh: z.boolean().optional(),
    }),
    output: standardDriftOutputSchema,
  },
  /** The Commission preview: per device the steps it needs, "no change", or why it is skipped. Nothing sent. */
  'standard:plan': {
    input: z.strictObject({ deviceIds, currentPassword }),
    output: commissionPlanSchema,
  },
  /**
   * Starts bringing the devices to the standard (refused while a run goes on, or when the site has no
   * standard). Plans again; a device is written only with steps the preview showed it (`confirmed`: its
   * step words), so nothing beyond what was shown is sent. Answers at once with the run; progress follows
   * as events.
   */
  'standard:commission': {
    input: z.strictObject({
      deviceIds,
      currentPassword,
      confirmed: z
        .array(z.strictObject({ deviceId, steps: z.array(z.string().max(200)).max(10) }))
        .max(20_000),
    }),
    output: commissionRunSchema,
  },
  /** The run going on or last ended in this session, if any (a reloaded window picks it up again). */
  'standard:run': { input: z.void(), output: commissionRunSchema.nullable() },
  /**
   * Stops the run: no device starts another step; a step in flight ends (a password change or a
   * settings write is never cut half-way; a firmware rollout stops after its current batch).
   */
  'standard:cancel': { input: z.void(), output: z.object({ cancelled: z.boolean() }) },
} as const;
