/**
 * The device panel's Acceptance tab: while a run watches the device, where it stands (settling since when,
 * in what state, or watched; no verdict yet); else its latest verdict (kept in the site, or just given by
 * this session's run) — every check with its words, passed or not, the evidence behind them and the
 * readings taken while it settled (never counted) — or how to get one. A pending verdict says why it was
 * not judged and what to do: run acceptance again later.
 */
import type { ReactNode } from 'react';
import type { Verdict } from '../../../../shared/domain/acceptance-words';
import { verdictWords } from '../../../../shared/domain/acceptance-words';
import { criteriaText, evidenceLines } from '../../../../shared/format/acceptance-text';
import { useRootStore } from '../../stores/root-store';
import { settlingTitle } from '../fleet/acceptance-badge';
import type { KnownVerdict } from '../../stores/acceptance-slice';

const BADGE: Record<Verdict, string> = { pass: 'badge-good', fail: 'badge-bad', pending: 'badge-warn' };

const time = (iso: string): string => new Date(iso).toLocaleTimeString();

/** The last settling readings shown; the CLI's JSON has every one. */
const SETTLING_SHOWN = 12;

/** "14:02:10 restarting, 0 TH/s": the readings before the window opened (the last ones). */
function SettlingReadings({ verdict }: { verdict: KnownVerdict }): ReactNode {
  const settling = verdict.settling ?? [];
  if (settling.length === 0) return null;
  const shown = settling.slice(-SETTLING_SHOWN);
  return (
    <>
      <h3>Settling (not counted)</h3>
      <ul className="acceptance-checks" aria-label="Settling readings">
        {settling.length > shown.length && <li>{settling.length - shown.length} earlier readings</li>}
        {shown.map((r) => (
          <li key={r.at}>
            {time(r.at)} {r.state ?? 'state not said'},{' '}
            {r.hashRateThs === null ? 'no hash rate read' : `${r.hashRateThs.toLocaleString('en-US')} TH/s`}
          </li>
        ))}
      </ul>
    </>
  );
}

export function DeviceAcceptance({ deviceId }: { deviceId: string }): ReactNode {
  const phase = useRootStore((s) => s.acceptancePhases[deviceId]);
  const verdict = useRootStore((s) => s.verdicts[deviceId]);
  if (phase !== undefined) {
    return (
      <p className="field-hint" data-phase={phase.phase}>
        {phase.phase === 'settling'
          ? settlingTitle(phase)
          : `Watched since ${time(phase.since)}: its window is open; the verdict comes at its end.`}
      </p>
    );
  }
  if (verdict === undefined) {
    return (
      <p className="field-hint">
        No acceptance verdict yet: select the device in the fleet and choose Actions → Acceptance….
      </p>
    );
  }
  const pending = verdict.verdict === 'pending';
  return (
    <section aria-label="Acceptance verdict">
      <p>
        <span className={`badge ${BADGE[verdict.verdict]}`}>{verdictWords(verdict.verdict)}</span>{' '}
        {new Date(verdict.endedAt).toLocaleString()}
        {verdict.settledAt != null && ` · settled ${time(verdict.settledAt)}`}
      </p>
      {pending && (
        <p className="notice-warn" data-pending-reason>
          {verdict.reasons.join('; ')}. Not a failure: run acceptance on it again later.
        </p>
      )}
      <ul className="acceptance-checks" aria-label="Checks">
        {verdict.checks.map((check) => (
          <li key={check.check} data-pass={String(check.pass)}>
            {check.pass ? '✓' : '✗'} {check.words}
          </li>
        ))}
      </ul>
      <h3>Evidence</h3>
      <ul className="acceptance-checks">
        {evidenceLines(verdict).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <SettlingReadings verdict={verdict} />
      <p className="field-hint">The standard: {criteriaText(verdict.criteria)}.</p>
    </section>
  );
}
