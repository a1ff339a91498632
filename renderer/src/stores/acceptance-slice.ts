/**
 * Acceptance in the window: starting a run over the fleet selection (`acceptance:start`), its verdicts as
 * they settle (`acceptance:verdict` events), its end (`acceptance:done`, the verdicts then kept in the site),
 * cancelling it, and the current site's kept verdicts for the fleet's Accepted / Failed badges and the
 * device panel (`acceptance:verdicts`, read again when the fleet's site changes or a run ends).
 */
import type { AcceptanceCriteria, AcceptanceVerdict, StoredVerdict } from '../../../shared/domain/acceptance';
import type { AcceptanceRun } from '../../../shared/ipc/channels/acceptance';
import type { Api } from '../../../shared/ipc/contract';
import type { AppEvent } from '../../../shared/ipc/events';
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
> & { by?: string };

export interface AcceptanceEnd {
  status: 'done' | 'cancelled';
  passed: number;
  failed: number;
  saved: boolean;
  saveError?: string;
}

export interface AcceptanceSlice {
  acceptanceRun: AcceptanceRun | null;
  acceptanceEnd: AcceptanceEnd | null;
  acceptanceError: string | null;
  /** By device id: the site's kept verdicts, updated by this session's runs. */
  verdicts: Record<string, KnownVerdict>;
  /** The site the kept verdicts belong to. */
  verdictsSiteId: string | null;
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

export const createAcceptanceSlice =
  (deps: AcceptanceSliceDeps): SliceCreator<AcceptanceSlice> =>
  (set, get) => ({
    acceptanceRun: null,
    acceptanceEnd: null,
    acceptanceError: null,
    verdicts: {},
    verdictsSiteId: null,

    acceptanceLoaded: async () => {
      const [kept, run] = await Promise.all([
        deps.api['acceptance:verdicts'](),
        deps.api['acceptance:run'](),
      ]);
      // A shell without acceptance (or a test that did not program it) simply shows no verdicts.
      if (kept.ok) set({ verdicts: byDevice(kept.value.verdicts), verdictsSiteId: kept.value.siteId });
      if (run.ok && run.value !== null && get().acceptanceRun === null) {
        const { value } = run;
        set({ acceptanceRun: value, verdicts: { ...get().verdicts, ...byDevice(value.verdicts) } });
      }
    },

    acceptanceStartRequested: async (criteria) => {
      const deviceIds = Object.keys(get().selection);
      if (deviceIds.length === 0) return;
      set({ acceptanceError: null, acceptanceEnd: null });
      const started = await deps.api['acceptance:start']({ deviceIds, criteria });
      if (started.ok) set({ acceptanceRun: started.value });
      else set({ acceptanceError: started.error.message });
    },

    acceptanceCancelRequested: async () => {
      const cancelled = await deps.api['acceptance:cancel']();
      if (!cancelled.ok) set({ acceptanceError: cancelled.error.message });
    },

    acceptanceEventsArrived: (events) => {
      let run = get().acceptanceRun;
      const settled: AcceptanceVerdict[] = [];
      let end: AcceptanceEnd | null = null;
      let fleetChanged = false;
      for (const event of events) {
        if (event.type === 'fleet:changed') fleetChanged = true;
        if (run === null) continue;
        if (event.type === 'acceptance:verdict' && event.payload.runId === run.runId) {
          settled.push(event.payload.verdict);
        } else if (event.type === 'acceptance:done' && event.payload.runId === run.runId) {
          const { runId: _runId, ...rest } = event.payload;
          end = rest;
        }
      }
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
      const site = get().sites;
      const siteNow = site.status === 'ready' ? site.value.currentSiteId : null;
      if (end !== null || (fleetChanged && siteNow !== get().verdictsSiteId)) void get().acceptanceLoaded();
    },
  });
