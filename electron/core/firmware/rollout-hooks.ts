/**
 * What the pacer (rollout-pacer.ts) does at each turn of a rollout, in the rollout's terms: a step logged
 * and told started before its first upload, a device's upload and verification (device-update.ts), the
 * words of a stop (the first failure names its batch), "not started" for what waits when it stops, and a
 * step told finished once every device of it has its verdict.
 */
import type { FirmwarePlan } from '../../../shared/domain/firmware';
import { CertificateAsk } from './certificate-ask';
import type { DeviceUpdate, Verification } from './device-update';
import type { PacerHooks } from './rollout-pacer';
import type { RolloutRecord } from './rollout-record';
import { message } from '../../../shared/i18n/message';
import { logged, notStartedText } from './rollout-record';
import type { RolloutControl, RolloutDeps, RolloutDevice } from './rollout-types';

export interface HooksContext {
  deps: RolloutDeps;
  plan: FirmwarePlan;
  control: RolloutControl;
  record: RolloutRecord;
  byId: ReadonlyMap<string, RolloutDevice>;
  updates: DeviceUpdate;
}

/** Before the step's first upload: told started, its devices waiting, the uploads logged (a log that cannot be written stops it). */
async function startStep(ctx: HooksContext, index: number): Promise<void> {
  const { deps, plan, control, record, byId } = ctx;
  const settings = plan.settings;
  const deadlineMs = settings.deadlineMinutes * 60_000;
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

/** The first failure decides the stop's words: they name the device and its step. */
function trouble(ctx: HooksContext, id: string, index: number): void {
  const { plan, control, record } = ctx;
  const step = plan.steps[index];
  if (record.stopped !== undefined || control.signal.aborted || step === undefined) return;
  const address = ctx.byId.get(id)?.plan.address ?? id;
  const final = record.finals.get(id);
  const words = final?.words ?? 'failed';
  const values = { address, reason: final?.text ?? words };
  record.stoppedText =
    step.kind === 'canary'
      ? message('outcomes.firmware.stopCanary', values)
      : step.kind === 'earlier-run'
        ? message('outcomes.firmware.stopEarlierRun', values)
        : message('outcomes.firmware.stopBatch', { ...values, step: step.name });
  record.stopped =
    step.kind === 'canary'
      ? `the canary ${address} failed (${words}): no batch was started`
      : step.kind === 'earlier-run'
        ? `${address} of the earlier run failed (${words}): nothing more was uploaded`
        : `${address} failed in ${step.name} (${words}): the rollout stopped after that batch`;
}

export function pacerHooks(ctx: HooksContext): PacerHooks {
  const { deps, plan, control, record, byId, updates } = ctx;
  const { finals } = record;
  const asks = plan.steps.map((step) => new CertificateAsk(step.deviceIds.length, deps.trust));
  const verifications = new Map<string, Verification>();
  const askOf = (index: number): CertificateAsk => {
    const ask = asks[index];
    if (ask === undefined) throw new Error(`step ${index} is not in the plan`);
    return ask;
  };
  const device = (id: string): RolloutDevice => {
    const found = byId.get(id);
    if (found === undefined) throw new Error(`device ${id} is not in the plan`);
    return found;
  };
  const stopped = (): boolean => control.signal.aborted || record.stopped !== undefined;

  return {
    startStep: (index) => startStep(ctx, index),
    trouble: (id, index) => trouble(ctx, id, index),
    upload: async (id, index, cut) => {
      const verification = await updates.send(device(id), askOf(index), cut);
      if (verification === undefined) asks[index]?.done();
      else verifications.set(id, verification);
      return verification === undefined ? 'ended' : 'took';
    },
    verify: async (id, index) => {
      let verification = verifications.get(id);
      // An earlier run's device: no upload, its verification is all there is.
      verification ??= await updates.send(device(id), askOf(index), new AbortController().signal);
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
    stopBefore: (index) => {
      if (record.stopped !== undefined || !control.stopRequested()) return false;
      const after = plan.steps[index - 1]?.name;
      record.stopped = `stopped after ${after ?? 'the step before'}, as asked`;
      record.stoppedText = message('outcomes.firmware.stopAsked', { step: after ?? '' });
      return true;
    },
    stopping: () => {
      if (!control.signal.aborted && record.stopped !== undefined) {
        const text = record.stoppedText !== undefined ? { text: record.stoppedText } : {};
        control.onEvent({ kind: 'stopping', reason: record.stopped, ...text });
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
        text: notStartedText(record, control.signal.aborted),
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
  };
}
