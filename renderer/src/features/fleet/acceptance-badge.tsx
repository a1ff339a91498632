/**
 * A device's acceptance as a small badge in the fleet row and the device panel: while a run goes on,
 * "Settling · 3 min" (restarting or tuning: not judged yet) or "Watching" (its window is open) — never
 * "Failed" before the verdict; then "Accepted", "Failed" with its first reason on hover, or "Pending" (not
 * settled within the limit: not judged yet, not a failure). Nothing when the device has neither. Each badge
 * reads its own device's phase and verdict only, so a run's events redraw just their rows, and only the
 * settling badges tick, all on one shared clock.
 */
import type { ReactNode } from 'react';
import type { AcceptancePhase } from '../../../../shared/domain/acceptance';
import { oneLineReason, verdictWords } from '../../../../shared/domain/acceptance-words';
import { useSharedClock } from '../../lib/shared-clock';
import { useRootStore } from '../../stores/root-store';
import './acceptance.css';

const clockTime = (iso: string): string =>
  new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** "3 min" since `since`; "<1 min" in the first minute (a clock a little behind never says less). */
export function minutesSince(since: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(since)) / 60_000);
  return minutes < 1 ? '<1 min' : `${minutes.toLocaleString('en-US')} min`;
}

export function settlingTitle(phase: AcceptancePhase): string {
  const state = phase.state !== null && phase.state !== '' ? ` (${phase.state})` : '';
  return `Settling since ${clockTime(phase.since)}${state}: not judged yet. Its window opens once it mines at its rate again.`;
}

function SettlingBadge({ phase }: { phase: AcceptancePhase }): ReactNode {
  const now = useSharedClock();
  return (
    <span className="mini-badge mini-settling" data-phase="settling" title={settlingTitle(phase)}>
      Settling · {minutesSince(phase.since, now)}
    </span>
  );
}

function WatchingBadge({ phase }: { phase: AcceptancePhase }): ReactNode {
  return (
    <span
      className="mini-badge mini-watching"
      data-phase="watching"
      title={`Watching since ${clockTime(phase.since)}: its window is open, the verdict comes at its end`}
    >
      Watching
    </span>
  );
}

const VERDICT_CLASS = { pass: 'mini-accepted', fail: 'mini-failed', pending: 'mini-pending' } as const;

export function AcceptanceBadge({ deviceId }: { deviceId: string }): ReactNode {
  const phase = useRootStore((s) => s.acceptancePhases[deviceId]);
  const verdict = useRootStore((s) => s.verdicts[deviceId]);
  if (phase !== undefined) {
    return phase.phase === 'settling' ? <SettlingBadge phase={phase} /> : <WatchingBadge phase={phase} />;
  }
  if (verdict === undefined) return null;
  return (
    <span
      className={`mini-badge ${VERDICT_CLASS[verdict.verdict]}`}
      data-verdict={verdict.verdict}
      title={
        verdict.verdict === 'pass'
          ? `Accepted ${new Date(verdict.endedAt).toLocaleString()}`
          : oneLineReason(verdict)
      }
    >
      {verdictWords(verdict.verdict)}
    </span>
  );
}
