/**
 * Acceptance for the app: one run at a time over the fleet devices the window names, at their current
 * addresses, through the app's own device client and sessions (the monitor's pinned certificates, its kept
 * connections). Each device's phase (settling, watching) goes out as `acceptance:phase` when it changes —
 * gathered for PHASE_FLUSH_MS into one event, the hub batching further — and stays in `run.phases` until
 * its verdict; each verdict goes out as an `acceptance:verdict` event as soon as it is made; at the end
 * the verdicts (pending ones too: a later run replaces them) are kept in the fleet's site and
 * `acceptance:done` says so, pending counted apart from failed. A cancelled run keeps nothing. The run
 * stays readable (`current`) so a reloaded window finds it.
 */
import { randomBytes } from 'node:crypto';
import type {
  AcceptanceCriteria,
  AcceptancePhase,
  AcceptanceVerdict,
  StoredVerdict,
} from '../../../shared/domain/acceptance';
import { ACCEPTANCE_DEFAULTS } from '../../../shared/domain/acceptance';
import type { AcceptanceRun } from '../../../shared/ipc/channels/acceptance';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import type { ClockPolicy } from '../clock/clock-policy';
import type { SessionManager } from '../credentials/session-manager';
import type { DeviceClient } from '../device/client';
import type { EventHub } from '../events/event-hub';
import type { FleetService } from '../fleet/fleet-service';
import type { MonitorTarget } from '../monitor/poll-device';
import type { AcceptanceRunOptions } from './acceptance-run';
import { runAcceptance } from './acceptance-run';
import type { VerdictStore } from './verdict-store';

export interface AcceptanceServiceOptions {
  client: DeviceClient;
  sessions: SessionManager;
  fleet: Pick<FleetService, 'entry' | 'siteId'>;
  verdicts: VerdictStore;
  events: EventHub;
  /** Run knobs the window does not choose (tests: the spacing of readings). */
  run?: Pick<AcceptanceRunOptions, 'sampleEveryMs' | 'settleEveryMs' | 'timeoutMs' | 'concurrency'>;
  /** The clock of each run, from its devices' addresses (default: the real clock; clock-policy.ts). */
  clockFor?: ClockPolicy;
}

/** Phase changes within this long go out as one `acceptance:phase` event (real time: it paces the window). */
export const PHASE_FLUSH_MS = 250;

type RunState = AcceptanceRun & { controller: AbortController; phaseById: Map<string, AcceptancePhase> };

/** Gathers phase changes and sends them as one event; `flush` sends what is left. */
function phaseSender(
  events: EventHub,
  state: RunState,
): { add: (p: AcceptancePhase) => void; flush: () => void } {
  let waiting: AcceptancePhase[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = (): void => {
    clearTimeout(timer);
    timer = undefined;
    if (waiting.length === 0) return;
    events.emit({ type: 'acceptance:phase', payload: { runId: state.runId, phases: waiting } });
    waiting = [];
  };
  return {
    add(phase) {
      state.phaseById.set(phase.deviceId, phase);
      waiting.push(phase);
      timer ??= setTimeout(flush, PHASE_FLUSH_MS);
    },
    flush,
  };
}

export interface AcceptanceService {
  start(deviceIds: readonly string[], criteria: AcceptanceCriteria): Result<AcceptanceRun>;
  /** True when a run was going on and is now stopped. */
  cancel(): boolean;
  current(): AcceptanceRun | null;
  /** The fleet site's kept verdicts, the latest of each device. */
  kept(): Promise<Result<{ siteId: string | null; verdicts: StoredVerdict[] }>>;
  /** Resolves when the current run (if any) has ended and its verdicts are kept. */
  settled(): Promise<void>;
  dispose(): Promise<void>;
}

/** Runs the acceptance, then keeps its verdicts and says it is done (`acceptance:done`). */
async function finishRun(
  options: AcceptanceServiceOptions,
  state: RunState,
  targets: MonitorTarget[],
  siteId: string | undefined,
) {
  const { events } = options;
  const phases = phaseSender(events, state);
  const outcome = await runAcceptance(targets, {
    client: options.client,
    sessions: options.sessions,
    criteria: state.criteria,
    signal: state.controller.signal,
    ...options.run,
    ...(options.clockFor !== undefined ? { clock: options.clockFor(targets.map((t) => t.address)) } : {}),
    onPhase: phases.add,
    onVerdict: (verdict: AcceptanceVerdict) => {
      state.phaseById.delete(verdict.deviceId);
      state.verdicts.push(verdict);
      events.emit({ type: 'acceptance:verdict', payload: { runId: state.runId, verdict } });
    },
  });
  phases.flush();
  state.phaseById.clear();
  let saved = false;
  if (outcome.cancelled) {
    state.status = 'cancelled';
    state.verdicts = [];
  } else {
    state.status = 'done';
    const kept = await options.verdicts.save(siteId, outcome.verdicts);
    saved = kept.ok;
    if (!kept.ok) state.saveError = kept.error.message;
  }
  const passed = outcome.verdicts.filter((v) => v.verdict === 'pass').length;
  const pending = outcome.verdicts.filter((v) => v.verdict === 'pending').length;
  events.emit({
    type: 'acceptance:done',
    payload: {
      runId: state.runId,
      status: state.status === 'cancelled' ? 'cancelled' : 'done',
      passed,
      failed: outcome.verdicts.length - passed - pending,
      pending,
      saved,
      ...(state.saveError !== undefined ? { saveError: state.saveError } : {}),
    },
  });
}

export function createAcceptanceService(options: AcceptanceServiceOptions): AcceptanceService {
  let run: RunState | null = null;
  let ending: Promise<void> = Promise.resolve();

  const view = (state: RunState): AcceptanceRun => {
    const { controller: _controller, phaseById, ...rest } = state;
    return {
      ...rest,
      deviceIds: [...rest.deviceIds],
      notInFleet: [...rest.notInFleet],
      verdicts: [...rest.verdicts],
      phases: [...phaseById.values()],
    };
  };

  return {
    start(deviceIds, criteria) {
      if (run?.status === 'running') {
        return err('INVALID_INPUT', 'An acceptance run is going on already: wait for it or cancel it first.');
      }
      const asked = [...new Set(deviceIds)];
      const targets: MonitorTarget[] = [];
      const notInFleet: string[] = [];
      for (const deviceId of asked) {
        const entry = options.fleet.entry(deviceId);
        if (entry === undefined) notInFleet.push(deviceId);
        else targets.push({ deviceId, address: entry.address });
      }
      if (targets.length === 0)
        return err('INVALID_INPUT', 'None of these devices is in the fleet any more.');
      const startedAt = new Date();
      // The latest a verdict can come: a device that settles at the limit, then its whole window.
      const settleMinutes = criteria.settleMinutes ?? ACCEPTANCE_DEFAULTS.settleMinutes;
      const state: RunState = {
        runId: `${startedAt.getTime().toString(36)}-${randomBytes(3).toString('hex')}`,
        status: 'running',
        criteria: { ...criteria },
        startedAt: startedAt.toISOString(),
        endsAt: new Date(
          startedAt.getTime() + Math.round((settleMinutes + criteria.minutes) * 60_000),
        ).toISOString(),
        deviceIds: targets.map((t) => t.deviceId),
        notInFleet,
        verdicts: [],
        controller: new AbortController(),
        phaseById: new Map(),
      };
      run = state;
      // The fleet's site now: the verdicts go where the devices were when the run started.
      const siteId = options.fleet.siteId();
      ending = finishRun(options, state, targets, siteId).catch((error: unknown) => {
        state.status = 'done';
        state.saveError = error instanceof Error ? error.message : String(error);
      });
      return ok(view(state));
    },
    cancel() {
      if (run?.status !== 'running') return false;
      run.controller.abort();
      return true;
    },
    current: () => (run === null ? null : view(run)),
    async kept() {
      const siteId = options.fleet.siteId();
      if (siteId === undefined) return ok({ siteId: null, verdicts: [] });
      const listed = await options.verdicts.list(siteId);
      return listed.ok ? ok(listed.value) : listed;
    },
    settled: () => ending,
    async dispose() {
      run?.controller.abort();
      await ending;
    },
  };
}
