/**
 * Where the devices of a running acceptance stand before their verdicts (issue 32): settling (not mining
 * yet, or the hash rate still coming up) or watching (the window is open), by device id, and the counts the
 * dialog shows. Pure, so the slice keeps one record per run and the counts are made once per event batch,
 * not once per badge.
 */
import type { AcceptancePhase, Verdict } from '../../../shared/domain/acceptance';

export type PhaseRecord = Record<string, AcceptancePhase>;

export interface PhaseCounts {
  settling: number;
  watching: number;
}

export type VerdictCounts = Record<Verdict, number>;

export const NO_PHASES: PhaseRecord = {};
export const NO_PHASE_COUNTS: PhaseCounts = { settling: 0, watching: 0 };

export const phasesByDevice = (phases: readonly AcceptancePhase[] | undefined): PhaseRecord =>
  Object.fromEntries((phases ?? []).map((p) => [p.deviceId, p]));

export function phaseCounts(phases: PhaseRecord): PhaseCounts {
  const counts = { settling: 0, watching: 0 };
  for (const phase of Object.values(phases)) counts[phase.phase] += 1;
  return counts;
}

/** Accepted / failed / pending among verdicts: pending is never counted as failed. */
export function verdictCounts(verdicts: readonly { verdict: Verdict }[]): VerdictCounts {
  const counts: VerdictCounts = { pass: 0, fail: 0, pending: 0 };
  for (const v of verdicts) counts[v.verdict] += 1;
  return counts;
}

/**
 * The phases after a batch: changed phases in, devices that got their verdict out. A device with a verdict
 * never shows a phase again in this run (a late phase event does not revive it).
 */
export function nextPhases(
  phases: PhaseRecord,
  changed: readonly AcceptancePhase[],
  judged: ReadonlySet<string>,
): PhaseRecord {
  if (changed.length === 0 && ![...judged].some((id) => id in phases)) return phases;
  const next = new Map(Object.entries(phases));
  for (const phase of changed) if (!judged.has(phase.deviceId)) next.set(phase.deviceId, phase);
  for (const id of judged) next.delete(id);
  return Object.fromEntries(next);
}

/**
 * When the run is expected to end, for the dialog's countdown. `run.endsAt` is the latest a reading can be
 * due (the settle limit plus the window); while no device settles any more, the run ends with the last
 * window opened (`since` + the window), which on a fleet settled at once is the window itself. `upTo`: some
 * device still settles (or none has said yet), so the end is only a bound.
 */
export function expectedEnd(
  run: { endsAt: string; criteria: { minutes: number } },
  phases: PhaseRecord,
  counts: PhaseCounts,
): { at: number; upTo: boolean } {
  const latest = Date.parse(run.endsAt);
  if (counts.settling > 0 || counts.watching === 0) return { at: latest, upTo: true };
  const windowMs = run.criteria.minutes * 60_000;
  let at = 0;
  for (const phase of Object.values(phases)) at = Math.max(at, Date.parse(phase.since) + windowMs);
  return { at: Math.min(at, latest), upTo: false };
}
