/**
 * Runs a plan (plan.ts): the earlier run's devices to verify, the canary, then each batch, paced by
 * rollout-pacer.ts — uploads stay busy (`uploadsInFlight` at once, across batch boundaries) within the turn
 * rule and `maxOffline`; each device is verified on its own once its upload ended; a step is finished
 * (told in order) when every one of its devices has a verdict. Then:
 * - a failure stops the rollout at once (a failed canary before any batch; a failed device after its
 *   batch: uploads of the next batch under way are cut, nothing installed);
 * - "stop after this batch" stops it too, as asked: no further batch starts;
 * - the image file changed on disk, or the log cannot be written: nothing more is uploaded.
 * Cancel (the signal) ends it at once: uploads under way are cut (nothing installed), devices that took
 * the image are left to the next run, which verifies them without uploading again.
 *
 * The outcome names every device: verified, failed (why), skipped (why), not started, or unknown.
 */
import type { FirmwareDeviceOutcome, FirmwareOutcome, FirmwarePlan } from '../../../shared/domain/firmware';
import { countOutcomes } from '../../../shared/domain/firmware';
import { toleratedFailures } from '../../../shared/domain/firmware-batches';
import { createDeviceUpdate } from './device-update';
import { runPacer } from './rollout-pacer';
import { pacerHooks } from './rollout-hooks';
import { message } from '../../../shared/i18n/message';
import { notStartedText, RolloutRecord } from './rollout-record';
import type { RolloutControl, RolloutDeps, RolloutDevice } from './rollout-types';

export type { RolloutControl, RolloutDeps, RolloutDevice } from './rollout-types';

export async function runRollout(
  deps: RolloutDeps,
  plan: FirmwarePlan,
  devices: readonly RolloutDevice[],
  control: RolloutControl,
): Promise<FirmwareOutcome> {
  const byId = new Map(devices.map((d) => [d.plan.deviceId, d]));
  const settings = plan.settings;
  const record = new RolloutRecord(control.onEvent, plan.version);
  const { finals } = record;

  for (const device of devices) {
    if (device.plan.role === 'skip') {
      record.finish(device, {
        outcome: 'skipped',
        words: `skipped: ${device.plan.detail}`,
        text: message('outcomes.write.skipped', { detail: device.plan.detail }),
        uploaded: false,
        ...(device.plan.from !== undefined ? { from: device.plan.from } : {}),
      });
    }
  }

  await runPacer(
    plan.steps.map((step) => ({
      kind: step.kind,
      members: step.deviceIds.map((id) => ({
        id,
        role: byId.get(id)?.plan.role === 'verify' ? ('verify' as const) : ('upload' as const),
      })),
    })),
    pacerHooks({
      deps,
      plan,
      control,
      record,
      byId,
      updates: createDeviceUpdate({ deps, plan, control, record }),
    }),
    {
      uploadsInFlight: settings.uploadsInFlight,
      maxOffline: settings.maxOffline,
      ...(settings.trust !== undefined ? { trust: settings.trust } : {}),
      tolerated: (index) => {
        const step = plan.steps[index];
        if (step === undefined) return 0;
        const batchNumber = plan.steps.slice(0, index + 1).filter((s) => s.kind === 'batch').length;
        return toleratedFailures(
          { kind: step.kind, size: step.deviceIds.length, batchNumber },
          settings.tolerate,
        );
      },
    },
  );
  await deps.log.flush();

  const reason = control.signal.aborted
    ? 'the rollout was cancelled'
    : (record.stopped ?? 'the rollout stopped');
  const outcomes: FirmwareDeviceOutcome[] = devices.map((device) => {
    const base = { deviceId: device.plan.deviceId, address: device.plan.address };
    const final = finals.get(device.plan.deviceId);
    if (final !== undefined) return { ...base, ...final };
    const text = notStartedText(record, control.signal.aborted);
    const notStarted: FirmwareDeviceOutcome = {
      ...base,
      outcome: 'not-started',
      words: `not started: ${reason}`,
      text,
      uploaded: false,
      ...(device.plan.from !== undefined ? { from: device.plan.from } : {}),
    };
    record.tell(device, { step: 'not-started', words: notStarted.words, text });
    return notStarted;
  });
  return {
    image: plan.image,
    ...(record.version !== undefined ? { version: record.version } : {}),
    devices: outcomes,
    counts: countOutcomes(outcomes),
    ...(record.stopped !== undefined ? { stopped: record.stopped } : {}),
    cancelled: control.signal.aborted,
    activityErrors: [...deps.log.errors],
  };
}
