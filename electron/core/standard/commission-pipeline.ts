/**
 * A Commission run as a pipeline per device: the stages in the plan's order (password → firmware →
 * settings → restart → acceptance), each with a queue. A device enters its next stage the moment its
 * previous step is verified, and only a stage whose step it needs (a device without firmware goes from
 * its password straight on to its settings). Whenever devices wait at a stage and the stage can take
 * them, the stage runs its write service once over the devices waiting then: devices flow in groups as
 * they become ready, never the whole selection waiting for its slowest device.
 *
 * - A write stage (password, settings, restart) runs one group at a time — each write service has its
 *   own concurrency, so two small groups at once would only exceed it; devices that arrive meanwhile are
 *   the next group. Its devices go on when the group's write has ended (one preview, one send, one
 *   read-back, one activity entry per group). A stage with `groups` starts another group beside the ones
 *   under way once `atLeast` devices wait, up to `max` at once: on a hall, devices leave the rollout
 *   steadily, and a device that waited for the group before it to end waited for that group's slowest
 *   device (measured: minutes at the end of a 1,000-device Commission, docs/benchmarks.md "field").
 * - A `once` stage (firmware) runs once over every device that reaches it, when no device can still
 *   arrive: the rollout keeps its own plan and batches. Each of its devices goes on the moment the
 *   rollout concludes it (`release`), while the rollout still updates others.
 * - A `once` stage with `lead` (firmware) first runs over its lead alone, the moment it arrives: the first
 *   device of the run that needs the stage, which every stage before takes first and alone (its password
 *   first). The rollout's canary so starts on its own while the others' passwords go on, instead of
 *   waiting for the whole selection's; the others then run the stage once, as above, after the lead's
 *   run has ended (its verdict in: the rollout's trust starts from it).
 * - An `overlap` stage (acceptance) starts a group whenever devices arrive, however many groups run:
 *   their settle phases and windows overlap.
 *
 * A device whose step failed takes no later step (the run state's rule); once stopped (cancelled) no
 * group starts, the groups under way end through the signal, and the devices left waiting are said so
 * by the run state. The run ends when no stage has a group under way or a device waiting.
 */
import type { CommissionStepKind } from '../../../shared/domain/standard';
import type { PoolTarget } from '../commission/pool-plan';
import type { RunState } from './commission-run-state';

export interface PipelineStage {
  kind: CommissionStepKind;
  /**
   * Runs the stage over one group; `release` sends a device on at once (the others go on at the end);
   * `lead`: the group is a `lead` stage's lead alone.
   */
  work: (group: PoolTarget[], release: (deviceId: string) => void, lead: boolean) => Promise<void>;
  /** Groups of this stage may run at the same time (acceptance windows). */
  overlap?: boolean;
  /** Another group may start beside those under way once `atLeast` devices wait, `max` groups at once. */
  groups?: { max: number; atLeast: number };
  /** The stage runs once, over every device that reaches it, when no earlier stage can send more. */
  once?: boolean;
  /** With `once`: the first device of the run that needs the stage runs it alone first (see the top). */
  lead?: boolean;
}

interface StageState {
  stage: PipelineStage;
  waiting: PoolTarget[];
  running: number;
  ran: boolean;
}

/** Runs every device of the run through the stages it needs; resolves when the last one is through. */
export function runPipeline(run: RunState, stages: readonly PipelineStage[]): Promise<void> {
  const states: StageState[] = stages.map((stage) => ({ stage, waiting: [], running: 0, ran: false }));
  return new Promise<void>((resolve, reject) => {
    let broken = false;

    /** The first stage after `from` whose step the device still needs, if it goes on at all. */
    const next = (deviceId: string, from: number): number | undefined => {
      const device = run.devices.get(deviceId);
      if (device === undefined || (device.outcome !== 'pending' && device.outcome !== 'running')) return;
      for (let i = from + 1; i < states.length; i += 1) {
        const kind = states[i]?.stage.kind;
        if (device.steps.some((s) => s.kind === kind && s.outcome === 'pending')) return i;
      }
      return undefined;
    };

    const route = (deviceId: string, from: number): void => {
      const to = next(deviceId, from);
      const target = run.targetOf.get(deviceId);
      if (to !== undefined && target !== undefined) states[to]?.waiting.push(target);
    };

    /** Nothing before stage `i` can still send it a device. */
    const drainedBefore = (i: number): boolean =>
      states.slice(0, i).every((s) => s.running === 0 && s.waiting.length === 0);

    // The lead: the first device (in the run's order) that needs the `lead` stage; undefined once through it.
    const leadAt = states.findIndex((s) => s.stage.once === true && s.stage.lead === true);
    const leadKind = states[leadAt]?.stage.kind;
    let lead =
      leadKind === undefined
        ? undefined
        : [...run.devices.values()].find((d) =>
            d.steps.some((step) => step.kind === leadKind && step.outcome === 'pending'),
          )?.deviceId;
    const leadWaits = (s: StageState, i: number): boolean =>
      lead !== undefined && i <= leadAt && s.waiting.some((t) => t.deviceId === lead);

    const canStart = (s: StageState, i: number): boolean => {
      if (s.waiting.length === 0) return false;
      if (i === leadAt && leadWaits(s, i)) return true;
      if (s.stage.once === true) return !s.ran && s.running === 0 && drainedBefore(i);
      if (s.running === 0 || s.stage.overlap === true) return true;
      const more = s.stage.groups;
      return more !== undefined && s.running < more.max && s.waiting.length >= more.atLeast;
    };

    /** The devices of the group to start: the lead alone where it waits, else every device waiting. */
    const take = (s: StageState, i: number): { group: PoolTarget[]; alone: boolean } => {
      if (!leadWaits(s, i)) return { group: s.waiting.splice(0), alone: false };
      const at = s.waiting.findIndex((t) => t.deviceId === lead);
      const group = s.waiting.splice(at, 1);
      if (i === leadAt) lead = undefined;
      return { group, alone: i === leadAt };
    };

    const start = (s: StageState, i: number): void => {
      const { group, alone } = take(s, i);
      const inGroup = new Set(group.map((t) => t.deviceId));
      s.running += 1;
      // The lead's own run is not the stage's once-run over the others.
      if (!alone) s.ran = true;
      const release = (deviceId: string): void => {
        if (!inGroup.delete(deviceId)) return;
        route(deviceId, i);
        pump();
      };
      s.stage.work(group, release, alone).then(
        () => {
          // The rest of the group goes on together (a `once` stage after this one sees all of it).
          for (const deviceId of inGroup) route(deviceId, i);
          inGroup.clear();
          s.running -= 1;
          pump();
        },
        (error: unknown) => {
          broken = true;
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    };

    const pump = (): void => {
      if (broken) return;
      if (!run.stopped()) {
        // Later stages first: a device freed there makes room before earlier stages send more.
        for (let i = states.length - 1; i >= 0; i -= 1) {
          const s = states[i];
          if (s !== undefined && canStart(s, i)) start(s, i);
        }
      }
      const busy = states.some((s) => s.running > 0);
      const waiting = states.some((s) => s.waiting.length > 0);
      if (!busy && (!waiting || run.stopped())) resolve();
    };

    for (const deviceId of run.devices.keys()) route(deviceId, -1);
    pump();
  });
}
