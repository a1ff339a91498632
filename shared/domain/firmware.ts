/**
 * Firmware rollouts (docs/commissioning.md, "Firmware"): the plan a preflight makes before anything is
 * sent, the progress of each device while the rollout runs, and the outcome that names every device. Zod
 * schemas, so the app's IPC contract, the CLI's `--json` and the core say the same thing; plain data only
 * (no paths, no secrets): a plan crosses to the renderer as is.
 */
import { z } from 'zod';
import { messageRefSchema } from '../i18n/message-schema';

/** The image as the preflight read it from disk: its file name (no folder), size and SHA-256. */
export const firmwareImageSchema = z.object({
  name: z.string().max(300),
  bytes: z.number().int().positive(),
  /** Lower-case hex: the image's identity in the activity log (a resumed rollout knows it by this). */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type FirmwareImage = z.infer<typeof firmwareImageSchema>;

/**
 * What a batch's turn waits for (issue 33, docs/commissioning.md "Pacing for a hall"):
 * - `batches` (the default): trust grows batch by batch — a batch uploads once the one before has
 *   uploaded and every batch before that is verified, so at most two batches are unverified at once;
 * - `canary`: the canary alone earns the hall's trust — after it is verified, batches follow each other
 *   as the link and `maxOffline` allow, without waiting for earlier batches' verdicts. For an image this
 *   crew already proved (a lab rack, another hall of the same models): up to `maxOffline` devices may have
 *   taken it before a failure in batch 1 is known. Trouble still stops every upload not begun.
 */
export const ROLLOUT_TRUSTS = ['batches', 'canary'] as const;
export type RolloutTrust = (typeof ROLLOUT_TRUSTS)[number];

/** How a rollout runs: what the technician chose, defaults filled in. */
export const firmwareSettingsSchema = z.object({
  /** The `keep_settings` field sent with the image ("true" unless `--no-keep-settings`). */
  keepSettings: z.boolean(),
  /** The version every updated device must report; absent: any version other than before. */
  expectVersion: z.string().min(1).max(100).optional(),
  /** The model the image is for, when the targets report several (`--model`). */
  model: z.string().min(1).max(100).optional(),
  /** Devices updated and verified first, alone (default 1). */
  canary: z.number().int().min(1),
  /** Devices in the first batch after the canary (default 10). */
  batch: z.number().int().min(1),
  /** Each next batch is this many times the one before, up to `maxBatch` (default 4; 1: every batch alike). */
  growth: z.number().min(1).max(100),
  /** The largest a batch grows to (default 250, or `batch` when that is larger). */
  maxBatch: z.number().int().min(1),
  /**
   * Devices offline at once at most: uploads under way plus devices that took the image and are not yet
   * verified (default: the two batches the turn rule lets be unverified at once, the largest and the last
   * with its remainder: 2 × largest + ceil(largest / 4) − 1, 562 with the defaults).
   * No batch is larger.
   */
  maxOffline: z.number().int().min(1),
  /** Minutes a device has to come back, verified, after it took the image (default 15). */
  deadlineMinutes: z.number().positive(),
  /**
   * Percent of a batch that may fail while the rollout goes on (default 2; 0: the first failure stops
   * it); never in the canary or the first batch (firmware-batches.ts `toleratedFailures`).
   */
  tolerate: z.number().min(0).max(50).optional(),
  /** Uploads in flight at most (5: devices run out of memory during an upload; field-notes.md). */
  uploadsInFlight: z.number().int().min(1).max(5),
  /** Also upload again to devices where this image failed in an earlier run (default: skip them). */
  retryFailed: z.boolean(),
  /** What a batch's turn waits for (`--trust`; absent: `batches`): see ROLLOUT_TRUSTS. */
  trust: z.enum(ROLLOUT_TRUSTS).optional(),
});
export type FirmwareSettings = z.infer<typeof firmwareSettingsSchema>;

/**
 * How a rollout paces a hall, as a site's standard keeps it for its Commissions (issue 33): any part left
 * out takes the rollout's default (first batch 10, growth 4, largest batch 250, the turn rule's two batches
 * offline, 2 % of a later batch may fail).
 */
export const rolloutPacingSchema = z.strictObject({
  trust: z.enum(ROLLOUT_TRUSTS).optional(),
  batch: z.number().int().min(1).max(10_000).optional(),
  growth: z.number().min(1).max(100).optional(),
  maxBatch: z.number().int().min(1).max(10_000).optional(),
  maxOffline: z.number().int().min(1).max(10_000).optional(),
  tolerate: z.number().min(0).max(50).optional(),
});
export type RolloutPacing = z.infer<typeof rolloutPacingSchema>;

/** One model among the targets and the versions its devices report now. */
export const modelVersionsSchema = z.object({
  /** The device's short model id (`model` in `/info`), else its model name. */
  model: z.string(),
  /** The model name (`miner` in `/info`), when the device gives one. */
  modelName: z.string().optional(),
  devices: z.number().int().nonnegative(),
  versions: z.array(z.object({ version: z.string(), devices: z.number().int().nonnegative() })),
});
export type ModelVersions = z.infer<typeof modelVersionsSchema>;

/**
 * - `canary`, `batch`: the image is uploaded to it in that step;
 * - `verify`: an earlier run left it mid-update (its upload was accepted, or may have been, and no verdict
 *   was recorded): it is verified, never uploaded to again;
 * - `skip`: nothing is sent to it; `detail` says why.
 */
export const FIRMWARE_PLAN_ROLES = ['canary', 'batch', 'verify', 'skip'] as const;
export type FirmwarePlanRole = (typeof FIRMWARE_PLAN_ROLES)[number];

/** A certificate an https device showed that is not the one trusted for it (SHA-256 fingerprints). */
export const certificateChangeSchema = z.object({
  deviceId: z.string(),
  address: z.string(),
  /** The fingerprint trusted before (pinned). */
  before: z.string(),
  /** The fingerprint the device shows now. */
  after: z.string(),
});
export type CertificateChange = z.infer<typeof certificateChangeSchema>;

export const firmwarePlanDeviceSchema = z.object({
  deviceId: z.string(),
  address: z.string(),
  model: z.string().optional(),
  modelName: z.string().optional(),
  /** The version it reports now (when it answered). */
  from: z.string().optional(),
  role: z.enum(FIRMWARE_PLAN_ROLES),
  /** Index into the plan's `steps` (absent for a skipped device). */
  step: z.number().int().nonnegative().optional(),
  /** In words: what will happen to it, or why it is skipped. */
  detail: z.string(),
  /** `detail` as a key and values, for the window's language (issue 35); absent on plans kept before. */
  detailText: messageRefSchema.optional(),
  /** Its certificate changed after an earlier update of this image: trusting the new one is asked first. */
  certificate: certificateChangeSchema.pick({ before: true, after: true }).optional(),
});
export type FirmwarePlanDevice = z.infer<typeof firmwarePlanDeviceSchema>;

export const FIRMWARE_STEP_KINDS = ['earlier-run', 'canary', 'batch'] as const;

export const firmwareStepSchema = z.object({
  kind: z.enum(FIRMWARE_STEP_KINDS),
  /** "canary", "batch 3 of 10", "finishing the earlier run". */
  name: z.string(),
  deviceIds: z.array(z.string()),
});
export type FirmwareStep = z.infer<typeof firmwareStepSchema>;

/** The preflight's plan: nothing was sent to any device to make it. */
export const firmwarePlanSchema = z.object({
  image: firmwareImageSchema,
  settings: firmwareSettingsSchema,
  /** What the targets that answered report now, by model (before `--model` picks one). */
  models: z.array(modelVersionsSchema),
  /** The version the image brings, when known: `--expect-version`, or what it brought in an earlier run. */
  version: z.string().optional(),
  /** Every target, in the order given. */
  devices: z.array(firmwarePlanDeviceSchema),
  /** In order: the earlier run's devices to verify (if any), the canary, then the batches. */
  steps: z.array(firmwareStepSchema),
  /** Devices the image will be uploaded to. */
  uploads: z.number().int().nonnegative(),
  /** The size of each upload step in order, the canary's first (firmware-batches.ts): [1, 10, 40, 160, …]. */
  batchSizes: z.array(z.number().int().positive()),
  /** Why nothing may be sent (several models and no `--model`, a model no target reports): exit 2. */
  refusal: z.string().optional(),
  /** The refusal for the window's language (issue 35). */
  refusalText: messageRefSchema.optional(),
});
export type FirmwarePlan = z.infer<typeof firmwarePlanSchema>;

/** Where one device is in a running rollout. */
export const FIRMWARE_DEVICE_STEPS = [
  'waiting',
  'uploading',
  'rebooting',
  'verifying',
  'certificate-changed',
  'verified',
  'failed',
  'skipped',
  'not-started',
  'unknown',
] as const;
export type FirmwareDeviceStep = (typeof FIRMWARE_DEVICE_STEPS)[number];

export const firmwareDeviceProgressSchema = z.object({
  kind: z.literal('device'),
  deviceId: z.string(),
  address: z.string(),
  step: z.enum(FIRMWARE_DEVICE_STEPS),
  /** Uploading: how much of the image went out, 0–100. */
  percent: z.number().min(0).max(100).optional(),
  /** Rebooting: the seconds until it should answer again. */
  backInSeconds: z.number().int().nonnegative().optional(),
  /** What a technician reads: "uploading (42 %)", "rebooting (back in about 95 s)", "verified: 1.2.6 → 1.2.7". */
  words: z.string(),
  /** The words as a key and values (issue 35): the window renders them in its language; absent on older records. */
  text: messageRefSchema.optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  /** Final steps: whether this run sent it the image (as in the outcome). */
  uploaded: z.boolean().optional(),
  /** Final steps: its certificate changed after the update (as in the outcome). */
  certificate: certificateChangeSchema.pick({ before: true, after: true }).optional(),
});
export type FirmwareDeviceProgress = z.infer<typeof firmwareDeviceProgressSchema>;

export const firmwareStepEventSchema = z.object({
  kind: z.literal('step'),
  /** Index into the plan's `steps`. */
  index: z.number().int().nonnegative(),
  name: z.string(),
  state: z.enum(['started', 'finished']),
});

/** The rollout will not start another step, and why (a failure, or "stop after this batch" was asked). */
export const firmwareStoppingEventSchema = z.object({
  kind: z.literal('stopping'),
  reason: z.string(),
  text: messageRefSchema.optional(),
});

export const firmwareEventSchema = z.discriminatedUnion('kind', [
  firmwareDeviceProgressSchema,
  firmwareStepEventSchema,
  firmwareStoppingEventSchema,
]);
export type FirmwareEvent = z.infer<typeof firmwareEventSchema>;

/**
 * - `verified`: back on a new version (the expected one, when given), mining again if it was before;
 * - `failed`: why, in words ("upload refused: …", "did not come back within 15 min", "still on 1.2.6 after
 *   the update", "back on 1.2.7 but not mining (failure: …)", a certificate not trusted);
 * - `skipped`: nothing was sent (the plan said why);
 * - `not-started`: the rollout stopped (or was cancelled) before its turn; nothing changed on it;
 * - `unknown`: it took the image and the rollout was cancelled before its verdict: the next run verifies it.
 */
export const FIRMWARE_OUTCOMES = ['verified', 'failed', 'skipped', 'not-started', 'unknown'] as const;
export type FirmwareOutcomeKind = (typeof FIRMWARE_OUTCOMES)[number];

export const firmwareDeviceOutcomeSchema = z.object({
  deviceId: z.string(),
  address: z.string(),
  outcome: z.enum(FIRMWARE_OUTCOMES),
  /** The version before (when known). */
  from: z.string().optional(),
  /** The version it came back on (when it came back). */
  to: z.string().optional(),
  words: z.string(),
  /** The words as a key and values (issue 35): the window renders them in its language; absent on older records. */
  text: messageRefSchema.optional(),
  /** This run sent it the image (and the device took the whole of it). */
  uploaded: z.boolean(),
  /** Its certificate changed after the update: both fingerprints (trusted, or waiting to be). */
  certificate: certificateChangeSchema.pick({ before: true, after: true }).optional(),
});
export type FirmwareDeviceOutcome = z.infer<typeof firmwareDeviceOutcomeSchema>;

export const firmwareOutcomeSchema = z.object({
  image: firmwareImageSchema,
  /** The version verified devices came back on (when one did, or `--expect-version`). */
  version: z.string().optional(),
  /** Every device of the plan, in its order. */
  devices: z.array(firmwareDeviceOutcomeSchema),
  counts: z.object({
    verified: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
    skipped: z.number().int().nonnegative(),
    notStarted: z.number().int().nonnegative(),
    unknown: z.number().int().nonnegative(),
  }),
  /** Why the rollout stopped before its last step, when it did. */
  stopped: z.string().optional(),
  cancelled: z.boolean(),
  /** Activity-log entries that could not be written (the writes to devices happened all the same). */
  activityErrors: z.array(z.string()),
});
export type FirmwareOutcome = z.infer<typeof firmwareOutcomeSchema>;

/** `minerdeck firmware status`: what each device reports, and the versions by model. */
export const firmwareStatusDeviceSchema = z.object({
  address: z.string(),
  ok: z.boolean(),
  model: z.string().optional(),
  modelName: z.string().optional(),
  version: z.string().optional(),
  error: z.string().optional(),
});
export type FirmwareStatusDevice = z.infer<typeof firmwareStatusDeviceSchema>;

export const firmwareStatusSchema = z.object({
  devices: z.array(firmwareStatusDeviceSchema),
  models: z.array(modelVersionsSchema),
});
export type FirmwareStatus = z.infer<typeof firmwareStatusSchema>;

/** Counts of an outcome's devices by kind. */
export function countOutcomes(
  devices: readonly Pick<FirmwareDeviceOutcome, 'outcome'>[],
): FirmwareOutcome['counts'] {
  const count = (kind: FirmwareOutcomeKind) => devices.filter((d) => d.outcome === kind).length;
  return {
    verified: count('verified'),
    failed: count('failed'),
    skipped: count('skipped'),
    notStarted: count('not-started'),
    unknown: count('unknown'),
  };
}

/** Versions by model from devices' reports, models and versions ordered by how many devices have them. */
export function versionsByModel(
  devices: readonly {
    model?: string | undefined;
    modelName?: string | undefined;
    version?: string | undefined;
  }[],
): ModelVersions[] {
  const models = new Map<string, { modelName?: string; versions: Map<string, number>; devices: number }>();
  for (const device of devices) {
    if (device.model === undefined) continue;
    let entry = models.get(device.model);
    if (entry === undefined) {
      entry = { versions: new Map(), devices: 0 };
      if (device.modelName !== undefined) entry.modelName = device.modelName;
      models.set(device.model, entry);
    }
    entry.devices += 1;
    const version = device.version ?? 'unknown';
    entry.versions.set(version, (entry.versions.get(version) ?? 0) + 1);
  }
  return [...models.entries()]
    .map(([model, entry]) => ({
      model,
      ...(entry.modelName !== undefined ? { modelName: entry.modelName } : {}),
      devices: entry.devices,
      versions: [...entry.versions.entries()]
        .map(([version, count]) => ({ version, devices: count }))
        .sort((a, b) => b.devices - a.devices || a.version.localeCompare(b.version)),
    }))
    .sort((a, b) => b.devices - a.devices || a.model.localeCompare(b.model));
}
