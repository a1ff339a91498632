/**
 * Acceptance for the app: one run at a time over the fleet devices the window names (a Commission's
 * groups join the run their first group started, each group watched from when it joins, their windows
 * overlapping; the run ends after its last group), at their current
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
import { message } from '../../../shared/i18n/message';
import type { Result } from '../../../shared/result';
import { errWithText, ok } from '../../../shared/result';
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

type RunState = AcceptanceRun & {
  controller: AbortController;
  phaseById: Map<string, AcceptancePhase>;
  /** Started by `join` (a Commission's groups): later groups join it while it runs. */
  joinable: boolean;
  /** Groups of devices still being watched; the run ends (verdicts kept) after the last. */
  parts: number;
  siteId: string | undefined;
  phaseOut: { add: (p: AcceptancePhase) => void; flush: () => void };
  ended: () => void;
};

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
  /**
   * A Commission's group of devices: joins the run it started earlier while that one goes on (same
   * criteria; its windows overlap the others'), else starts one. Answers the run and this group's
   * verdicts once its last device is judged (`undefined`: cancelled). Refused while the window's own
   * run goes on.
   */
  join(
    deviceIds: readonly string[],
    criteria: AcceptanceCriteria,
  ): Result<{ run: AcceptanceRun; verdicts: Promise<AcceptanceVerdict[] | undefined> }>;
  /** True when a run was going on and is now stopped. */
  cancel(): boolean;
  current(): AcceptanceRun | null;
  /** The fleet site's kept verdicts, the latest of each device. */
  kept(): Promise<Result<{ siteId: string | null; verdicts: StoredVerdict[] }>>;
  /** Resolves when the current run (if any) has ended and its verdicts are kept. */
  settled(): Promise<void>;
  dispose(): Promise<void>;
}

/** Watches one group of the run's devices; answers its verdicts (`undefined`: cancelled). */
async function runPart(
  options: AcceptanceServiceOptions,
  state: RunState,
  targets: MonitorTarget[],
): Promise<AcceptanceVerdict[] | undefined> {
  const { events } = options;
  const outcome = await runAcceptance(targets, {
    client: options.client,
    sessions: options.sessions,
    criteria: state.criteria,
    signal: state.controller.signal,
    ...options.run,
    ...(options.clockFor !== undefined ? { clock: options.clockFor(targets.map((t) => t.address)) } : {}),
    onPhase: state.phaseOut.add,
    onVerdict: (verdict: AcceptanceVerdict) => {
      state.phaseById.delete(verdict.deviceId);
      state.verdicts.push(verdict);
      events.emit({ type: 'acceptance:verdict', payload: { runId: state.runId, verdict } });
    },
  });
  return outcome.cancelled ? undefined : outcome.verdicts;
}

/** After the run's last group: keeps its verdicts and says it is done (`acceptance:done`). */
async function endRun(options: AcceptanceServiceOptions, state: RunState): Promise<void> {
  const { events } = options;
  state.phaseOut.flush();
  state.phaseById.clear();
  let saved = false;
  if (state.controller.signal.aborted) {
    state.status = 'cancelled';
    state.verdicts = [];
  } else {
    state.status = 'done';
    const kept = await options.verdicts.save(state.siteId, state.verdicts);
    saved = kept.ok;
    if (!kept.ok) state.saveError = kept.error.message;
  }
  const passed = state.verdicts.filter((v) => v.verdict === 'pass').length;
  const pending = state.verdicts.filter((v) => v.verdict === 'pending').length;
  events.emit({
    type: 'acceptance:done',
    payload: {
      runId: state.runId,
      status: state.status === 'cancelled' ? 'cancelled' : 'done',
      passed,
      failed: state.verdicts.length - passed - pending,
      pending,
      saved,
      ...(state.saveError !== undefined ? { saveError: state.saveError } : {}),
    },
  });
}

/** The latest a verdict can come from now: a device that settles at the limit, then its whole window. */
const endsAtFrom = (at: Date, criteria: AcceptanceCriteria): string => {
  const settleMinutes = criteria.settleMinutes ?? ACCEPTANCE_DEFAULTS.settleMinutes;
  return new Date(at.getTime() + Math.round((settleMinutes + criteria.minutes) * 60_000)).toISOString();
};

/** The asked devices at their fleet addresses, and those no longer in the fleet. */
function fleetTargets(
  options: AcceptanceServiceOptions,
  deviceIds: readonly string[],
): { targets: MonitorTarget[]; notInFleet: string[] } {
  const targets: MonitorTarget[] = [];
  const notInFleet: string[] = [];
  for (const deviceId of new Set(deviceIds)) {
    const entry = options.fleet.entry(deviceId);
    if (entry === undefined) notInFleet.push(deviceId);
    else targets.push({ deviceId, address: entry.address });
  }
  return { targets, notInFleet };
}

function newRun(options: AcceptanceServiceOptions, criteria: AcceptanceCriteria, joinable: boolean) {
  const startedAt = new Date();
  let ended = (): void => undefined;
  const ending = new Promise<void>((resolve) => (ended = resolve));
  const state: RunState = {
    runId: `${startedAt.getTime().toString(36)}-${randomBytes(3).toString('hex')}`,
    status: 'running',
    criteria: { ...criteria },
    startedAt: startedAt.toISOString(),
    endsAt: endsAtFrom(startedAt, criteria),
    deviceIds: [],
    notInFleet: [],
    verdicts: [],
    controller: new AbortController(),
    phaseById: new Map(),
    joinable,
    parts: 0,
    // The fleet's site now: the verdicts go where the devices were when the run started.
    siteId: options.fleet.siteId(),
    phaseOut: { add: () => undefined, flush: () => undefined },
    ended,
  };
  state.phaseOut = phaseSender(options.events, state);
  return { state, ending };
}

/** Starts watching a group of the run's devices; the run ends after its last group. */
function addPart(
  options: AcceptanceServiceOptions,
  state: RunState,
  part: { targets: MonitorTarget[]; notInFleet: string[] },
): Promise<AcceptanceVerdict[] | undefined> {
  state.deviceIds.push(...part.targets.map((t) => t.deviceId));
  state.notInFleet.push(...part.notInFleet);
  // A group that joins later ends later: the run's end moves with it.
  const endsAt = state.parts > 0 ? endsAtFrom(new Date(), state.criteria) : state.endsAt;
  if (endsAt > state.endsAt) state.endsAt = endsAt;
  state.parts += 1;
  const fail = (error: unknown): undefined => {
    state.status = 'done';
    state.saveError = error instanceof Error ? error.message : String(error);
    return undefined;
  };
  // The last group's verdicts come once the run's verdicts are kept: whoever waits for them reads them.
  return runPart(options, state, part.targets)
    .catch(fail)
    .then(async (verdicts) => {
      state.parts -= 1;
      if (state.parts === 0) {
        await endRun(options, state).catch(fail);
        state.ended();
      }
      return verdicts;
    });
}

const sameCriteria = (a: AcceptanceCriteria, b: AcceptanceCriteria): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

export function createAcceptanceService(options: AcceptanceServiceOptions): AcceptanceService {
  let run: RunState | null = null;
  let ending: Promise<void> = Promise.resolve();

  const view = (state: RunState): AcceptanceRun => {
    const {
      controller: _controller,
      phaseById,
      joinable: _joinable,
      parts: _parts,
      siteId: _siteId,
      phaseOut: _phaseOut,
      ended: _ended,
      ...rest
    } = state;
    return {
      ...rest,
      deviceIds: [...rest.deviceIds],
      notInFleet: [...rest.notInFleet],
      verdicts: [...rest.verdicts],
      phases: [...phaseById.values()],
    };
  };

  const begin = (deviceIds: readonly string[], criteria: AcceptanceCriteria, joinable: boolean) => {
    const part = fleetTargets(options, deviceIds);
    if (part.targets.length === 0)
      return errWithText(
        'INVALID_INPUT',
        'None of these devices is in the fleet any more.',
        message('errors.fleet.noneLeft'),
      );
    const joining =
      joinable && run?.status === 'running' && run.joinable && sameCriteria(run.criteria, criteria);
    if (run?.status === 'running' && !joining) {
      return errWithText(
        'INVALID_INPUT',
        'An acceptance run is going on already: wait for it or cancel it first.',
        message('errors.acceptance.alreadyRunning'),
      );
    }
    if (!joining || run === null) {
      const started = newRun(options, criteria, joinable);
      run = started.state;
      ending = started.ending;
    }
    const verdicts = addPart(options, run, part);
    return ok({ run: view(run), verdicts });
  };

  return {
    start(deviceIds, criteria) {
      const started = begin(deviceIds, criteria, false);
      return started.ok ? ok(started.value.run) : started;
    },
    join: (deviceIds, criteria) => begin(deviceIds, criteria, true),
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
