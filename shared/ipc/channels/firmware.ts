/**
 * Firmware from the window (docs/commissioning.md, "Firmware"): Fleet → "Firmware…" chooses the image in
 * main's own file dialog (`firmware:choose-image`: the window learns the file's name, size and SHA-256,
 * never its path), asks for the plan over the selected devices (`firmware:plan`: nothing is sent), then
 * starts exactly that plan (`firmware:start` names the plan it saw). Each device's step streams as
 * `firmware:progress` events, the end as `firmware:done`. "Stop after this batch", cancel, and the question
 * "trust the new certificates of the updated devices?" are channels of their own. One rollout at a time; a
 * reloaded window finds the one going on (`firmware:run`).
 */
import { z } from 'zod';
import { runProgressSchema } from '../../domain/run-progress';
import {
  certificateChangeSchema,
  firmwareDeviceProgressSchema,
  firmwareImageSchema,
  firmwareOutcomeSchema,
  firmwarePlanSchema,
  ROLLOUT_TRUSTS,
} from '../../domain/firmware';

const deviceIds = z.array(z.string().min(1).max(128)).min(1).max(20_000);
/** Printable text a device could report (a version, a model), as the CLI's options accept. */
const deviceText = z
  .string()
  .trim()
  .regex(/^[\x21-\x7e][\x20-\x7e]{0,99}$/, 'printable text of 1 to 100 characters');

/** What the window may choose; anything left out has the CLI's default (canary 1, a first batch of 10 growing 4 times up to 250 …). */
export const firmwareChoicesSchema = z.strictObject({
  keepSettings: z.boolean(),
  expectVersion: deviceText.optional(),
  model: deviceText.optional(),
  canary: z.number().int().min(1).max(10_000).optional(),
  batch: z.number().int().min(1).max(10_000).optional(),
  growth: z.number().min(1).max(100).optional(),
  maxBatch: z.number().int().min(1).max(10_000).optional(),
  maxOffline: z.number().int().min(1).max(10_000).optional(),
  deadlineMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .optional(),
  retryFailed: z.boolean().optional(),
  /** Percent of a later batch that may fail while the rollout goes on (the form had it; refused before). */
  tolerate: z.number().min(0).max(50).optional(),
  trust: z.enum(ROLLOUT_TRUSTS).optional(),
});
export type FirmwareChoices = z.infer<typeof firmwareChoicesSchema>;

/** A plan as the window shows it: `planId` is what `firmware:start` names to run exactly this one. */
export const firmwarePlanViewSchema = z.object({ planId: z.string(), plan: firmwarePlanSchema });
export type FirmwarePlanView = z.infer<typeof firmwarePlanViewSchema>;

/** Certificates of updated devices that changed after their update, waiting for the technician's answer. */
export const certificateQuestionSchema = z.object({
  questionId: z.string(),
  changes: z.array(certificateChangeSchema),
});
export type CertificateQuestion = z.infer<typeof certificateQuestionSchema>;

/** A rollout as the window shows it: every device's latest step, the question waiting, the outcome. */
export const firmwareRunSchema = z.object({
  runId: z.string(),
  status: z.enum(['running', 'done']),
  plan: firmwarePlanSchema,
  /** Each device's latest step, in the plan's order (devices not reached yet: `waiting`). */
  devices: z.array(firmwareDeviceProgressSchema),
  /** The step under way ("batch 2 of 5"), while running. */
  step: z.string().optional(),
  /** Why no further step starts ("stop after this batch" was asked, a device failed). */
  stopping: z.string().optional(),
  question: certificateQuestionSchema.optional(),
  outcome: firmwareOutcomeSchema.optional(),
  /** Per step the devices done, and the time left (issue 33); absent from views before it. */
  progress: runProgressSchema.optional(),
});
export type FirmwareRun = z.infer<typeof firmwareRunSchema>;

export const trustOutcomeSchema = z.object({
  /** Addresses whose new certificate is trusted now. */
  trusted: z.array(z.string()),
  /** Devices left as they were, and why. */
  refused: z.array(z.object({ address: z.string(), why: z.string() })),
});

export const firmwareChannels = {
  /** Main's file dialog; `null` when the technician closed it. The image is read (size, SHA-256) and kept in main. */
  'firmware:choose-image': {
    input: z.void(),
    output: z.object({ image: firmwareImageSchema }).nullable(),
  },
  /** The preflight over these fleet devices with the chosen image: versions by model, canary, batches, skips. */
  'firmware:plan': {
    input: z.strictObject({ deviceIds, choices: firmwareChoicesSchema }),
    output: firmwarePlanViewSchema,
  },
  /** Runs the plan the window showed (refused when another plan was made since, or a rollout is going on). */
  'firmware:start': {
    input: z.strictObject({ planId: z.string().min(1).max(64) }),
    output: firmwareRunSchema,
  },
  /** The step under way finishes (every device of it gets its verdict); no other starts. */
  'firmware:stop-after-batch': { input: z.void(), output: z.object({ stopping: z.boolean() }) },
  /** Stops now: uploads under way are cut; devices that took the image are verified by the next run. */
  'firmware:cancel': { input: z.void(), output: z.object({ cancelled: z.boolean() }) },
  /** The rollout going on or last ended in this session, if any (a reloaded window picks it up again). */
  'firmware:run': { input: z.void(), output: firmwareRunSchema.nullable() },
  /**
   * "Trust the new certificates of the N updated devices", or not (`trust: false`): answers the question
   * the running rollout waits on; after the rollout, trusts the changed certificates its outcome names
   * (only devices a firmware update from this laptop changed).
   */
  'firmware:trust-certificates': {
    input: z.strictObject({ trust: z.boolean() }),
    output: trustOutcomeSchema,
  },
} as const;
