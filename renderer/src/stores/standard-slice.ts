/**
 * The site standard in the window (shared/ipc/channels/standard.ts): the current site's standard
 * (`standard:get`, set with `standard:set`), each fleet device's drift from it (`standard:drift`, then
 * merged from `standard:drift` events) for the Standard column, the filter and the footer, and Commission —
 * the preview (`standard:plan`, with the password the dialog shows for devices this laptop knows none for:
 * the factory one unless changed), the run (`standard:commission`) followed through
 * `standard:progress` / `standard:device` events into the dialog and the fleet's Last action column, and
 * stopping it (`standard:cancel`).
 */
import type {
  CommissionDevice,
  CommissionPlan,
  CommissionRun,
  DeviceDrift,
  DriftSummary,
  StandardView,
} from '../../../shared/domain/standard';
import type { standardChannels, StandardSetInput } from '../../../shared/ipc/channels/standard';
import type { Api } from '../../../shared/ipc/contract';
import { message } from '../../../shared/i18n/message';
import type { MessageRef } from '../../../shared/i18n/message';
import { englishTranslator } from '../../../shared/i18n/translate';
import type { AppError } from '../../../shared/result';
import type { AppEvent } from '../../../shared/ipc/events';
import type { AsyncState } from './async-state';
import { idle, loading } from './async-state';
import type { FleetRow, RowOutcome } from './fleet-rows';
import type { SliceCreator } from './types';

/** The password new devices answer to from the factory: what the Commission dialog offers to unlock them with. */
export const FACTORY_PASSWORD = 'admin';

export interface StandardSlice {
  /** The current site's standard (`standard: null` when it has none yet). */
  standard: AsyncState<StandardView>;
  /** By device id: how each fleet device compares with its site's standard. */
  drift: Record<string, DeviceDrift>;
  driftSummary: DriftSummary | null;
  /** The site the drift belongs to, and whether that site has a standard. */
  driftSiteId: string | null;
  hasStandard: boolean;
  commissionPlan: AsyncState<CommissionPlan>;
  /** The password the plan was asked with, for the devices this laptop knows none for; sent again with the run. */
  commissionPassword: string | undefined;
  /** The run going on or last ended in this session. */
  commissionRun: CommissionRun | null;
  /** Main's refusal to start or stop a run (the window words it: errorText). */
  commissionError: AppError | null;
  standardRequested: () => Promise<void>;
  /** Creates or changes the current site's standard; answers whether it was kept (else `standard` says why). */
  standardSaved: (input: StandardSetInput) => Promise<{ ok: true } | { ok: false; error: AppError }>;
  driftRequested: (refresh?: boolean) => Promise<void>;
  /**
   * The preview of the selection; main unlocks devices without a known password once with
   * `currentPassword` (kept only when a device takes it; never tried again on one that refused it).
   */
  commissionPlanRequested: (currentPassword?: string) => Promise<void>;
  commissionStartRequested: () => Promise<void>;
  commissionCancelRequested: () => Promise<void>;
  /** A run this session started before the window was (re)loaded. */
  commissionRunLoaded: () => Promise<void>;
  commissionDialogClosed: () => void;
  standardEventsArrived: (events: readonly AppEvent[]) => void;
}

export interface StandardSliceDeps {
  api: Pick<Api, keyof typeof standardChannels>;
}

/** A device this laptop holds no working credential for: Commission cannot read or write it yet. */
export const lacksCredential = (row: FleetRow): boolean =>
  !row.apiKey && (row.password === 'none' || row.password === 'rejected');

/** Main's English with its words as a message (the window renders `text`: a language switch re-words it). */
const worded = (text: MessageRef): Pick<RowOutcome, 'message' | 'text'> => ({
  message: englishTranslator().t(text),
  text,
});

/**
 * A Commission device's outcome as the fleet's Last action column and outcome-failures.tsx read it: a
 * message (`localText`), with its English beside it; a failure's reason is main's.
 */
export function commissionOutcome(device: CommissionDevice): RowOutcome | undefined {
  switch (device.outcome) {
    case 'pending':
    case 'running':
      return undefined;
    case 'done':
      return { ok: true, ...worded(message('standard.outcome.done')) };
    case 'unchanged':
      return { ok: true, ...worded(message('standard.outcome.unchanged')) };
    case 'skipped':
      return {
        ok: false,
        skipped: true,
        ...worded(message('standard.outcome.skipped', { reason: device.text ?? device.message })),
      };
    case 'failed':
    case 'unknown':
      return { ok: false, message: device.message, ...(device.text ? { text: device.text } : {}) };
  }
}

/** The outcomes of every finished device of a run, by device id. */
export const commissionOutcomes = (devices: readonly CommissionDevice[]): Record<string, RowOutcome> =>
  Object.fromEntries(
    devices.flatMap((device) => {
      const outcome = commissionOutcome(device);
      return outcome === undefined ? [] : [[device.deviceId, outcome]];
    }),
  );

const byDevice = (devices: readonly DeviceDrift[]): Record<string, DeviceDrift> =>
  Object.fromEntries(devices.map((d) => [d.deviceId, d]));

/** How long the fleet must stay still before its drift is read again. */
export const DRIFT_SETTLE_MS = 1000;

export const createStandardSlice =
  (deps: StandardSliceDeps): SliceCreator<StandardSlice> =>
  (set, get) => {
    const selected = (): string[] =>
      Object.keys(get().selection).filter((id) => get().selection[id] === true);

    const driftRequested = async (refresh?: boolean): Promise<void> => {
      const result = await deps.api['standard:drift'](refresh === true ? { refresh } : {});
      // A failed read keeps what the rows showed; the column is a guide, the preview re-checks.
      if (!result.ok) return;
      set({
        drift: byDevice(result.value.devices),
        driftSummary: result.value.summary,
        driftSiteId: result.value.siteId,
        hasStandard: result.value.hasStandard,
      });
    };

    /** Fleet changes come in bursts (200 devices added, unlocked): one drift read after the burst. */
    let driftTimer: ReturnType<typeof setTimeout> | undefined;
    const driftSoon = (): void => {
      if (driftTimer !== undefined) clearTimeout(driftTimer);
      driftTimer = setTimeout(() => {
        driftTimer = undefined;
        void driftRequested();
      }, DRIFT_SETTLE_MS);
    };

    return {
      standard: idle,
      drift: {},
      driftSummary: null,
      driftSiteId: null,
      hasStandard: false,
      commissionPlan: idle,
      commissionPassword: undefined,
      commissionRun: null,
      commissionError: null,

      standardRequested: async () => {
        set({ standard: loading });
        const result = await deps.api['standard:get']({});
        set({
          standard: result.ok
            ? { status: 'ready', value: result.value }
            : { status: 'error', error: result.error },
        });
      },

      standardSaved: async (input) => {
        const result = await deps.api['standard:set'](input);
        if (!result.ok) return { ok: false, error: result.error };
        set({ standard: { status: 'ready', value: result.value } });
        void driftRequested();
        return { ok: true };
      },

      driftRequested,

      commissionPlanRequested: async (currentPassword) => {
        const deviceIds = selected();
        if (deviceIds.length === 0) return;
        const password = currentPassword === '' ? undefined : currentPassword;
        set({ commissionPlan: loading, commissionError: null, commissionPassword: password });
        const result = await deps.api['standard:plan']({
          deviceIds,
          ...(password !== undefined ? { currentPassword: password } : {}),
        });
        set({
          commissionPlan: result.ok
            ? { status: 'ready', value: result.value }
            : { status: 'error', error: result.error },
        });
      },

      commissionStartRequested: async () => {
        const plan = get().commissionPlan;
        if (plan.status !== 'ready') return;
        const deviceIds = plan.value.entries.map((e) => e.deviceId);
        if (deviceIds.length === 0) return;
        const confirmed = plan.value.entries.map((e) => ({
          deviceId: e.deviceId,
          steps: e.steps.map((s) => s.words),
        }));
        set({ commissionError: null, outcomes: {} });
        const password = get().commissionPassword;
        const started = await deps.api['standard:commission']({
          deviceIds,
          confirmed,
          ...(password !== undefined ? { currentPassword: password } : {}),
        });
        if (!started.ok) {
          set({ commissionError: started.error });
          return;
        }
        set({
          commissionRun: started.value,
          commissionPlan: idle,
          commissionPassword: undefined,
          outcomes: commissionOutcomes(started.value.devices),
        });
      },

      commissionCancelRequested: async () => {
        const cancelled = await deps.api['standard:cancel']();
        if (!cancelled.ok) set({ commissionError: cancelled.error });
      },

      commissionRunLoaded: async () => {
        const run = await deps.api['standard:run']();
        if (!run.ok || run.value === null) return;
        const known = get().commissionRun;
        // A run picked up again, or the one followed here as it ended (its summary, its activity note).
        if (known === null || known.runId === run.value.runId) set({ commissionRun: run.value });
      },

      commissionDialogClosed: () =>
        set({ commissionPlan: idle, commissionPassword: undefined, commissionError: null }),

      standardEventsArrived: (events) => {
        let run = get().commissionRun;
        let changed: CommissionDevice[] | undefined;
        let drift: Record<string, DeviceDrift> | undefined;
        let summary: DriftSummary | undefined;
        let ended = false;
        for (const event of events) {
          if (event.type === 'fleet:changed') {
            // New devices have no drift yet, removed ones keep none; another site has its own standard.
            const known = get().drift;
            const site = get().sites;
            const siteNow = site.status === 'ready' ? site.value.currentSiteId : null;
            const switched = get().driftSiteId !== null && siteNow !== get().driftSiteId;
            if (switched) void get().standardRequested();
            if (
              switched ||
              event.payload.removed.length > 0 ||
              event.payload.devices.some((d) => known[d.deviceId] === undefined)
            ) {
              driftSoon();
            }
          } else if (event.type === 'standard:drift') {
            // Drift of another site (switched away meanwhile) is not this fleet's.
            if (get().driftSiteId !== null && event.payload.siteId !== get().driftSiteId) continue;
            drift ??= { ...get().drift };
            for (const device of event.payload.devices) drift[device.deviceId] = device;
            summary = event.payload.summary;
          } else if (
            run !== null &&
            event.type === 'standard:progress' &&
            event.payload.runId === run.runId
          ) {
            const { status, phase, counts, progress } = event.payload;
            const { phase: _before, ...rest } = run;
            run = {
              ...rest,
              status,
              counts,
              ...(phase !== undefined ? { phase } : {}),
              ...(progress !== undefined ? { progress } : {}),
            };
            ended ||= status !== 'running';
          } else if (run !== null && event.type === 'standard:device' && event.payload.runId === run.runId) {
            (changed ??= []).push(event.payload.device);
          }
        }
        if (run !== null && changed !== undefined) {
          const updates = new Map(changed.map((d) => [d.deviceId, d]));
          run = { ...run, devices: run.devices.map((d) => updates.get(d.deviceId) ?? d) };
        }
        const patch: Partial<StandardSlice> & { outcomes?: Record<string, RowOutcome> } = {};
        if (drift !== undefined)
          Object.assign(patch, { drift, ...(summary !== undefined ? { driftSummary: summary } : {}) });
        if (run !== get().commissionRun) {
          patch.commissionRun = run;
          // Each finished device's outcome in the fleet's Last action column, as it comes.
          if (changed !== undefined) {
            patch.outcomes = { ...get().outcomes };
            for (const device of changed) {
              const outcome = commissionOutcome(device);
              if (outcome !== undefined) patch.outcomes[device.deviceId] = outcome;
            }
          }
        }
        if (Object.keys(patch).length > 0) set(patch);
        // The run's end: its summary and activity note, and the drift as it is now.
        if (ended) {
          void get().commissionRunLoaded();
          void driftRequested();
        }
      },
    };
  };
