/**
 * One device of a rollout's step, from its upload to its verdict: the image sent once (in an upload slot
 * the pacer gives, rollout-pacer.ts), then, on its own, the device's monitor told it is updating, the reboot waited out and the
 * update verified (verify.ts); or, for a device an earlier run left mid-update, only verified. Every ending
 * is the device's outcome in words and a line in the activity log; a cancel leaves a device that took the
 * image to the next run; a failure of this laptop's own is named as such.
 */
import type { FirmwarePlan } from '../../../shared/domain/firmware';
import { message } from '../../../shared/i18n/message';
import { REAL_CLOCK } from '../clock/clock';
import { isDeviceError } from '../device/device-error';
import type { CertificateAsk } from './certificate-ask';
import { sameFileAs } from './image-file';
import type { RolloutRecord } from './rollout-record';
import { logged } from './rollout-record';
import type { Final, RolloutControl, RolloutDeps, RolloutDevice } from './rollout-types';
import type { SendOutcome } from './send-image';
import { sendImage } from './send-image';
import type { BeforeUpdate } from './verdict';
import type { VerifyResult } from './verify';
import { verifyUpdate } from './verify';

/**
 * Upload progress is told at most this often per device (and at 0 and 100 %): real time, since it paces
 * what a person sees, not a wait of the run (on a scaled clock, field time would tell every chunk).
 */
const PROGRESS_EVERY_MS = 250;

const isCancel = (error: unknown): boolean => isDeviceError(error) && error.code === 'CANCELLED';

export interface DeviceUpdateContext {
  deps: RolloutDeps;
  plan: FirmwarePlan;
  control: RolloutControl;
  record: RolloutRecord;
}

/** A device's verification after its upload: its verdict recorded when it resolves (it never rejects). */
export type Verification = () => Promise<void>;

/** The update of one device, in two parts: the pacer (rollout-pacer.ts) holds an upload slot only for the first. */
export interface DeviceUpdate {
  send: (device: RolloutDevice, ask: CertificateAsk, cut: AbortSignal) => Promise<Verification | undefined>;
}

export function createDeviceUpdate(ctx: DeviceUpdateContext): DeviceUpdate {
  const { deps, plan, control, record } = ctx;
  const settings = plan.settings;
  const deadlineMs = settings.deadlineMinutes * 60_000;

  /** Sends the image once, telling its progress (at most every 250 ms, and at 100 %). */
  async function upload(device: RolloutDevice, signal: AbortSignal): Promise<SendOutcome> {
    let lastTold = 0;
    let lastPercent = -1;
    record.tell(device, { step: 'uploading', percent: 0, words: 'uploading (0 %)' });
    const send = deps.clock !== undefined ? { ...deps.send, clock: deps.clock } : deps.send;
    return sendImage(send, device.target, deps.file, settings.keepSettings, {
      signal,
      onProgress: (sent) => {
        const percent = Math.floor((sent / plan.image.bytes) * 100);
        const at = REAL_CLOCK.now();
        if (percent === lastPercent || (percent < 100 && at - lastTold < PROGRESS_EVERY_MS)) return;
        lastTold = at;
        lastPercent = percent;
        record.tell(device, { step: 'uploading', percent, words: `uploading (${percent} %)` });
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
      ...(deps.clock !== undefined ? { clock: deps.clock } : {}),
      timing: deps.timing,
      onProgress: (step, words, backInSeconds) =>
        record.tell(device, { step, words, ...(backInSeconds !== undefined ? { backInSeconds } : {}) }),
      onCertificateChanged: (change) => {
        record.tell(device, {
          step: 'certificate-changed',
          words: `certificate changed after the update (trusted ${change.before}, now ${change.after})`,
        });
        return ask.ask(change);
      },
    });
  }

  /**
   * The fleet's monitor outlives any run and stays on the real clock: a time of a run on a scaled clock
   * (field epoch ms) is told as the real instant it falls at.
   */
  const monitorTime = (fieldAt: number): number => {
    const clock = deps.clock;
    if (clock === undefined || clock.scale === 1) return fieldAt;
    return REAL_CLOCK.now() + (fieldAt - clock.now()) / clock.scale;
  };

  function tellMonitor(device: RolloutDevice, at: number, after: number): void {
    const downAt = at + after * 1000;
    const m = monitorTime;
    try {
      deps.disruptions?.expectDisruption(device.plan.deviceId, 'rebooting', m(at + deadlineMs), {
        since: m(at),
        downAtMs: m(downAt),
        backAtMs: m(Math.min(at + deadlineMs, downAt + deps.timing.backEstimateMs)),
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
      ...(result.text !== undefined ? { text: result.text } : {}),
      uploaded: device.plan.role !== 'verify',
      ...(before !== undefined ? { from: before.version } : {}),
      ...(result.to !== undefined ? { to: result.to } : {}),
      ...(result.certificate !== undefined ? { certificate: result.certificate } : {}),
    };
    deps.log.verdict(
      logged(device, result.to),
      result.outcome === 'verified' ? 'done' : 'failed',
      result.words,
      result.text,
    );
    if (result.outcome === 'verified' && settings.expectVersion === undefined) record.version ??= result.to;
    record.finish(device, final);
  }

  /** What became of a device the cancel caught after it took the image: the next run verifies it. */
  const leftForNextRun = (device: RolloutDevice): Final => ({
    outcome: 'unknown',
    words: 'cancelled while it updates: the next run verifies it (it is not uploaded again)',
    text: message('outcomes.firmware.cancelledWhileUpdating'),
    uploaded: device.plan.role !== 'verify',
    ...(device.before !== undefined ? { from: device.before.version } : {}),
  });

  const notStarted = (device: RolloutDevice, words: string): void =>
    record.finish(device, {
      outcome: 'not-started',
      words,
      uploaded: false,
      ...(device.before !== undefined ? { from: device.before.version } : {}),
    });

  /** The verification of a device an earlier run left mid-update, from where that run left it. */
  function resumed(device: RolloutDevice, before: BeforeUpdate, ask: CertificateAsk): Verification {
    return async () => {
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
        record.finish(device, leftForNextRun(device));
      }
    };
  }

  /** What an upload that did not take leaves: its verdict (a refusal fails; a cut or cancel did nothing). */
  function notTaken(
    device: RolloutDevice,
    before: BeforeUpdate,
    sent: Extract<SendOutcome, { kind: 'refused' | 'cut' }>,
  ): void {
    if (sent.kind === 'cut' && sent.cancelled) {
      deps.log.verdict(logged(device), 'skipped', sent.words);
      // Cut by the rollout's trouble elsewhere, not by a cancel: the stop says why.
      const why = control.signal.aborted
        ? sent.words
        : `not started: ${record.stopped ?? 'the rollout stopped'} (its upload was cut: nothing was installed)`;
      notStarted(device, why);
      return;
    }
    deps.log.verdict(logged(device), 'failed', sent.words);
    record.finish(device, { outcome: 'failed', words: sent.words, uploaded: false, from: before.version });
  }

  /**
   * Everything up to and including the upload (the caller holds an upload slot meanwhile): the
   * verification to run after it, or undefined when the device's verdict is in already. `cut` stops the
   * upload (nothing installed) when the rollout stops elsewhere.
   */
  async function send(
    device: RolloutDevice,
    ask: CertificateAsk,
    cut: AbortSignal,
  ): Promise<Verification | undefined> {
    const before = device.before;
    if (before === undefined) {
      // The plan uploads only to devices whose version it read: this cannot happen, and says so if it does.
      notStarted(device, 'not started: its version before the update is not known');
      return undefined;
    }
    if (control.signal.aborted) {
      notStarted(device, 'not started: the rollout was cancelled');
      return undefined;
    }
    if (device.plan.role === 'verify') return resumed(device, before, ask);
    // The canary told what version this image brings: a device already on it is left alone.
    if (
      settings.expectVersion === undefined &&
      record.version !== undefined &&
      before.version === record.version
    ) {
      record.finish(device, {
        outcome: 'skipped',
        words: `skipped: already on ${record.version}, the version this image brought on the canary`,
        uploaded: false,
        from: before.version,
      });
      return undefined;
    }
    if (!(await sameFileAs(deps.file))) {
      record.stopped ??= `the firmware file ${deps.file.path} changed since the plan read it: nothing more is uploaded`;
      notStarted(device, `not started: ${record.stopped}`);
      return undefined;
    }
    const sent = await upload(device, AbortSignal.any([control.signal, cut]));
    if (sent.kind === 'refused' || sent.kind === 'cut') {
      notTaken(device, before, sent);
      return undefined;
    }
    const deadlineAt = sent.at + deadlineMs;
    record.took.add(device.plan.deviceId);
    deps.log.accepted(logged(device), sent.words, new Date(deadlineAt));
    tellMonitor(device, sent.at, sent.after);
    return async () => {
      try {
        const result = await verify(device, before, { downAt: sent.at + sent.after * 1000, deadlineAt }, ask);
        concluded(device, result);
      } catch (error) {
        if (!isCancel(error)) throw error;
        record.finish(device, leftForNextRun(device));
      }
    };
  }

  /**
   * A failure of this laptop's own (a bug), not the device's: the device's outcome says so, and a device
   * that took the image is left `unknown` for the next run to verify; the rollout stops after the step.
   */
  function unexpected(device: RolloutDevice, error: unknown): void {
    const why = `an unexpected failure on this laptop: ${error instanceof Error ? error.message : String(error)}`;
    const from = device.before !== undefined ? { from: device.before.version } : {};
    if (record.took.has(device.plan.deviceId) || device.plan.role === 'verify') {
      record.finish(device, {
        outcome: 'unknown',
        words: `${why}; the next run verifies it`,
        uploaded: record.took.has(device.plan.deviceId),
        ...from,
      });
    } else {
      deps.log.verdict(logged(device), 'failed', why);
      record.finish(device, { outcome: 'failed', words: why, uploaded: false, ...from });
    }
    record.stopped ??= `${why} (${device.plan.address})`;
  }

  return {
    send: (device, ask, cut) =>
      send(device, ask, cut).then(
        (verification) =>
          verification === undefined
            ? undefined
            : () => verification().catch((error: unknown) => unexpected(device, error)),
        (error: unknown) => {
          unexpected(device, error);
          return undefined;
        },
      ),
  };
}
