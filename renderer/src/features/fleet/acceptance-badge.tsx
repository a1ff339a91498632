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
import { oneLineReason } from '../../../../shared/domain/acceptance-words';
import type { Verdict } from '../../../../shared/domain/acceptance-words';
import type { MessageId } from '../../../../shared/i18n/catalogs';
import { dateTimeText } from '../../../../shared/i18n/formats';
import { englishTranslator } from '../../../../shared/i18n/translate';
import type { Translator } from '../../../../shared/i18n/translate';
import { useT } from '../../i18n/i18n-provider';
import { useSharedClock } from '../../lib/shared-clock';
import { useRootStore } from '../../stores/root-store';
import './acceptance.css';

const clockTime = (tr: Translator, iso: string): string =>
  tr.intl.formatTime(new Date(iso), { hour: '2-digit', minute: '2-digit' });

/** "3 min" since `since`; "<1 min" in the first minute (a clock a little behind never says less). */
export function minutesSince(since: string, now: number, tr: Translator = englishTranslator()): string {
  const minutes = Math.floor((now - Date.parse(since)) / 60_000);
  return minutes < 1
    ? tr.t('fleet.acceptance.underMinute')
    : tr.t('common.duration.minutes', { m: tr.intl.formatNumber(minutes) });
}

/** The settling badge's hover text (the device panel says it too; English when no translator is given). */
export function settlingTitle(phase: AcceptancePhase, tr: Translator = englishTranslator()): string {
  const time = clockTime(tr, phase.since);
  return phase.state !== null && phase.state !== ''
    ? tr.t('fleet.acceptance.settlingTitleState', { time, state: phase.state })
    : tr.t('fleet.acceptance.settlingTitle', { time });
}

function SettlingBadge({ phase }: { phase: AcceptancePhase }): ReactNode {
  const tr = useT();
  const now = useSharedClock();
  return (
    <span className="mini-badge mini-settling" data-phase="settling" title={settlingTitle(phase, tr)}>
      {tr.t('fleet.acceptance.settling', { time: minutesSince(phase.since, now, tr) })}
    </span>
  );
}

function WatchingBadge({ phase }: { phase: AcceptancePhase }): ReactNode {
  const tr = useT();
  return (
    <span
      className="mini-badge mini-watching"
      data-phase="watching"
      title={tr.t('fleet.acceptance.watchingTitle', { time: clockTime(tr, phase.since) })}
    >
      {tr.t('fleet.acceptance.watching')}
    </span>
  );
}

const VERDICT_WORDS: Record<Verdict, MessageId> = {
  pass: 'fleet.acceptance.verdict.pass',
  fail: 'fleet.acceptance.verdict.fail',
  pending: 'fleet.acceptance.verdict.pending',
};

const VERDICT_CLASS = { pass: 'mini-accepted', fail: 'mini-failed', pending: 'mini-pending' } as const;

export function AcceptanceBadge({ deviceId }: { deviceId: string }): ReactNode {
  const tr = useT();
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
          ? tr.t('fleet.acceptance.acceptedTitle', { when: dateTimeText(tr, new Date(verdict.endedAt)) })
          : oneLineReason(verdict)
      }
    >
      {tr.t(VERDICT_WORDS[verdict.verdict])}
    </span>
  );
}
