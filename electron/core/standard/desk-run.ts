/**
 * One Commission run of the window at a time, in the background: planned again at the start (only the
 * steps the technician saw are taken), carried out by runCommission, its progress streamed as
 * `standard:progress` / `standard:device` events and the drift it changed as `standard:drift`. Cancel
 * stops it between steps (an AbortSignal every write service honours).
 */
import { randomBytes } from 'node:crypto';
import type {
  CommissionDevice,
  CommissionPlanEntry,
  CommissionRun,
  CommissionStepKind,
  DeviceDrift,
} from '../../../shared/domain/standard';
import { COMMISSION_STEP_KINDS } from '../../../shared/domain/standard';
import { message } from '../../../shared/i18n/message';
import type { Result } from '../../../shared/result';
import { errWithText, ok } from '../../../shared/result';
import type { Clock } from '../clock/clock';
import { REAL_CLOCK } from '../clock/clock';
import { createCommissionProgress } from '../progress/commission-progress';
import type { CommissionProgress } from '../progress/commission-progress';
import type { EstimateThrottle } from '../progress/estimate-throttle';
import { throttleEstimate } from '../progress/estimate-throttle';
import type { TimeLeft } from '../progress/time-left';
import { initialDevice, runCommission } from './commission-run';
import { countsOf, runSummary, stepCounts } from './commission-summary';
import type { DeskFacts } from './desk-facts';
import { factsAtStandard } from './desk-facts';
import type { DeskContext } from './desk-options';
import { deskPlan } from './desk-plan';

export const RUN_GOING_ON =
  'A Commission run is going on: wait for it to end, or stop it first (Cancel), then start again.';

export interface DeskRun {
  view: CommissionRun;
  controller: AbortController;
  ending: Promise<void>;
  /** Times the run's steps and estimates the time left (issue 33). */
  progress?: CommissionProgress;
  /** The time left, made again at most every second of the run's clock while devices change (estimate-throttle.ts). */
  estimate?: EstimateThrottle<TimeLeft>;
  /** The run's step when the time left was last told (a new step: a fresh estimate). */
  estimatedPhase?: CommissionStepKind | undefined;
}

/** How often a running Commission tells its time left though no device changed (field time). */
export const PROGRESS_TICK_MS = 30_000;

/** Where the desk keeps its run (the one going on, or the last one). */
export interface RunHolder {
  run?: DeskRun | undefined;
}

export interface CommissionStart {
  deviceIds: readonly string[];
  currentPassword?: string | undefined;
  confirmed: readonly { deviceId: string; steps: readonly string[] }[];
}

type Planned = Extract<Awaited<ReturnType<typeof deskPlan>>, { ok: true }>['value'];

const newRunId = (now: Date): string => `${now.getTime().toString(36)}-${randomBytes(3).toString('hex')}`;

/** The plan with every device whose steps are not the ones the technician saw skipped, said why. */
function asConfirmed(
  entries: readonly CommissionPlanEntry[],
  confirmed: readonly { deviceId: string; steps: readonly string[] }[],
): CommissionPlanEntry[] {
  const seen = new Map(confirmed.map((c) => [c.deviceId, c.steps.join('\n')]));
  return entries.map((entry) => {
    if (entry.steps.length === 0) return entry;
    const shown = seen.get(entry.deviceId);
    if (shown === entry.steps.map((s) => s.words).join('\n')) return entry;
    return {
      ...entry,
      steps: [],
      skip: 'not-checked',
      detail:
        shown === undefined
          ? 'plan changed: the preview you saw did not list it'
          : 'plan changed since the preview: preview again',
    };
  });
}

export const copyRun = (view: CommissionRun): CommissionRun => ({
  ...view,
  counts: { ...view.counts },
  devices: view.devices.map((d) => ({ ...d, steps: d.steps.map((s) => ({ ...s })) })),
});

function tell(ctx: DeskContext, run: DeskRun, device?: CommissionDevice, phase?: CommissionStepKind): void {
  const { events } = ctx.options.services;
  const state = run.view;
  if (device !== undefined) {
    state.devices = state.devices.map((d) => (d.deviceId === device.deviceId ? device : d));
    events.emit({ type: 'standard:device', payload: { runId: state.runId, device } });
  }
  // Devices are at different steps at once: the run is at the earliest step a device still runs.
  if (phase !== undefined && state.status === 'running') {
    const steps = stepCounts(state.devices);
    state.phase = COMMISSION_STEP_KINDS.find((k) => steps[k].running > 0) ?? phase;
  }
  state.counts = countsOf(state.devices);
  if (run.progress !== undefined) {
    if (device !== undefined) run.progress.see(device);
    // A run that moved on to its next step is estimated afresh: the last estimate was made before.
    const moved = state.phase !== run.estimatedPhase;
    run.estimatedPhase = state.phase;
    const fresh = device === undefined || state.status !== 'running' || moved;
    state.progress = run.estimate?.get(fresh) ?? run.progress.estimate(state.devices);
  }
  events.emit({
    type: 'standard:progress',
    payload: {
      runId: state.runId,
      status: state.status,
      ...(state.phase !== undefined ? { phase: state.phase } : {}),
      counts: state.counts,
      ...(state.progress !== undefined ? { progress: state.progress } : {}),
    },
  });
}

/** While the run goes on, its time left is told again every tick: a 30-minute window changes no device. */
async function tickProgress(run: DeskRun, ctx: DeskContext, clock: Clock, stop: AbortSignal): Promise<void> {
  for (;;) {
    await clock.sleep(PROGRESS_TICK_MS, stop);
    if (stop.aborted || run.view.status !== 'running') return;
    tell(ctx, run);
  }
}

/** Starts a run (refused while one goes on); answers at once with its first view. */
export async function startCommission(
  ctx: DeskContext,
  kept: DeskFacts,
  holder: RunHolder,
  input: CommissionStart,
): Promise<Result<CommissionRun>> {
  if (holder.run?.view.status === 'running')
    return errWithText('INVALID_INPUT', RUN_GOING_ON, message('errors.standard.runGoingOn'));
  const controller = new AbortController();
  // Reserved before the first await: a second start while this one plans is refused too.
  const startedAt = ctx.now();
  const view: CommissionRun = {
    runId: newRunId(startedAt),
    siteId: ctx.options.services.fleet.siteId() ?? '',
    status: 'running',
    startedAt: startedAt.toISOString(),
    counts: countsOf([]),
    devices: [],
  };
  const state: DeskRun = { view, controller, ending: Promise.resolve() };
  const before = holder.run;
  holder.run = state;
  const planned = await deskPlan(ctx, kept, input.deviceIds, input.currentPassword, controller.signal);
  if (!planned.ok) {
    holder.run = before;
    return planned;
  }
  const entries = asConfirmed(planned.value.plan.entries, input.confirmed);
  view.siteId = planned.value.plan.siteId;
  view.devices = entries.map(initialDevice);
  view.counts = countsOf(view.devices);
  // The run's clock (scaled only in demo mode on loopback: clock-policy.ts): its ticks, its step times and
  // its time left, all in the same (field) time — a real-time estimate of field-time steps says nonsense.
  const clock = runClock(ctx, planned.value);
  const progress = createCommissionProgress({
    now: () => clock.now(),
    acceptance: planned.value.standard.acceptance,
  });
  state.progress = progress;
  state.estimate = throttleEstimate(() => progress.estimate(state.view.devices), {
    now: () => clock.now(),
    reusable: (left) => left.leftMs !== undefined,
    // The last change's counts and time left told once the second is over (tell makes a fresh one).
    trailing: () => tell(ctx, state),
  });
  state.ending = carryOut(ctx, kept, state, { planned: planned.value, entries, clock });
  tell(ctx, state);
  return ok(copyRun(view));
}

const runClock = (ctx: DeskContext, planned: Planned): Clock =>
  ctx.options.clockFor?.(planned.targets.map((t) => t.address)) ?? ctx.options.clock ?? REAL_CLOCK;

/** The run in the background, then its end: the view, the kept facts, the drift it changed. */
async function carryOut(
  ctx: DeskContext,
  kept: DeskFacts,
  state: DeskRun,
  run: { planned: Planned; entries: readonly CommissionPlanEntry[]; clock: Clock },
): Promise<void> {
  const { options } = ctx;
  const { view, controller } = state;
  const { planned, entries, clock } = run;
  const { credentials, commission, inventory } = options.services;
  const runners = options.runners?.(planned.siteId) ?? {};
  const c = ctx.concurrency();
  const ticking = new AbortController();
  const ticks = tickProgress(state, ctx, clock, ticking.signal);
  const devices = await runCommission(
    {
      client: options.client,
      sessions: credentials.sessions,
      commission,
      inventory,
      now: ctx.now,
      clock,
      ...runners,
    },
    {
      siteId: planned.siteId,
      standard: planned.standard,
      entries,
      targets: planned.targets,
      presets: planned.presets,
      sitePassword: planned.sitePassword,
      signal: controller.signal,
      ...(c !== undefined ? { concurrency: c } : {}),
      onDevice: (device, phase) => tell(ctx, state, device, phase),
    },
  )
    .catch((error: unknown): CommissionDevice[] =>
      view.devices.map((d) =>
        d.outcome === 'pending' || d.outcome === 'running'
          ? { ...d, outcome: 'unknown', message: `the run broke off: ${String(error)}` }
          : d,
      ),
    )
    .finally(() => ticking.abort());
  await ticks;
  view.devices = devices;
  view.status = controller.signal.aborted ? 'cancelled' : 'done';
  delete view.phase;
  view.endedAt = ctx.now().toISOString();
  view.summary = runSummary(devices, controller.signal.aborted);
  await afterRun(ctx, kept, state, planned, devices);
}

/** Written and read back: those devices are at the standard now; the rest is read again when asked. */
async function afterRun(
  ctx: DeskContext,
  kept: DeskFacts,
  run: DeskRun,
  planned: Planned,
  devices: readonly CommissionDevice[],
): Promise<void> {
  const { fleet, events } = ctx.options.services;
  const view = run.view;
  const changed: DeviceDrift[] = [];
  for (const d of devices) {
    const f = planned.facts.get(d.deviceId);
    if (f === undefined) continue;
    if (d.outcome === 'done') {
      const version = planned.standard.firmware?.version;
      if (version !== undefined) kept.versions.set(d.deviceId, version);
      kept.known.set(d.deviceId, {
        siteId: planned.siteId,
        facts: factsAtStandard(f, planned.standard),
      });
    } else if (d.outcome === 'failed' || d.outcome === 'unknown') kept.known.delete(d.deviceId);
  }
  const drifts = await kept.siteDrift(planned.siteId, planned.standard).catch(() => []);
  const ran = new Set(devices.filter((d) => d.outcome !== 'unchanged').map((d) => d.deviceId));
  for (const d of drifts) if (ran.has(d.deviceId)) changed.push(d);
  kept.emitDrift(planned.siteId, changed, drifts);
  fleet.pollSoon(planned.targets.map((t) => t.deviceId));
  for (const d of devices)
    events.emit({ type: 'standard:device', payload: { runId: view.runId, device: d } });
  tell(ctx, run);
}
