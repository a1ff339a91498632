/**
 * Runs a plan (plan.ts), step by step: the earlier run's devices to verify, the canary, then each batch.
 * Within a step every device is uploaded to (at most `uploadsInFlight` at once, each only while fewer than
 * `maxOffline` devices of the step are updating), waited for and verified; the step ends when every one of
 * them has a verdict. Then:
 * - a failure stops the rollout (a failed canary before any batch; a failed device after its batch);
 * - "stop after this batch" stops it too, as asked;
 * - the image file changed on disk, or the log cannot be written: nothing more is uploaded.
 * Cancel (the signal) ends it at once: uploads under way are cut (nothing installed), devices that took
 * the image are left to the next run, which verifies them without uploading again.
 *
 * The outcome names every device: verified, failed (why), skipped (why), not started, or unknown.
 */
import pLimit from 'p-limit';
import type { FirmwareDeviceOutcome, FirmwareOutcome, FirmwarePlan } from '../../../shared/domain/firmware';
import { countOutcomes } from '../../../shared/domain/firmware';
import { CertificateAsk } from './certificate-ask';
import { createDeviceUpdate } from './device-update';
import { logged, RolloutRecord } from './rollout-record';
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
  const deadlineMs = settings.deadlineMinutes * 60_000;
  const record = new RolloutRecord(control.onEvent, plan.version);
  const { finals } = record;
  const updateDevice = createDeviceUpdate({ deps, plan, control, record });

  for (const device of devices) {
    if (device.plan.role === 'skip') {
      record.finish(device, {
        outcome: 'skipped',
        words: `skipped: ${device.plan.detail}`,
        uploaded: false,
        ...(device.plan.from !== undefined ? { from: device.plan.from } : {}),
      });
    }
  }

  async function runStep(index: number): Promise<void> {
    const step = plan.steps[index];
    if (step === undefined) return;
    const members = step.deviceIds.flatMap((id) => byId.get(id) ?? []);
    control.onEvent({ kind: 'step', index, name: step.name, state: 'started' });
    for (const device of members) record.tell(device, { step: 'waiting', words: `waiting (${step.name})` });
    const uploading = members.filter((d) => d.plan.role !== 'verify');
    if (uploading.length > 0) {
      const waves = Math.ceil(uploading.length / Math.min(settings.maxOffline, uploading.length));
      // Generous on purpose: monitors elsewhere show these devices updating, not offline, until then.
      const until = new Date(deps.now() + waves * (deadlineMs + 10 * 60_000));
      try {
        await deps.log.uploading(
          step.name,
          uploading.map((d) => logged(d)),
          until,
        );
      } catch (error) {
        record.stopped ??= `${error instanceof Error ? error.message : String(error)}: nothing was uploaded, so a later run could not tell what was`;
      }
    }
    const offline = pLimit(settings.maxOffline);
    const ask = new CertificateAsk(members.length, deps.trust);
    await Promise.all(
      members.map((device) =>
        offline(async () => {
          try {
            if (record.stopped !== undefined && !finals.has(device.plan.deviceId)) {
              record.finish(device, {
                outcome: 'not-started',
                words: `not started: ${record.stopped}`,
                uploaded: false,
                ...(device.before !== undefined ? { from: device.before.version } : {}),
              });
              return;
            }
            await updateDevice(device, ask);
          } finally {
            ask.done();
          }
        }),
      ),
    );
    await deps.log.flush();
    control.onEvent({ kind: 'step', index, name: step.name, state: 'finished' });
    const failed = members.find((d) => finals.get(d.plan.deviceId)?.outcome === 'failed');
    if (failed !== undefined && record.stopped === undefined) {
      const words = finals.get(failed.plan.deviceId)?.words ?? 'failed';
      record.stopped =
        step.kind === 'canary'
          ? `the canary ${failed.plan.address} failed (${words}): no batch was started`
          : step.kind === 'earlier-run'
            ? `${failed.plan.address} of the earlier run failed (${words}): nothing more was uploaded`
            : `${failed.plan.address} failed in ${step.name} (${words}): the rollout stopped after that batch`;
    }
  }

  for (let index = 0; index < plan.steps.length; index += 1) {
    if (control.signal.aborted) break;
    if (record.stopped === undefined && index > 0 && control.stopRequested()) {
      record.stopped = `stopped after ${plan.steps[index - 1]?.name ?? 'the step before'}, as asked`;
    }
    if (record.stopped !== undefined) {
      control.onEvent({ kind: 'stopping', reason: record.stopped });
      break;
    }
    await runStep(index);
  }
  await deps.log.flush();

  const reason = control.signal.aborted
    ? 'the rollout was cancelled'
    : (record.stopped ?? 'the rollout stopped');
  const outcomes: FirmwareDeviceOutcome[] = devices.map((device) => {
    const base = { deviceId: device.plan.deviceId, address: device.plan.address };
    const final = finals.get(device.plan.deviceId);
    if (final !== undefined) return { ...base, ...final };
    const notStarted: FirmwareDeviceOutcome = {
      ...base,
      outcome: 'not-started',
      words: `not started: ${reason}`,
      uploaded: false,
      ...(device.plan.from !== undefined ? { from: device.plan.from } : {}),
    };
    record.tell(device, { step: 'not-started', words: notStarted.words });
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
