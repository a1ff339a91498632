/**
 * A rollout's settings with their defaults (canary 1, a first batch of 10 growing 4 times each batch up to
 * 250, at most two batches' worth offline at once (the turn rule's), 15 min to come back, 5 uploads in flight), checked;
 * and the outcome of a plan with nothing to do.
 */
import { DEFAULT_TOLERATE_PERCENT } from '../../../shared/domain/firmware-batches';
import type { FirmwareOutcome, FirmwarePlan, FirmwareSettings } from '../../../shared/domain/firmware';
import { countOutcomes, firmwareSettingsSchema } from '../../../shared/domain/firmware';
import type { Result } from '../../../shared/result';
import { message } from '../../../shared/i18n/message';
import { errWithText, ok } from '../../../shared/result';

export const DEFAULT_CANARY = 1;
export const DEFAULT_BATCH = 10;
export const DEFAULT_GROWTH = 4;
export const DEFAULT_MAX_BATCH = 250;
export const DEFAULT_DEADLINE_MINUTES = 15;
/** A known tool caps parallel uploads at 5: devices run out of memory during an upload (field-notes.md). */
export const MAX_UPLOADS_IN_FLIGHT = 5;

/** What the technician may choose; everything else has its default. */
export type FirmwareSettingsInput = Partial<FirmwareSettings>;

/**
 * `maxOffline` when not chosen: what the batches' trust already allows, no less. The turn rule lets batch
 * k+1 upload while batch k still reboots and verifies, so two batches can be unverified at once — the
 * largest, and the last one, which takes on a remainder under a quarter of the largest
 * (firmware-batches.ts): 250 + 312 at most with the defaults, 562. Twice the largest (500) made the last
 * 39 devices of a 1,000-device hall wait for room the rule already allowed (docs/benchmarks.md "field").
 */
export function defaultMaxOffline(settings: Pick<FirmwareSettings, 'batch' | 'growth' | 'maxBatch'>): number {
  const largest = settings.growth > 1 ? Math.max(settings.batch, settings.maxBatch) : settings.batch;
  return 2 * largest + Math.ceil(largest / 4) - 1;
}

export function firmwareSettings(input: FirmwareSettingsInput = {}): Result<FirmwareSettings> {
  const batch = input.batch ?? DEFAULT_BATCH;
  const growth = input.growth ?? DEFAULT_GROWTH;
  if (input.maxBatch !== undefined && input.maxBatch < batch) {
    return errWithText(
      'INVALID_INPUT',
      `firmware settings: the largest batch (${input.maxBatch}) is smaller than the first batch (${batch}): raise --max-batch or lower --batch.`,
      message('errors.firmware.maxBatchSmall', { maxBatch: input.maxBatch, batch }),
    );
  }
  const maxBatch = input.maxBatch ?? Math.max(DEFAULT_MAX_BATCH, batch);
  const parsed = firmwareSettingsSchema.safeParse({
    keepSettings: input.keepSettings ?? true,
    ...(input.expectVersion !== undefined ? { expectVersion: input.expectVersion } : {}),
    ...(input.model !== undefined ? { model: input.model } : {}),
    canary: input.canary ?? DEFAULT_CANARY,
    batch,
    growth,
    maxBatch,
    maxOffline: input.maxOffline ?? defaultMaxOffline({ batch, growth, maxBatch }),
    deadlineMinutes: input.deadlineMinutes ?? DEFAULT_DEADLINE_MINUTES,
    uploadsInFlight: Math.min(MAX_UPLOADS_IN_FLIGHT, input.uploadsInFlight ?? MAX_UPLOADS_IN_FLIGHT),
    retryFailed: input.retryFailed ?? false,
    tolerate: input.tolerate ?? DEFAULT_TOLERATE_PERCENT,
    // Absent is the default (`batches`): a plan of before `--trust` reads the same.
    ...(input.trust === 'canary' ? { trust: input.trust } : {}),
  });
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  const problem = issue?.message ?? 'invalid';
  return errWithText(
    'INVALID_INPUT',
    `firmware settings: ${field} ${problem}`,
    message('errors.firmware.settingInvalid', { field, problem }),
  );
}

/** The outcome of a plan with nothing to do: every device skipped, for the reason the plan gives. */
export function skippedOutcome(plan: FirmwarePlan): FirmwareOutcome {
  const devices = plan.devices.map((device) => ({
    deviceId: device.deviceId,
    address: device.address,
    outcome: 'skipped' as const,
    words: `skipped: ${device.detail}`,
    uploaded: false,
    ...(device.from !== undefined ? { from: device.from } : {}),
  }));
  return {
    image: plan.image,
    ...(plan.version !== undefined ? { version: plan.version } : {}),
    devices,
    counts: countOutcomes(devices),
    cancelled: false,
    activityErrors: [],
  };
}
