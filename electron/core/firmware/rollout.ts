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
import { CertificateAsk } from './certificate-ask';
import type { Verification } from './device-update';
import { createDeviceUpdate } from './device-update';
import { runPacer } from './rollout-pacer';
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
  const updates = createDeviceUpdate({ deps, plan, control, record });

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

  const asks = plan.steps.map((step) => new CertificateAsk(step.deviceIds.length, deps.trust));
  const verifications = new Map<string, Verification>();
  const device = (id: string): RolloutDevice => {
    const found = byId.get(id);
    if (found === undefined) throw new Error(`device ${id} is not in the plan`);
    return found;
  };
  const stopped = (): boolean => control.signal.aborted || record.stopped !== undefined;

  async function startStep(index: number): Promise<void> {
    const step = plan.steps[index];
    if (step === undefined) return;
    const members = step.deviceIds.flatMap((id) => byId.get(id) ?? []);
    control.onEvent({ kind: 'step', index, name: step.name, state: 'started' });
    for (const member of members) record.tell(member, { step: 'waiting', words: `waiting (${step.name})` });
    const uploading = members.filter((d) => d.plan.role !== 'verify');
    if (uploading.length === 0) return;
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

  function trouble(id: string, index: number): void {
    const step = plan.steps[index];
    if (record.stopped !== undefined || control.signal.aborted || step === undefined) return;
    const failed = device(id);
    const words = finals.get(id)?.words ?? 'failed';
    record.stopped =
      step.kind === 'canary'
        ? `the canary ${failed.plan.address} failed (${words}): no batch was started`
        : step.kind === 'earlier-run'
          ? `${failed.plan.address} of the earlier run failed (${words}): nothing more was uploaded`
          : `${failed.plan.address} failed in ${step.name} (${words}): the rollout stopped after that batch`;
  }

  await runPacer(
    plan.steps.map((step) => ({
      kind: step.kind,
      members: step.deviceIds.map((id) => ({
        id,
        role: byId.get(id)?.plan.role === 'verify' ? 'verify' : 'upload',
      })),
    })),
    {
      startStep,
      upload: async (id, index, cut) => {
        const verification = await updates.send(device(id), asks[index]!, cut);
        if (verification === undefined) asks[index]?.done();
        else verifications.set(id, verification);
        return verification === undefined ? 'ended' : 'took';
      },
      verify: async (id, index) => {
        let verification = verifications.get(id);
        // An earlier run's device: no upload, its verification is all there is.
        verification ??= await updates.send(device(id), asks[index]!, new AbortController().signal);
        try {
          await verification?.();
        } finally {
          asks[index]?.done();
        }
      },
      verdict: (id) => {
        const final = finals.get(id);
        return final === undefined ? undefined : final.outcome === 'failed' ? 'failed' : 'other';
      },
      stopped,
      trouble,
      stopBefore: (index) => {
        if (record.stopped !== undefined || !control.stopRequested()) return false;
        record.stopped = `stopped after ${plan.steps[index - 1]?.name ?? 'the step before'}, as asked`;
        return true;
      },
      stopping: () => {
        if (!control.signal.aborted && record.stopped !== undefined) {
          control.onEvent({ kind: 'stopping', reason: record.stopped });
        }
      },
      notStarted: (id, index) => {
        const member = device(id);
        const reason = control.signal.aborted
          ? 'the rollout was cancelled'
          : (record.stopped ?? 'the rollout stopped');
        record.finish(member, {
          outcome: 'not-started',
          words: `not started: ${reason}`,
          uploaded: false,
          ...(member.before !== undefined ? { from: member.before.version } : {}),
        });
        asks[index]?.done();
      },
      finishStep: async (index) => {
        await deps.log.flush();
        const step = plan.steps[index];
        if (step !== undefined) control.onEvent({ kind: 'step', index, name: step.name, state: 'finished' });
      },
    },
    { uploadsInFlight: settings.uploadsInFlight, maxOffline: settings.maxOffline },
  );
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
