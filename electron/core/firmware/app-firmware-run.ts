/**
 * The app's record of its one rollout (app-firmware.ts): what the window has heard of each device, the
 * step and stop under way, the question waiting, the outcome — and what the window is shown of it
 * (`runView`), the time left estimated as devices change and told again every tick though none does (a
 * reboot changes no step). Kept apart from app-firmware.ts, which decides what may start, stop and be
 * answered: this only follows a run and tells the window about it.
 */
import type {
  FirmwareDeviceProgress,
  FirmwareEvent,
  FirmwareOutcome,
  FirmwareOutcomeKind,
  FirmwarePlan,
} from '../../../shared/domain/firmware';
import { countOutcomes } from '../../../shared/domain/firmware';
import type { CertificateQuestion, FirmwareRun } from '../../../shared/ipc/channels/firmware';
import type { RunProgressView } from '../../../shared/format/time-left-text';
import type { Clock } from '../clock/clock';
import type { EventHub } from '../events/event-hub';
import type { RolloutProgress } from '../progress/rollout-progress';
import type { EstimateThrottle } from '../progress/estimate-throttle';
import { throttleEstimate } from '../progress/estimate-throttle';
import type { FirmwareRun as CoreRun } from './firmware-service';

/** How often a running rollout tells its time left though no device changed (field time). */
const PROGRESS_TICK_MS = 30_000;

export interface RunState {
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
export function brokenOutcome(shown: FirmwareRun, error: unknown): FirmwareOutcome {
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

/** The run as the window sees it (`current`, `start`'s answer). */
export const runView = (state: RunState): FirmwareRun => ({
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

export interface RunTellerOptions {
  events: Pick<EventHub, 'emit'>;
  /** The clock the time left is re-told on. */
  clock: Clock;
  /** A device was verified on `version`: the fleet's row and the inventory learn it. */
  versionSeen?: ((deviceId: string, version: string) => void) | undefined;
}

export interface RunTeller {
  /** Records a rollout event and tells it to the window with the time left. */
  heard(state: RunState, event: FirmwareEvent): void;
  /** While the rollout goes on, its time left is told again every tick, until `stop`. */
  tick(state: RunState, stop: AbortSignal): Promise<void>;
}

export function createRunTeller(options: RunTellerOptions): RunTeller {
  const { events, clock } = options;

  /** The time left: made again at most every second while devices change (estimate-throttle.ts). */
  const estimate = (state: RunState, fresh: boolean): RunProgressView => {
    state.estimate ??= throttleEstimate(
      () => state.timing.estimate(new Map([...state.latest].map(([id, d]) => [id, d.step]))),
      {
        now: () => clock.now(),
        reusable: (progress) => progress.leftMs !== undefined,
        trailing: (progress) => {
          state.progress = progress;
          events.emit({ type: 'firmware:time-left', payload: { runId: state.runId, progress } });
        },
      },
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

  return { heard, tick };
}
