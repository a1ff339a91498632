/**
 * Acceptance in the window: starting a run over the fleet selection (`acceptance:start`), its verdicts as
 * they settle (`acceptance:verdict` events), its end (`acceptance:done`, the verdicts then kept in the site),
 * cancelling it, and the current site's kept verdicts for the fleet's Accepted / Failed / Pending badges and
 * the device panel (`acceptance:verdicts`, read again when the fleet's site changes or a run ends). While a
 * run goes on, each device without a verdict yet is settling or watching (`acceptance:phase` events, and
 * `run.phases` for a window reloaded mid-run): its badge says so, never "Failed" before the verdict.
 */
import type { AppError } from '../../../shared/result';
import type {
  AcceptanceCriteria,
  AcceptancePhase,
  AcceptanceVerdict,
  StoredVerdict,
} from '../../../shared/domain/acceptance';
import type { AcceptanceRun } from '../../../shared/ipc/channels/acceptance';
import type { Api } from '../../../shared/ipc/contract';
import type { AppEvent } from '../../../shared/ipc/events';
import type { PhaseCounts, PhaseRecord } from './acceptance-phases';
import { NO_PHASE_COUNTS, NO_PHASES, nextPhases, phaseCounts, phasesByDevice } from './acceptance-phases';
import type { SliceCreator } from './types';

/** A kept verdict or one this session's run just gave (it is kept when the run ends). */
export type KnownVerdict = Pick<
  AcceptanceVerdict,
  | 'deviceId'
  | 'address'
  | 'verdict'
  | 'reasons'
  | 'checks'
  | 'evidence'
  | 'criteria'
  | 'startedAt'
  | 'endedAt'
  | 'settledAt'
  | 'settling'
> & { by?: string };

export interface AcceptanceEnd {
  status: 'done' | 'cancelled';
  passed: number;
  failed: number;
  /** Not judged yet (still settling at the settle limit); 0 from a core before issue 32. */
  pending: number;
  saved: boolean;
  saveError?: string;
}

export interface AcceptanceSlice {
  acceptanceRun: AcceptanceRun | null;
  acceptanceEnd: AcceptanceEnd | null;
  acceptanceError: AppError | null;
  /** By device id: the site's kept verdicts, updated by this session's runs. */
  verdicts: Record<string, KnownVerdict>;
  /** The site the kept verdicts belong to. */
  verdictsSiteId: string | null;
  /** By device id: the running run's devices without a verdict yet (settling or watching). */
  acceptancePhases: PhaseRecord;
  /** How many of them settle and how many are watched: made once per event batch, for the dialog. */
  acceptancePhaseCounts: PhaseCounts;
  /** The run the phases belong to (one this window started, or Commission's acceptance step). */
  acceptancePhasesRunId: string | null;
  acceptanceLoaded: () => Promise<void>;
  acceptanceStartRequested: (criteria: AcceptanceCriteria) => Promise<void>;
  acceptanceCancelRequested: () => Promise<void>;
  acceptanceEventsArrived: (events: readonly AppEvent[]) => void;
}

export interface AcceptanceSliceDeps {
  api: Pick<Api, 'acceptance:start' | 'acceptance:cancel' | 'acceptance:run' | 'acceptance:verdicts'>;
}

const byDevice = (verdicts: readonly (StoredVerdict | AcceptanceVerdict)[]): Record<string, KnownVerdict> =>
  Object.fromEntries(verdicts.map((v) => [v.deviceId, v]));

/** The phases of a run as main gave them (a start, a reloaded window); none once it ended. */
const phasesOf = (
  run: AcceptanceRun,
): Pick<AcceptanceSlice, 'acceptancePhases' | 'acceptancePhaseCounts' | 'acceptancePhasesRunId'> => {
  const phases = run.status === 'running' ? phasesByDevice(run.phases) : NO_PHASES;
  return {
    acceptancePhases: phases,
    acceptancePhaseCounts: phaseCounts(phases),
    acceptancePhasesRunId: run.runId,
  };
};

const NO_RUN_PHASES = {
  acceptancePhases: NO_PHASES,
  acceptancePhaseCounts: NO_PHASE_COUNTS,
  acceptancePhasesRunId: null,
} as const;

/** What one batch of events says about acceptance runs. */
interface Batch {
  settled: AcceptanceVerdict[];
  end: AcceptanceEnd | null;
  /** Phase changes, each with the run it belongs to. */
  phases: { runId: string; phase: AcceptancePhase }[];
  /** Devices judged in this batch, by any run (their phase ends). */
  judged: Set<string>;
  /** A run (any, also Commission's) ended: its phases end, the kept verdicts are read again. */
  endedRunIds: Set<string>;
  fleetChanged: boolean;
}

function readBatch(
  events: readonly AppEvent[],
  runId: string | undefined,
  phasesRunId: string | null,
): Batch {
  const batch: Batch = {
    settled: [],
    end: null,
    phases: [],
    judged: new Set(),
    endedRunIds: new Set(),
    fleetChanged: false,
  };
  for (const event of events) {
    if (event.type === 'fleet:changed') batch.fleetChanged = true;
    else if (event.type === 'acceptance:verdict') {
      batch.judged.add(event.payload.verdict.deviceId);
      if (event.payload.runId === runId) batch.settled.push(event.payload.verdict);
    } else if (event.type === 'acceptance:phase') {
      // Phases of a run followed here, or of one started elsewhere (Commission's step) while none is.
      if (event.payload.runId === runId || runId === undefined || event.payload.runId === phasesRunId) {
        const { runId: of } = event.payload;
        for (const phase of event.payload.phases) batch.phases.push({ runId: of, phase });
      }
    } else if (event.type === 'acceptance:done') {
      batch.endedRunIds.add(event.payload.runId);
      if (event.payload.runId === runId) {
        const { runId: _runId, pending, ...rest } = event.payload;
        batch.end = { ...rest, pending: pending ?? 0 };
      }
    }
  }
  return batch;
}

export const createAcceptanceSlice =
  (deps: AcceptanceSliceDeps): SliceCreator<AcceptanceSlice> =>
  (set, get) => {
    /** Phases in and out after a batch; a new run's phases replace the last run's. */
    const phasesAfter = (batch: Batch): void => {
      let { acceptancePhases: phases, acceptancePhasesRunId: phasesRunId } = get();
      const latest = batch.phases.at(-1)?.runId;
      if (latest !== undefined && latest !== phasesRunId) {
        phases = NO_PHASES;
        phasesRunId = latest;
      }
      const changed = batch.phases.filter((p) => p.runId === phasesRunId).map((p) => p.phase);
      let next = nextPhases(phases, changed, batch.judged);
      if (phasesRunId !== null && batch.endedRunIds.has(phasesRunId)) next = NO_PHASES;
      if (next === get().acceptancePhases && phasesRunId === get().acceptancePhasesRunId) return;
      set({
        acceptancePhases: next,
        acceptancePhaseCounts: phaseCounts(next),
        acceptancePhasesRunId: phasesRunId,
      });
    };

    return {
      acceptanceRun: null,
      acceptanceEnd: null,
      acceptanceError: null,
      verdicts: {},
      verdictsSiteId: null,
      ...NO_RUN_PHASES,

      acceptanceLoaded: async () => {
        const [kept, run] = await Promise.all([
          deps.api['acceptance:verdicts'](),
          deps.api['acceptance:run'](),
        ]);
        // A shell without acceptance (or a test that did not program it) simply shows no verdicts.
        if (kept.ok) set({ verdicts: byDevice(kept.value.verdicts), verdictsSiteId: kept.value.siteId });
        if (run.ok && run.value !== null && get().acceptanceRun === null) {
          const { value } = run;
          set({
            acceptanceRun: value,
            verdicts: { ...get().verdicts, ...byDevice(value.verdicts) },
            // A window reloaded mid-run shows each device settling or watching at once.
            ...phasesOf(value),
          });
        }
      },

      acceptanceStartRequested: async (criteria) => {
        const deviceIds = Object.keys(get().selection);
        if (deviceIds.length === 0) return;
        set({ acceptanceError: null, acceptanceEnd: null });
        const started = await deps.api['acceptance:start']({ deviceIds, criteria });
        if (started.ok) set({ acceptanceRun: started.value, ...phasesOf(started.value) });
        else set({ acceptanceError: started.error });
      },

      acceptanceCancelRequested: async () => {
        const cancelled = await deps.api['acceptance:cancel']();
        if (!cancelled.ok) set({ acceptanceError: cancelled.error });
      },

      acceptanceEventsArrived: (events) => {
        let run = get().acceptanceRun;
        const batch = readBatch(events, run?.runId, get().acceptancePhasesRunId);
        const { settled, end } = batch;
        if (run !== null && (settled.length > 0 || end !== null)) {
          run = {
            ...run,
            verdicts: end?.status === 'cancelled' ? [] : [...run.verdicts, ...settled],
            ...(end !== null ? { status: end.status } : {}),
          };
          set({
            acceptanceRun: run,
            ...(end !== null ? { acceptanceEnd: end } : {}),
            // Shown at once; a cancelled run keeps nothing, so the kept ones are read again below.
            ...(end?.status !== 'cancelled' ? { verdicts: { ...get().verdicts, ...byDevice(settled) } } : {}),
          });
        }
        phasesAfter(batch);
        const site = get().sites;
        const siteNow = site.status === 'ready' ? site.value.currentSiteId : null;
        const otherRunEnded = [...batch.endedRunIds].some((id) => id !== run?.runId);
        if (end !== null || otherRunEnded || (batch.fleetChanged && siteNow !== get().verdictsSiteId)) {
          void get().acceptanceLoaded();
        }
      },
    };
  };
