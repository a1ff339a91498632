/**
 * Firmware for the app's window, over the same firmware service the CLI runs (firmware-service.ts): the
 * image chosen in main's own file dialog (its path stays here), the plan over the fleet devices the window
 * names, kept under an id so that `start` runs exactly the plan the technician saw, and one rollout at a
 * time — each device's step streamed as `firmware:progress` events, the question about certificates that
 * changed after the update asked once per step (`firmware:question`, the rollout waits for the answer),
 * and the outcome as `firmware:done`. A verified device's new version is told to the fleet at once (its
 * row and the inventory show it). The run stays readable (`current`) so a reloaded window finds it; what it
 * records of the run and tells the window as it goes (events, time left) is app-firmware-run.ts.
 */
import { message } from '../../../shared/i18n/message';
import { randomBytes } from 'node:crypto';
import type { CertificateChange, FirmwareOutcome, FirmwarePlan } from '../../../shared/domain/firmware';
import type { FirmwareChoices, FirmwarePlanView, FirmwareRun } from '../../../shared/ipc/channels/firmware';
import type { Result } from '../../../shared/result';
import { err, errWithText, ok } from '../../../shared/result';
import type { SessionTarget } from '../credentials/session-target';
import type { EventHub } from '../events/event-hub';
import type { ChooseFileOutcome, ChooseFileRequest } from '../shell/system-glue';
import type { TrustOutcome } from './certificates';
import type { FirmwareService, PreparedRollout } from './firmware-service';
import type { FirmwareImageFile } from './image-file';
import { readFirmwareImage } from './image-file';
import { REAL_CLOCK } from '../clock/clock';
import type { Clock } from '../clock/clock';
import { createRolloutProgress } from '../progress/rollout-progress';
import type { RunState } from './app-firmware-run';
import { brokenOutcome, createRunTeller, runView } from './app-firmware-run';

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

export function createAppFirmware(options: AppFirmwareOptions): AppFirmware {
  const { firmware, events } = options;
  const clock = options.clock ?? REAL_CLOCK;
  let image: FirmwareImageFile | undefined;
  let prepared: { planId: string; rollout: PreparedRollout } | undefined;
  let run: RunState | undefined;
  const { heard, tick } = createRunTeller({ events, clock, versionSeen: options.versionSeen });

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
        ended(brokenOutcome(runView(state), error)),
      );
      run = state;
      return ok(runView(state));
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

    current: () => (run === undefined ? null : runView(run)),

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
