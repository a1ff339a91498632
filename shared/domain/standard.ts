/**
 * A site's standard (issue 26; docs/commissioning.md, "The site standard"): the state every device of the
 * site should be in — its password, its pools, optionally a firmware version, a power rule and the
 * acceptance criteria — and, per device, what differs from it (drift) and the steps that bring it there
 * (the Commission plan). Shared by the app (over IPC), the CLI (`--json`) and core, so the Standard column,
 * `minerdeck commission --dry-run` and the report say the same words.
 *
 * Never a secret: the site password lives only in the keychain (the site password unlock and password
 * changes already use); here is only whether the standard asks for one and whether one is stored. Pool
 * passwords are kept with the standard in the inventory as pool presets keep theirs (shared/domain/pools.ts:
 * not a device secret), and leave the core only as `hasPassword`.
 */
import { z } from 'zod';
import { messageRefSchema } from '../i18n/message-schema';
import { acceptanceCriteriaSchema } from './acceptance';
import { runProgressSchema } from './run-progress';
import { WRITE_OUTCOMES } from './commission';
import { isoTimeSchema } from './inventory';
import { rolloutPacingSchema } from './firmware';
import { powerChoiceSchema } from './power-plan';
import { POOL_SLOTS, poolSpecSchema } from './pools';

/** The firmware a site runs: the version devices must report (`/info`) and the image that brings them there. */
export const standardFirmwareSchema = z.object({
  version: z.string().trim().min(1).max(100),
  /** A path on this laptop, as `firmware upgrade` takes it. */
  imagePath: z.string().min(1).max(4096),
  /** How a Commission's rollout paces the site (absent: the rollout's defaults). */
  pacing: rolloutPacingSchema.optional(),
});
export type StandardFirmware = z.infer<typeof standardFirmwareSchema>;

/**
 * The standard as the site keeps it (inventory). Any part may be left out: an absent part is not checked
 * and never written. `password: true` — devices must run the site password (kept in the keychain).
 */
export const siteStandardSchema = z.object({
  password: z.boolean(),
  /** As a pool preset's pools: url, worker template, pool password (1 to 3, in slot order). */
  pools: z.array(poolSpecSchema).min(1).max(POOL_SLOTS).optional(),
  firmware: standardFirmwareSchema.optional(),
  /** A preset name, a per-device watt limit or a site budget (power-plan.ts, as `profile set` takes it). */
  power: powerChoiceSchema.optional(),
  /** Acceptance after the writes, with these criteria; absent: no acceptance is part of the standard. */
  acceptance: acceptanceCriteriaSchema.optional(),
  updatedAt: isoTimeSchema,
});
export type SiteStandard = z.infer<typeof siteStandardSchema>;

/** One pool of the standard as the window and `standard show` see it: the password only as a flag. */
export const standardPoolViewSchema = z.object({
  url: z.string(),
  worker: z.string(),
  hasPassword: z.boolean(),
});
export type StandardPoolView = z.infer<typeof standardPoolViewSchema>;

/** The standard of a site as shown (never a secret). `standard` is null when the site has none yet. */
export const standardViewSchema = z.object({
  siteId: z.string(),
  siteName: z.string(),
  standard: z
    .object({
      /** The standard asks for the site password; `stored`: the keychain holds it (else it must be typed). */
      password: z.object({ required: z.boolean(), stored: z.boolean() }),
      pools: z.array(standardPoolViewSchema).optional(),
      firmware: standardFirmwareSchema.optional(),
      power: powerChoiceSchema.optional(),
      acceptance: acceptanceCriteriaSchema.optional(),
      updatedAt: isoTimeSchema,
    })
    .nullable(),
});
export type StandardView = z.infer<typeof standardViewSchema>;

/**
 * The parts a standard is made of, in the order Commission brings a device to them. `restart` is not a
 * setting of its own: the device says (`/status` `restart_required` / `reboot_required`) that settings it
 * stores are not in force until a restart or a reboot — the pools and preset of a write whose restart
 * never came — so it is not at the standard (a part of every standard with pools or a power rule).
 */
import { STANDARD_PARTS } from './standard-parts';
export { STANDARD_PARTS };
export type { StandardPart } from './standard-parts';

/**
 * Per part of a device: `ok` at the standard, `differs` (with words), `not-checked` (the device or the
 * fact could not be read: never guessed).
 */
export const PART_STATES = ['ok', 'differs', 'not-checked'] as const;
export type PartState = (typeof PART_STATES)[number];

export const partDriftSchema = z.object({
  part: z.enum(STANDARD_PARTS),
  state: z.enum(PART_STATES),
  /**
   * Short words for the column and the report: "factory password", "password differs", "pools differ",
   * "workers differ", "firmware older (1.2.6)", "firmware differs (1.3.0)", "preset differs",
   * "restart pending", "reboot pending", "not yet accepted", "acceptance failed"; for `not-checked` why
   * ("not checked: offline").
   */
  words: z.string(),
});
export type PartDrift = z.infer<typeof partDriftSchema>;

/**
 * A device against the standard: `at-standard` (every part of the standard ok), `differs` (at least one
 * part differs), `not-checked` (nothing differs that is known, but some part could not be read),
 * `no-standard` (its site has none).
 */
export const DRIFT_STATUSES = ['at-standard', 'differs', 'not-checked', 'no-standard'] as const;
export type DriftStatus = (typeof DRIFT_STATUSES)[number];

export const deviceDriftSchema = z.object({
  deviceId: z.string(),
  address: z.string(),
  status: z.enum(DRIFT_STATUSES),
  /** Only the parts the standard has, in STANDARD_PARTS order. */
  parts: z.array(partDriftSchema),
  /** The words of the parts that differ or were not checked, in order: what the Standard column says. */
  words: z.array(z.string()),
});
export type DeviceDrift = z.infer<typeof deviceDriftSchema>;

/** A site's counts: "182 of 200 at the standard · 18 differ". */
export const driftSummarySchema = z.object({
  total: z.number(),
  atStandard: z.number(),
  differ: z.number(),
  notChecked: z.number(),
  /** Devices per part that differs (a device can count in several). */
  byPart: z.partialRecord(z.enum(STANDARD_PARTS), z.number()),
});
export type DriftSummary = z.infer<typeof driftSummarySchema>;

/** The steps Commission takes on a device, in this order; `settings` is one write of pools and preset. */
export const COMMISSION_STEP_KINDS = ['password', 'firmware', 'settings', 'restart', 'acceptance'] as const;
export type CommissionStepKind = (typeof COMMISSION_STEP_KINDS)[number];

export const commissionStepSchema = z.object({
  kind: z.enum(COMMISSION_STEP_KINDS),
  /**
   * "replace the factory password", "set the site password", "update firmware to 1.2.7",
   * "set pools", "set workers", "set power preset 3200", "set pools and power preset 3200", "restart",
   * "restart to apply the stored settings" (restart pending: taken whatever a write answers), "acceptance (30 min)".
   */
  words: z.string(),
});
export type CommissionStep = z.infer<typeof commissionStepSchema>;

/** Why a device gets no step though it differs (not contacted): said in words in `detail`. */
export const COMMISSION_SKIP_REASONS = ['offline', 'no-credential', 'locked-out', 'not-checked'] as const;

/** One device of the Commission preview: the steps it needs (none: "no change"), or why it is skipped. */
export const commissionPlanEntrySchema = z.object({
  deviceId: z.string(),
  address: z.string(),
  steps: z.array(commissionStepSchema),
  skip: z.enum(COMMISSION_SKIP_REASONS).optional(),
  /** "no change" for a device at the standard; why, for a skipped one. */
  detail: z.string(),
});
export type CommissionPlanEntry = z.infer<typeof commissionPlanEntrySchema>;

export const commissionPlanSchema = z.object({
  siteId: z.string(),
  entries: z.array(commissionPlanEntrySchema),
  /**
   * Devices grouped by the same step words, biggest group first: "150 devices: replace the factory
   * password, set pools"; `steps` empty is the "no change" group; skipped devices are grouped by detail.
   */
  groups: z.array(z.object({ count: z.number(), steps: z.array(z.string()), detail: z.string() })),
});
export type CommissionPlan = z.infer<typeof commissionPlanSchema>;

/** A device's outcome of a Commission run: `unchanged` was at the standard (no write). */
export const COMMISSION_OUTCOMES = [...WRITE_OUTCOMES, 'unchanged', 'pending', 'running'] as const;
export type CommissionOutcome = (typeof COMMISSION_OUTCOMES)[number];

export const commissionStepOutcomeSchema = commissionStepSchema.extend({
  outcome: z.enum([...WRITE_OUTCOMES, 'pending', 'running']),
  message: z.string(),
  /** The words as a key and values (issue 35): the window renders them in its language; absent on older records. */
  text: messageRefSchema.optional(),
  /** When the device entered this step (absent: not started); steps of different devices overlap. */
  startedAt: isoTimeSchema.optional(),
  /** When its outcome came (absent while it runs, and for a step not taken). */
  endedAt: isoTimeSchema.optional(),
});
export type CommissionStepOutcome = z.infer<typeof commissionStepOutcomeSchema>;

export const commissionDeviceSchema = z.object({
  deviceId: z.string(),
  address: z.string(),
  /**
   * `pending` not started, `running` a step goes on, `done` every step done, `unchanged` nothing to do,
   * `failed` a step failed (later steps not taken: `failedStep` names it), `unknown` a write gave no clear
   * answer (check), `skipped` not contacted (why in `message`; also when the run was stopped first).
   */
  outcome: z.enum(COMMISSION_OUTCOMES),
  steps: z.array(commissionStepOutcomeSchema),
  failedStep: z.enum(COMMISSION_STEP_KINDS).optional(),
  message: z.string(),
  /** The words as a key and values (issue 35): the window renders them in its language; absent on older records. */
  text: messageRefSchema.optional(),
});
export type CommissionDevice = z.infer<typeof commissionDeviceSchema>;

export const COMMISSION_RUN_STATUSES = ['running', 'done', 'cancelled'] as const;

export const commissionCountsSchema = z.object({
  total: z.number(),
  done: z.number(),
  unchanged: z.number(),
  failed: z.number(),
  unknown: z.number(),
  skipped: z.number(),
  /** Still pending or running. */
  open: z.number(),
});
export type CommissionCounts = z.infer<typeof commissionCountsSchema>;

export const commissionRunSchema = z.object({
  runId: z.string(),
  siteId: z.string(),
  status: z.enum(COMMISSION_RUN_STATUSES),
  /**
   * The earliest step a device is in ("password", "firmware", …): devices go through their steps each at
   * its own pace, so several steps go on at once (each step's times are on the devices); absent once ended.
   */
  phase: z.enum(COMMISSION_STEP_KINDS).optional(),
  startedAt: isoTimeSchema,
  endedAt: isoTimeSchema.optional(),
  counts: commissionCountsSchema,
  /** In the order asked for. */
  devices: z.array(commissionDeviceSchema),
  /** "commissioned 18 of 20 devices; 2 failed: 10.0.0.7 (set pools), …" once ended. */
  summary: z.string().optional(),
  /** Why the activity log or the site could not record something (the writes happened). */
  activityError: z.string().optional(),
  /** Per step the devices done, and the time left (issue 33); absent from views before it. */
  progress: runProgressSchema.optional(),
});
export type CommissionRun = z.infer<typeof commissionRunSchema>;
