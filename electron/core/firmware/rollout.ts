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
import type {
  CertificateChange,
  FirmwareDeviceOutcome,
  FirmwareEvent,
  FirmwareOutcome,
  FirmwarePlan,
  FirmwarePlanDevice,
} from '../../../shared/domain/firmware';
import { countOutcomes } from '../../../shared/domain/firmware';
import type { SessionTarget } from '../credentials/session-manager';
import { isDeviceError } from '../device/device-error';
import type { Monitor } from '../monitor/monitor';
import type { FirmwareLog, LoggedDevice } from './activity-log';
import { CertificateAsk } from './certificate-ask';
import type { FactsDeps } from './device-facts';
import type { FirmwareImageFile } from './image-file';
import { sameFileAs } from './image-file';
import type { SendDeps, SendOutcome } from './send-image';
import { sendImage } from './send-image';
import type { BeforeUpdate } from './verdict';
import type { VerifyResult, VerifyTiming } from './verify';
import { verifyUpdate } from './verify';

/** One device of the plan, with what the run needs beyond the plan's words. */
export interface RolloutDevice {
  target: SessionTarget;
  plan: FirmwarePlanDevice;
  /** Upload and verify roles: its version and whether it mined before the update. */
  before?: BeforeUpdate;
  /**
   * Verify role: when the earlier run's device goes (or went) down, its deadline, and whether it surely
   * rebooted already (then the old version now is the verdict).
   */
  resume?: { downAt: number; deadlineAt: number; alreadyRebooted: boolean };
}

export interface RolloutDeps {
  facts: FactsDeps;
  send: SendDeps;
  log: FirmwareLog;
  file: FirmwareImageFile;
  now: () => number;
  timing: VerifyTiming;
  /** The monitor of this process: a device that took the image shows "updating", never an offline alarm. */
  disruptions?: Pick<Monitor, 'expectDisruption'> | undefined;
  /** Asks the technician about changed certificates of updated devices; answers the device ids trusted. */
  trust: (changes: CertificateChange[]) => Promise<ReadonlySet<string>>;
}

export interface RolloutControl {
  signal: AbortSignal;
  /** "Stop after this batch" was asked: no step starts after the current one. */
  stopRequested: () => boolean;
  onEvent: (event: FirmwareEvent) => void;
}

/** Upload progress is told at most this often per device (and at 0 and 100 %). */
const PROGRESS_EVERY_MS = 250;

type Final = Omit<FirmwareDeviceOutcome, 'deviceId' | 'address'>;

export async function runRollout(
  deps: RolloutDeps,
  plan: FirmwarePlan,
  devices: readonly RolloutDevice[],
  control: RolloutControl,
): Promise<FirmwareOutcome> {
  const byId = new Map(devices.map((d) => [d.plan.deviceId, d]));
  const finals = new Map<string, Final>();
  const settings = plan.settings;
  const deadlineMs = settings.deadlineMinutes * 60_000;
  const uploads = pLimit(settings.uploadsInFlight);
  let version = plan.version;
  let stopped: string | undefined;
  /** Devices that took the image in this run (or may have): a bug of ours afterwards leaves them `unknown`. */
  const took = new Set<string>();

  const tell = (
    device: RolloutDevice,
    event: Omit<Extract<FirmwareEvent, { kind: 'device' }>, 'kind' | 'deviceId' | 'address'>,
  ) =>
    control.onEvent({
      kind: 'device',
      deviceId: device.plan.deviceId,
      address: device.plan.address,
      ...event,
    });
  const logged = (device: RolloutDevice, to?: string): LoggedDevice => ({
    deviceId: device.plan.deviceId,
    address: device.plan.address,
    ...(device.before !== undefined ? { from: device.before.version } : {}),
    ...(to !== undefined ? { to } : {}),
  });
  const finish = (device: RolloutDevice, final: Final): void => {
    finals.set(device.plan.deviceId, final);
    const step = final.outcome === 'not-started' ? 'not-started' : final.outcome;
    tell(device, {
      step,
      words: final.words,
      uploaded: final.uploaded,
      ...(final.from !== undefined ? { from: final.from } : {}),
      ...(final.to !== undefined ? { to: final.to } : {}),
      ...(final.certificate !== undefined ? { certificate: final.certificate } : {}),
    });
  };

  for (const device of devices) {
    if (device.plan.role === 'skip') {
      finish(device, {
        outcome: 'skipped',
        words: `skipped: ${device.plan.detail}`,
        uploaded: false,
        ...(device.plan.from !== undefined ? { from: device.plan.from } : {}),
      });
    }
  }

  /** Sends the image once, telling its progress (at most every 250 ms, and at 100 %). */
  async function upload(device: RolloutDevice): Promise<SendOutcome> {
    let lastTold = 0;
    let lastPercent = -1;
    tell(device, { step: 'uploading', percent: 0, words: 'uploading (0 %)' });
    return sendImage(deps.send, device.target, deps.file, settings.keepSettings, {
      signal: control.signal,
      onProgress: (sent) => {
        const percent = Math.floor((sent / plan.image.bytes) * 100);
        const at = deps.now();
        if (percent === lastPercent || (percent < 100 && at - lastTold < PROGRESS_EVERY_MS)) return;
        lastTold = at;
        lastPercent = percent;
        tell(device, { step: 'uploading', percent, words: `uploading (${percent} %)` });
      },
    });
  }

  /** The verdict of a device that took the image (or may have), from `downAt` on. */
  async function verify(
    device: RolloutDevice,
    before: BeforeUpdate,
    window: { downAt: number; deadlineAt: number; alreadyRebooted?: boolean },
    ask: CertificateAsk,
  ): Promise<VerifyResult> {
    return verifyUpdate(deps.facts, {
      target: device.target,
      before,
      ...(settings.expectVersion !== undefined ? { expectVersion: settings.expectVersion } : {}),
      downAt: window.downAt,
      deadlineAt: window.deadlineAt,
      deadlineMs,
      ...(window.alreadyRebooted === true ? { alreadyRebooted: true } : {}),
      signal: control.signal,
      now: deps.now,
      timing: deps.timing,
      onProgress: (step, words, backInSeconds) =>
        tell(device, { step, words, ...(backInSeconds !== undefined ? { backInSeconds } : {}) }),
      onCertificateChanged: (change) => {
        tell(device, {
          step: 'certificate-changed',
          words: `certificate changed after the update (trusted ${change.before}, now ${change.after})`,
        });
        return ask.ask(change);
      },
    });
  }

  function tellMonitor(device: RolloutDevice, at: number, after: number): void {
    const downAt = at + after * 1000;
    try {
      deps.disruptions?.expectDisruption(device.plan.deviceId, 'rebooting', at + deadlineMs, {
        since: at,
        downAtMs: downAt,
        backAtMs: Math.min(at + deadlineMs, downAt + deps.timing.backEstimateMs),
        cause: 'firmware',
      });
    } catch {
      // The monitor's view is this laptop's: it cannot change what happened to the device.
    }
  }

  function concluded(device: RolloutDevice, result: VerifyResult): void {
    const before = device.before;
    const final: Final = {
      outcome: result.outcome,
      words: result.words,
      uploaded: device.plan.role !== 'verify',
      ...(before !== undefined ? { from: before.version } : {}),
      ...(result.to !== undefined ? { to: result.to } : {}),
      ...(result.certificate !== undefined ? { certificate: result.certificate } : {}),
    };
    deps.log.verdict(
      logged(device, result.to),
      result.outcome === 'verified' ? 'done' : 'failed',
      result.words,
    );
    if (result.outcome === 'verified' && settings.expectVersion === undefined) version ??= result.to;
    finish(device, final);
  }

  /** What became of a device the cancel caught after it took the image: the next run verifies it. */
  const leftForNextRun = (device: RolloutDevice): Final => ({
    outcome: 'unknown',
    words: 'cancelled while it updates: the next run verifies it (it is not uploaded again)',
    uploaded: device.plan.role !== 'verify',
    ...(device.before !== undefined ? { from: device.before.version } : {}),
  });

  async function updateOne(device: RolloutDevice, ask: CertificateAsk): Promise<void> {
    const before = device.before;
    if (before === undefined) {
      // The plan uploads only to devices whose version it read: this cannot happen, and says so if it does.
      finish(device, {
        outcome: 'not-started',
        words: 'not started: its version before the update is not known',
        uploaded: false,
      });
      return;
    }
    if (control.signal.aborted) {
      finish(device, {
        outcome: 'not-started',
        words: 'not started: the rollout was cancelled',
        uploaded: false,
        from: before.version,
      });
      return;
    }
    if (device.plan.role === 'verify') {
      const now = deps.now();
      const resume = device.resume ?? { downAt: now, deadlineAt: now + deadlineMs, alreadyRebooted: false };
      // A deadline that passed while nobody watched still leaves time for a few reads.
      const deadlineAt = Math.max(resume.deadlineAt, now + 3 * deps.timing.pollMs);
      try {
        const result = await verify(
          device,
          before,
          { downAt: resume.downAt, deadlineAt, alreadyRebooted: resume.alreadyRebooted },
          ask,
        );
        concluded(device, result);
      } catch (error) {
        if (!isCancel(error)) throw error;
        finish(device, leftForNextRun(device));
      }
      return;
    }
    // The canary told what version this image brings: a device already on it is left alone.
    if (settings.expectVersion === undefined && version !== undefined && before.version === version) {
      finish(device, {
        outcome: 'skipped',
        words: `skipped: already on ${version}, the version this image brought on the canary`,
        uploaded: false,
        from: before.version,
      });
      return;
    }
    const sent = await uploads(async (): Promise<SendOutcome | 'file-changed' | 'cancelled'> => {
      if (control.signal.aborted) return 'cancelled';
      if (!(await sameFileAs(deps.file))) return 'file-changed';
      return upload(device);
    });
    if (sent === 'cancelled') {
      finish(device, {
        outcome: 'not-started',
        words: 'not started: the rollout was cancelled',
        uploaded: false,
        from: before.version,
      });
      return;
    }
    if (sent === 'file-changed') {
      stopped ??= `the firmware file ${deps.file.path} changed since the plan read it: nothing more is uploaded`;
      finish(device, {
        outcome: 'not-started',
        words: `not started: ${stopped}`,
        uploaded: false,
        from: before.version,
      });
      return;
    }
    if (sent.kind === 'refused' || sent.kind === 'cut') {
      if (sent.kind === 'cut' && sent.cancelled) {
        deps.log.verdict(logged(device), 'skipped', sent.words);
        finish(device, { outcome: 'not-started', words: sent.words, uploaded: false, from: before.version });
        return;
      }
      deps.log.verdict(logged(device), 'failed', sent.words);
      finish(device, { outcome: 'failed', words: sent.words, uploaded: false, from: before.version });
      return;
    }
    const deadlineAt = sent.at + deadlineMs;
    took.add(device.plan.deviceId);
    deps.log.accepted(logged(device), sent.words, new Date(deadlineAt));
    tellMonitor(device, sent.at, sent.after);
    try {
      const result = await verify(device, before, { downAt: sent.at + sent.after * 1000, deadlineAt }, ask);
      concluded(device, result);
    } catch (error) {
      if (!isCancel(error)) throw error;
      finish(device, leftForNextRun(device));
    }
  }

  /**
   * A failure of this laptop's own (a bug), not the device's: the device's outcome says so, and a device
   * that took the image is left `unknown` for the next run to verify; the rollout stops after the step.
   */
  function unexpected(device: RolloutDevice, error: unknown): void {
    const why = `an unexpected failure on this laptop: ${error instanceof Error ? error.message : String(error)}`;
    const from = device.before !== undefined ? { from: device.before.version } : {};
    if (took.has(device.plan.deviceId) || device.plan.role === 'verify') {
      finish(device, {
        outcome: 'unknown',
        words: `${why}; the next run verifies it`,
        uploaded: true,
        ...from,
      });
    } else {
      deps.log.verdict(logged(device), 'failed', why);
      finish(device, { outcome: 'failed', words: why, uploaded: false, ...from });
    }
    stopped ??= `${why} (${device.plan.address})`;
  }

  async function runStep(index: number): Promise<void> {
    const step = plan.steps[index];
    if (step === undefined) return;
    const members = step.deviceIds.flatMap((id) => byId.get(id) ?? []);
    control.onEvent({ kind: 'step', index, name: step.name, state: 'started' });
    for (const device of members) tell(device, { step: 'waiting', words: `waiting (${step.name})` });
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
        stopped ??= `${error instanceof Error ? error.message : String(error)}: nothing was uploaded, so a later run could not tell what was`;
      }
    }
    const offline = pLimit(settings.maxOffline);
    const ask = new CertificateAsk(members.length, deps.trust);
    await Promise.all(
      members.map((device) =>
        offline(async () => {
          try {
            if (stopped !== undefined && !finals.has(device.plan.deviceId)) {
              finish(device, {
                outcome: 'not-started',
                words: `not started: ${stopped}`,
                uploaded: false,
                ...(device.before !== undefined ? { from: device.before.version } : {}),
              });
              return;
            }
            await updateOne(device, ask).catch((error: unknown) => unexpected(device, error));
          } finally {
            ask.done();
          }
        }),
      ),
    );
    await deps.log.flush();
    control.onEvent({ kind: 'step', index, name: step.name, state: 'finished' });
    const failed = members.find((d) => finals.get(d.plan.deviceId)?.outcome === 'failed');
    if (failed !== undefined && stopped === undefined) {
      const words = finals.get(failed.plan.deviceId)?.words ?? 'failed';
      stopped =
        step.kind === 'canary'
          ? `the canary ${failed.plan.address} failed (${words}): no batch was started`
          : step.kind === 'earlier-run'
            ? `${failed.plan.address} of the earlier run failed (${words}): nothing more was uploaded`
            : `${failed.plan.address} failed in ${step.name} (${words}): the rollout stopped after that batch`;
    }
  }

  for (let index = 0; index < plan.steps.length; index += 1) {
    if (control.signal.aborted) break;
    if (stopped === undefined && index > 0 && control.stopRequested()) {
      stopped = `stopped after ${plan.steps[index - 1]?.name ?? 'the step before'}, as asked`;
    }
    if (stopped !== undefined) {
      control.onEvent({ kind: 'stopping', reason: stopped });
      break;
    }
    await runStep(index);
  }
  await deps.log.flush();

  const reason = control.signal.aborted ? 'the rollout was cancelled' : (stopped ?? 'the rollout stopped');
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
    tell(device, { step: 'not-started', words: notStarted.words });
    return notStarted;
  });
  return {
    image: plan.image,
    ...(version !== undefined ? { version } : {}),
    devices: outcomes,
    counts: countOutcomes(outcomes),
    ...(stopped !== undefined ? { stopped } : {}),
    cancelled: control.signal.aborted,
    activityErrors: [...deps.log.errors],
  };
}

const isCancel = (error: unknown): boolean => isDeviceError(error) && error.code === 'CANCELLED';
