/**
 * Firmware for the app's window, over the same firmware service the CLI runs (firmware-service.ts): the
 * image chosen in main's own file dialog (its path stays here), the plan over the fleet devices the window
 * names, kept under an id so that `start` runs exactly the plan the technician saw, and one rollout at a
 * time — each device's step streamed as `firmware:progress` events, the question about certificates that
 * changed after the update asked once per step (`firmware:question`, the rollout waits for the answer),
 * and the outcome as `firmware:done`. A verified device's new version is told to the fleet at once (its
 * row and the inventory show it). The run stays readable (`current`) so a reloaded window finds it.
 */
import { message } from '../../../shared/i18n/message';
import { randomBytes } from 'node:crypto';
import type {
  CertificateChange,
  FirmwareDeviceProgress,
  FirmwareEvent,
  FirmwareOutcome,
  FirmwareOutcomeKind,
  FirmwarePlan,
} from '../../../shared/domain/firmware';
import { countOutcomes } from '../../../shared/domain/firmware';
import type {
  CertificateQuestion,
  FirmwareChoices,
  FirmwarePlanView,
  FirmwareRun,
} from '../../../shared/ipc/channels/firmware';
import type { Result } from '../../../shared/result';
import { err, errWithText, ok } from '../../../shared/result';
import type { SessionTarget } from '../credentials/session-target';
import type { EventHub } from '../events/event-hub';
import type { ChooseFileOutcome, ChooseFileRequest } from '../shell/system-glue';
import type { TrustOutcome } from './certificates';
import type { FirmwareService, FirmwareRun as CoreRun, PreparedRollout } from './firmware-service';
import type { FirmwareImageFile } from './image-file';
import { readFirmwareImage } from './image-file';
import type { RunProgressView } from '../../../shared/format/time-left-text';
import { REAL_CLOCK } from '../clock/clock';
import type { Clock } from '../clock/clock';
import type { RolloutProgress } from '../progress/rollout-progress';
import type { EstimateThrottle } from '../progress/estimate-throttle';
import { throttleEstimate } from '../progress/estimate-throttle';
import { createRolloutProgress } from '../progress/rollout-progress';

/** How often a running rollout tells its time left though no device changed (field time). */
const PROGRESS_TICK_MS = 30_000;

export interface AppFirmwareOptions {
  firmware: FirmwareService;
  events: Pick<EventHub, 'emit'>;
  /** The fleet devices among these ids, at their current addresses. */
  targets: (deviceIds: readonly string[]) => SessionTarget[];
  /** The fleet's site: its activity log records the rollout. */
  siteId: () => string | undefined;
  /** Main's open dialog (SystemGlue.chooseFile); absent: the shell cannot ask for a file. */
  chooseFile?: ((request: ChooseFileRequest) => Promise<Result<ChooseFileOutcome>>) | undefined;
  /** A device was verified on `version`: the fleet's row and the inventory learn it. */
  versionSeen?: (deviceId: string, version: string) => void;
  /** Devices read at once during the preflight (the credentials setting). */
  concurrency?: () => number | undefined;
  /** The clock the time left is estimated and re-told on (default: the real one). */
  clock?: Clock;
}

export interface AppFirmware {
  /** The firmware service itself, for other capabilities that update firmware (the site standard). */
  readonly service: FirmwareService;
  chooseImage(): Promise<Result<{ image: FirmwarePlan['image'] } | null>>;
  plan(deviceIds: readonly string[], choices: FirmwareChoices): Promise<Result<FirmwarePlanView>>;
  start(planId: string): Result<FirmwareRun>;
  /** True when a rollout was running and will stop after its current step. */
  stopAfterThisBatch(): boolean;
  /** True when a rollout was running and is now cancelled. */
  cancel(): boolean;
  current(): FirmwareRun | null;
  /** Answers the question the rollout waits on; after the rollout, trusts what its outcome names. */
  answerCertificates(trust: boolean): Promise<Result<TrustOutcome>>;
  /** Resolves when the current rollout (if any) has ended. */
  settled(): Promise<void>;
  /** The path of the image last chosen in main's dialog (the site standard's `image: 'chosen'`). */
  chosenImagePath(): string | undefined;
  dispose(): Promise<void>;
}

const IMAGE_DIALOG: ChooseFileRequest = {
  title: 'Choose the firmware image',
  filters: [
    { name: 'Firmware images', extensions: ['bin', 'img', 'tar', 'gz', 'bmu', 'swu', 'zip'] },
    { name: 'All files', extensions: ['*'] },
  ],
};

const newId = (): string => `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

interface RunState {
  runId: string;
  siteId: string;
  plan: FirmwarePlan;
  latest: Map<string, FirmwareDeviceProgress>;
  status: FirmwareRun['status'];
  step?: string;
  stopping?: string;
  question?: CertificateQuestion & { answer: (trust: boolean) => void };
  outcome?: FirmwareRun['outcome'];
  core: CoreRun;
  ended: Promise<void>;
  /** Times the rollout's steps and estimates the time left (issue 33). */
  timing: RolloutProgress;
  estimate?: EstimateThrottle<RunProgressView>;
  progress?: RunProgressView;
}

/** Where a device of the plan is before the rollout reaches it. */
function initialStep(device: FirmwarePlan['devices'][number]): FirmwareDeviceProgress {
  const base = { kind: 'device' as const, deviceId: device.deviceId, address: device.address };
  return device.role === 'skip'
    ? { ...base, step: 'skipped', words: `skipped: ${device.detail}` }
    : { ...base, step: 'waiting', words: 'waiting' };
}

/**
 * The outcome of a rollout that ended on an unexpected error (a bug, never a device's failure): every
 * device as far as it got; one that was under way is `unknown`, for the next run to verify.
 */
function brokenOutcome(shown: FirmwareRun, error: unknown): FirmwareOutcome {
  const why = `the rollout stopped on an error: ${error instanceof Error ? error.message : String(error)}`;
  const devices = shown.devices.map((d) => {
    const outcome: FirmwareOutcomeKind =
      d.step === 'verified' || d.step === 'failed' || d.step === 'skipped' || d.step === 'not-started'
        ? d.step
        : d.step === 'waiting'
          ? 'not-started'
          : 'unknown';
    return {
      deviceId: d.deviceId,
      address: d.address,
      outcome,
      words: outcome === 'unknown' ? `${d.words}; ${why}` : d.words,
      uploaded: d.uploaded === true,
      ...(d.from !== undefined ? { from: d.from } : {}),
      ...(d.to !== undefined ? { to: d.to } : {}),
    };
  });
  return {
    image: shown.plan.image,
    ...(shown.plan.version !== undefined ? { version: shown.plan.version } : {}),
    devices,
    counts: countOutcomes(devices),
    stopped: why,
    cancelled: false,
    activityErrors: [],
  };
}

export function createAppFirmware(options: AppFirmwareOptions): AppFirmware {
  const { firmware, events } = options;
  const clock = options.clock ?? REAL_CLOCK;
  let image: FirmwareImageFile | undefined;
  let prepared: { planId: string; rollout: PreparedRollout } | undefined;
  let run: RunState | undefined;

  const view = (state: RunState): FirmwareRun => ({
    runId: state.runId,
    status: state.status,
    plan: state.plan,
    devices: state.plan.devices.map((d) => state.latest.get(d.deviceId) ?? initialStep(d)),
    ...(state.step !== undefined && state.status === 'running' ? { step: state.step } : {}),
    ...(state.stopping !== undefined ? { stopping: state.stopping } : {}),
    ...(state.question !== undefined
      ? { question: { questionId: state.question.questionId, changes: state.question.changes } }
      : {}),
    ...(state.outcome !== undefined ? { outcome: state.outcome } : {}),
    ...(state.progress !== undefined ? { progress: state.progress } : {}),
  });

  /** The time left: made again at most every second while devices change (estimate-throttle.ts). */
  const estimate = (state: RunState, fresh: boolean): RunProgressView => {
    state.estimate ??= throttleEstimate(() =>
      state.timing.estimate(new Map([...state.latest].map(([id, d]) => [id, d.step]))),
    );
    state.progress = state.estimate.get(fresh || state.status !== 'running');
    return state.progress;
  };

  function heard(state: RunState, event: FirmwareEvent): void {
    if (event.kind === 'device') {
      state.latest.set(event.deviceId, event);
      state.timing.see(event.deviceId, event.step);
      if (event.step === 'verified' && event.to !== undefined)
        options.versionSeen?.(event.deviceId, event.to);
    } else if (event.kind === 'step' && event.state === 'started') state.step = event.name;
    else if (event.kind === 'stopping') state.stopping = event.reason;
    const progress = estimate(state, event.kind !== 'device');
    events.emit({ type: 'firmware:progress', payload: { runId: state.runId, event, progress } });
  }

  /** While the rollout goes on, its time left is told again every tick (a reboot changes no step). */
  async function tick(state: RunState, stop: AbortSignal): Promise<void> {
    for (;;) {
      await clock.sleep(PROGRESS_TICK_MS, stop);
      if (stop.aborted || state.status !== 'running') return;
      events.emit({
        type: 'firmware:time-left',
        payload: { runId: state.runId, progress: estimate(state, true) },
      });
    }
  }

  /** The rollout waits here until the technician answers (or the rollout is cancelled: not trusted). */
  function ask(state: RunState, changes: CertificateChange[]): Promise<boolean> {
    return new Promise((resolve) => {
      const questionId = newId();
      state.question = {
        questionId,
        changes,
        answer: (trust) => {
          if (state.question?.questionId === questionId) delete state.question;
          resolve(trust);
        },
      };
      events.emit({ type: 'firmware:question', payload: { runId: state.runId, questionId, changes } });
    });
  }

  const running = (): RunState | undefined => (run?.status === 'running' ? run : undefined);

  return {
    service: firmware,
    chosenImagePath: () => image?.path,

    async chooseImage() {
      if (options.chooseFile === undefined) {
        return err(
          'INTERNAL',
          'This window cannot open a file dialog: run `minerdeck firmware upgrade --file PATH`.',
        );
      }
      const chosen = await options.chooseFile(IMAGE_DIALOG);
      if (!chosen.ok) return chosen;
      if (chosen.value === null) return ok(null);
      const read = await readFirmwareImage(chosen.value.path);
      if (!read.ok) return read;
      image = read.value;
      prepared = undefined;
      return ok({ image: read.value.image });
    },

    async plan(deviceIds, choices) {
      if (image === undefined)
        return errWithText(
          'INVALID_INPUT',
          'Choose the firmware image first.',
          message('errors.firmware.chooseImage'),
        );
      const siteId = options.siteId();
      if (siteId === undefined)
        return errWithText(
          'INVALID_INPUT',
          'No site is open: choose a site first.',
          message('errors.site.noneOpen'),
        );
      const targets = options.targets([...new Set(deviceIds)]);
      if (targets.length === 0)
        return errWithText(
          'NOT_FOUND',
          'None of these devices is in the fleet any more.',
          message('errors.fleet.noneLeft'),
        );
      const concurrency = options.concurrency?.();
      // The file is read again: a technician who copied another image over it is planned with what is there.
      const planned = await firmware.prepare({
        targets,
        imagePath: image.path,
        siteId,
        settings: choices,
        ...(concurrency !== undefined ? { concurrency } : {}),
      });
      if (!planned.ok) return planned;
      image = planned.value.file;
      prepared = { planId: newId(), rollout: planned.value };
      return ok({ planId: prepared.planId, plan: planned.value.plan });
    },

    start(planId) {
      if (running() !== undefined) {
        return errWithText(
          'INVALID_INPUT',
          'A firmware rollout is going on already: wait for it, or stop it first.',
          message('errors.firmware.alreadyRunning'),
        );
      }
      if (prepared === undefined || prepared.planId !== planId) {
        return errWithText(
          'INVALID_INPUT',
          'This plan is no longer the latest one: make the plan again, then start.',
          message('errors.plan.stale'),
        );
      }
      const { rollout } = prepared;
      const partial: Omit<RunState, 'core' | 'ended'> = {
        runId: newId(),
        siteId: rollout.siteId,
        plan: rollout.plan,
        latest: new Map(),
        status: 'running',
        timing: createRolloutProgress({ plan: rollout.plan, now: () => clock.now() }),
      };
      // Filled in below, once the core run exists; its events only come after this function returns.
      const state = partial as RunState;
      const started = firmware.start(rollout, {
        onEvent: (event) => heard(state, event),
        decideCertificates: (changes) => ask(state, changes),
      });
      if (!started.ok) return started;
      prepared = undefined;
      state.core = started.value;
      const ticking = new AbortController();
      void tick(state, ticking.signal);
      const ended = (outcome: FirmwareOutcome): void => {
        ticking.abort();
        state.outcome = outcome;
        state.status = 'done';
        state.question?.answer(false);
        events.emit({ type: 'firmware:done', payload: { runId: state.runId, outcome } });
      };
      state.ended = started.value.outcome.then(ended, (error: unknown) =>
        ended(brokenOutcome(view(state), error)),
      );
      run = state;
      return ok(view(state));
    },

    stopAfterThisBatch() {
      const state = running();
      if (state === undefined) return false;
      state.core.stopAfterThisBatch();
      return true;
    },

    cancel() {
      const state = running();
      if (state === undefined) return false;
      state.core.cancel();
      state.question?.answer(false);
      return true;
    },

    current: () => (run === undefined ? null : view(run)),

    async answerCertificates(trust) {
      if (run === undefined)
        return errWithText(
          'NOT_FOUND',
          'No firmware rollout ran in this session.',
          message('errors.firmware.noRollout'),
        );
      const { question } = run;
      if (question !== undefined) {
        question.answer(trust);
        // The rollout pins them and goes on; each device's verdict then says whether it was verified.
        return ok({ trusted: trust ? question.changes.map((c) => c.address) : [], refused: [] });
      }
      if (run.status === 'running')
        return errWithText(
          'INVALID_INPUT',
          'No certificate question is waiting.',
          message('errors.firmware.noQuestion'),
        );
      const changes = (run.outcome?.devices ?? []).flatMap((d) =>
        d.certificate !== undefined && d.outcome === 'failed'
          ? [{ deviceId: d.deviceId, address: d.address, ...d.certificate }]
          : [],
      );
      if (!trust || changes.length === 0) return ok({ trusted: [], refused: [] });
      return firmware.trustUpdatedCertificates(run.siteId, changes);
    },

    settled: async () => {
      await run?.ended;
    },

    async dispose() {
      const state = running();
      if (state === undefined) return;
      state.core.cancel();
      state.question?.answer(false);
      await state.ended;
    },
  };
}
