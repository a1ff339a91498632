/**
 * "Firmware…" in the window: the image chosen in main's file dialog (`firmware:choose-image`: its name,
 * size and SHA-256, never its path), the plan over the fleet selection (`firmware:plan`: nothing sent), the
 * rollout of that very plan (`firmware:start`), each device's step as `firmware:progress` events arrive,
 * the question about certificates that changed after the update (`firmware:question`), "stop after this
 * batch", cancel, and the outcome (`firmware:done`). A reloaded window finds the rollout again
 * (`firmware:run`).
 */
import type { FirmwareDeviceProgress, FirmwareImage } from '../../../shared/domain/firmware';
import type {
  FirmwareChoices,
  firmwareChannels,
  FirmwarePlanView,
  FirmwareRun,
} from '../../../shared/ipc/channels/firmware';
import type { Api } from '../../../shared/ipc/contract';
import type { AppEvent } from '../../../shared/ipc/events';
import { message } from '../../../shared/i18n/message';
import type { MessageRef } from '../../../shared/i18n/message';
import type { AppError } from '../../../shared/result';
import type { AsyncState } from './async-state';
import { idle, loading } from './async-state';
import type { SliceCreator } from './types';

export interface FirmwareSlice {
  /** The image chosen in this session (main keeps where it is). */
  firmwareImage: FirmwareImage | null;
  firmwarePlan: AsyncState<FirmwarePlanView>;
  firmwareRun: FirmwareRun | null;
  /** What went wrong last (choosing, planning, starting, answering), in English words (the Standard form's). */
  firmwareError: string | null;
  /** The same error as main sent it, for the Firmware dialog to say in its reader's language. */
  firmwareFault: AppError | null;
  /** What trusting the new certificates did, as messages (one sentence each). */
  firmwareTrusted: MessageRef[] | null;
  firmwareLoaded: () => Promise<void>;
  firmwareImageRequested: () => Promise<void>;
  firmwarePlanRequested: (choices: FirmwareChoices, deviceIds?: readonly string[]) => Promise<void>;
  firmwarePlanDropped: () => void;
  firmwareStartRequested: () => Promise<void>;
  firmwareStopRequested: () => Promise<void>;
  firmwareCancelRequested: () => Promise<void>;
  firmwareTrustRequested: (trust: boolean) => Promise<void>;
  firmwareEventsArrived: (events: readonly AppEvent[]) => void;
}

export interface FirmwareSliceDeps {
  api: Pick<Api, keyof typeof firmwareChannels>;
}

/** The run with this batch of events applied: one new object per batch, not per event. */
export function applyFirmwareEvents(run: FirmwareRun, events: readonly AppEvent[]): FirmwareRun {
  let next = run;
  let latest: Map<string, FirmwareDeviceProgress> | undefined;
  for (const event of events) {
    if (event.type === 'firmware:progress' && event.payload.runId === run.runId) {
      const e = event.payload.event;
      if (event.payload.progress !== undefined) next = { ...next, progress: event.payload.progress };
      if (e.kind === 'device') (latest ??= new Map()).set(e.deviceId, e);
      else if (e.kind === 'step' && e.state === 'started') next = { ...next, step: e.name };
      else if (e.kind === 'stopping') next = { ...next, stopping: e.reason };
    } else if (event.type === 'firmware:time-left' && event.payload.runId === run.runId) {
      next = { ...next, progress: event.payload.progress };
    } else if (event.type === 'firmware:question' && event.payload.runId === run.runId) {
      const { questionId, changes } = event.payload;
      next = { ...next, question: { questionId, changes } };
    } else if (event.type === 'firmware:done' && event.payload.runId === run.runId) {
      const { outcome } = event.payload;
      const { question: _question, step: _step, ...rest } = next;
      next = { ...rest, status: 'done', outcome };
      // Devices the rollout never reached end as the outcome says (not started, unknown).
      latest ??= new Map();
      for (const d of outcome.devices) {
        latest.set(d.deviceId, {
          kind: 'device',
          deviceId: d.deviceId,
          address: d.address,
          step: d.outcome,
          words: d.words,
          uploaded: d.uploaded,
          ...(d.from !== undefined ? { from: d.from } : {}),
          ...(d.to !== undefined ? { to: d.to } : {}),
          ...(d.certificate !== undefined ? { certificate: d.certificate } : {}),
        });
      }
    }
  }
  if (latest !== undefined) {
    const changed = latest;
    next = { ...next, devices: next.devices.map((d) => changed.get(d.deviceId) ?? d) };
  }
  return next;
}

export const createFirmwareSlice =
  (deps: FirmwareSliceDeps): SliceCreator<FirmwareSlice> =>
  (set, get) => {
    const selected = (): string[] =>
      Object.keys(get().selection).filter((id) => get().selection[id] === true);

    return {
      firmwareImage: null,
      firmwarePlan: idle,
      firmwareRun: null,
      firmwareError: null,
      firmwareFault: null,
      firmwareTrusted: null,

      firmwareLoaded: async () => {
        const run = await deps.api['firmware:run']();
        if (run.ok && run.value !== null && get().firmwareRun === null) set({ firmwareRun: run.value });
      },

      firmwareImageRequested: async () => {
        set({ firmwareError: null, firmwareFault: null });
        const chosen = await deps.api['firmware:choose-image']();
        if (!chosen.ok) set({ firmwareError: chosen.error.message, firmwareFault: chosen.error });
        // Closed without a choice: the image chosen before (if any) stays.
        else if (chosen.value !== null) set({ firmwareImage: chosen.value.image, firmwarePlan: idle });
      },

      firmwarePlanRequested: async (choices, given) => {
        const deviceIds = given !== undefined ? [...given] : selected();
        if (deviceIds.length === 0) return;
        set({ firmwarePlan: loading, firmwareError: null, firmwareFault: null });
        const result = await deps.api['firmware:plan']({ deviceIds, choices });
        set({
          firmwarePlan: result.ok
            ? { status: 'ready', value: result.value }
            : { status: 'error', error: result.error },
        });
      },

      firmwarePlanDropped: () => set({ firmwarePlan: idle }),

      firmwareStartRequested: async () => {
        const plan = get().firmwarePlan;
        if (plan.status !== 'ready') return;
        set({ firmwareError: null, firmwareFault: null, firmwareTrusted: null });
        const started = await deps.api['firmware:start']({ planId: plan.value.planId });
        if (started.ok) set({ firmwareRun: started.value, firmwarePlan: idle });
        else set({ firmwareError: started.error.message, firmwareFault: started.error });
      },

      firmwareStopRequested: async () => {
        const stopped = await deps.api['firmware:stop-after-batch']();
        if (!stopped.ok) set({ firmwareError: stopped.error.message, firmwareFault: stopped.error });
        else if (stopped.value.stopping) {
          const run = get().firmwareRun;
          if (run !== null && run.stopping === undefined) {
            set({ firmwareRun: { ...run, stopping: 'stopping after this batch, as asked' } });
          }
        }
      },

      firmwareCancelRequested: async () => {
        const cancelled = await deps.api['firmware:cancel']();
        if (!cancelled.ok) set({ firmwareError: cancelled.error.message, firmwareFault: cancelled.error });
      },

      firmwareTrustRequested: async (trust) => {
        set({ firmwareError: null, firmwareFault: null });
        const answered = await deps.api['firmware:trust-certificates']({ trust });
        if (!answered.ok) {
          set({ firmwareError: answered.error.message, firmwareFault: answered.error });
          return;
        }
        const { trusted, refused } = answered.value;
        const run = get().firmwareRun;
        if (run?.question !== undefined) {
          const { question: _question, ...rest } = run;
          set({ firmwareRun: rest });
        }
        const words = [
          trust
            ? message('fleet-actions.firmwareRun.trusted', { count: trusted.length })
            : message('fleet-actions.firmwareRun.notTrusted'),
          ...refused.map((r) =>
            message('fleet-actions.firmwareRun.refused', {
              address: r.address.replace(/^https?:\/\//, ''),
              why: r.why,
            }),
          ),
        ];
        set({ firmwareTrusted: words });
      },

      firmwareEventsArrived: (events) => {
        const run = get().firmwareRun;
        if (run !== null) {
          const next = applyFirmwareEvents(run, events);
          if (next !== run) set({ firmwareRun: next });
          return;
        }
        // A rollout started elsewhere (another window of this session): picked up once it speaks.
        if (events.some((e) => e.type.startsWith('firmware:'))) void get().firmwareLoaded();
      },
    };
  };
