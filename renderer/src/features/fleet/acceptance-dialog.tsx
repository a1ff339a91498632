/**
 * "Acceptance…" for the selected devices: the window and the standard (minutes, hash rate share of
 * nominal, hottest chip, settle up to N minutes), then the run itself — a countdown to its end, the counts
 * (accepted, failed, pending, and while it runs how many settle and how many are watched), each device's
 * verdict as it comes (Accepted; Failed with every reason; Pending — not settled in time, not judged —
 * with why), "failed only" / "pending only" filters, and cancel. Acceptance only reads the devices; the
 * verdicts are kept in the site when the run ends, for the fleet's badges, the device panel and the
 * report. Closing the dialog leaves the run going; "Acceptance…" shows it again.
 */
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { AcceptanceVerdict } from '../../../../shared/domain/acceptance';
import type { Verdict } from '../../../../shared/domain/acceptance-words';
import { ACCEPTANCE_DEFAULTS, verdictWords } from '../../../../shared/domain/acceptance-words';
import { DeviceName } from '../../components/device-name';
import { ModalDialog } from '../../components/modal-dialog';
import { count, formatDuration } from '../../lib/format';
import { expectedEnd, verdictCounts } from '../../stores/acceptance-phases';
import { useRootStore } from '../../stores/root-store';
import { AcceptanceCriteriaFields, criteriaOf, defaultCriteriaText } from './acceptance-criteria-fields';
import './acceptance.css';

/** Seconds until `endsAt` (epoch ms), ticking once a second while the run goes on. */
function useSecondsLeft(endsAt: number | undefined, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return endsAt === undefined ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
}

function CriteriaForm({ selected, onClose }: { selected: number; onClose: () => void }): ReactNode {
  const start = useRootStore((s) => s.acceptanceStartRequested);
  const [text, setText] = useState(defaultCriteriaText);
  const { criteria, problems } = criteriaOf(text);
  return (
    <form
      method="dialog"
      className="modal-form"
      onSubmit={(e) => {
        if ((e.nativeEvent as SubmitEvent).submitter?.getAttribute('value') !== 'start') return;
        e.preventDefault();
        if (problems.length === 0) void start(criteria);
      }}
    >
      <p id="acceptance-note" className="field-hint">
        Watches {count(selected, 'device')} for the window, reading each at the start, about once a minute and
        at the end. Each gets a verdict: every hash board there, every chip hashing, no board failing, the
        hash rate, the hottest chip, every fan turning, and the pool accepting its shares (at most{' '}
        {ACCEPTANCE_DEFAULTS.maxRejectedPercent} % rejected). A device that is still restarting or tuning is
        waited for first; its readings before the window are shown, never counted. Nothing is sent to the
        devices.
      </p>
      <AcceptanceCriteriaFields text={text} onChange={setText} />
      {problems.map((p) => (
        <p key={p} className="field-error">
          {p}
        </p>
      ))}
      <div className="modal-actions">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" value="start" className="button button-primary" disabled={problems.length > 0}>
          Start acceptance
        </button>
      </div>
    </form>
  );
}

const VERDICT_BADGE: Record<Verdict, string> = {
  pass: 'badge-good',
  fail: 'badge-bad',
  pending: 'badge-warn',
};

function VerdictRow({ verdict }: { verdict: AcceptanceVerdict }): ReactNode {
  const pending = verdict.verdict === 'pending';
  return (
    <li className="acceptance-verdict" data-verdict={verdict.verdict}>
      <DeviceName deviceId={verdict.deviceId} address={verdict.address} />{' '}
      <span className={`badge ${VERDICT_BADGE[verdict.verdict]}`}>{verdictWords(verdict.verdict)}</span>
      {verdict.verdict !== 'pass' && (
        <ul className={pending ? 'acceptance-reasons acceptance-reasons-pending' : 'acceptance-reasons'}>
          {verdict.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** "Accepted 180, failed 3, pending 17 of 200 devices" once the run is done (pending only when some are). */
export function runDoneText(counts: Record<Verdict, number>, total: number): string {
  return counts.pending > 0
    ? `Accepted ${counts.pass}, failed ${counts.fail}, pending ${counts.pending} of ${count(total, 'device')}`
    : `Accepted ${counts.pass} of ${count(total, 'device')}`;
}

/** The counts: verdicts so far, accepted / failed / pending, and while it runs who settles and who is watched. */
function Tally({ counts, running }: { counts: Record<Verdict, number>; running: boolean }): ReactNode {
  const run = useRootStore((s) => s.acceptanceRun);
  const phases = useRootStore((s) => s.acceptancePhaseCounts);
  if (run === null) return null;
  const judged = counts.pass + counts.fail + counts.pending;
  return (
    <p className="acceptance-tally" data-tally>
      {judged} of {count(run.deviceIds.length, 'verdict')} ·{' '}
      <span className="tone-good">{counts.pass} accepted</span> ·{' '}
      <span className={counts.fail > 0 ? 'tone-bad' : undefined}>{counts.fail} failed</span> ·{' '}
      <span className={counts.pending > 0 ? 'tone-warn' : undefined}>{counts.pending} pending</span>
      {running && ` · ${phases.settling} settling · ${phases.watching} watching`}
      {run.notInFleet.length > 0 &&
        ` · ${count(run.notInFleet.length, 'device')} not in the fleet (not watched)`}
    </p>
  );
}

type Only = 'all' | 'fail' | 'pending';

function RunView({ onClose }: { onClose: () => void }): ReactNode {
  const { run, end, cancel, phases, phaseTally } = useRootStore(
    useShallow((s) => ({
      run: s.acceptanceRun,
      end: s.acceptanceEnd,
      cancel: s.acceptanceCancelRequested,
      phases: s.acceptancePhases,
      phaseTally: s.acceptancePhaseCounts,
    })),
  );
  const [only, setOnly] = useState<Only>('all');
  const running = run?.status === 'running';
  const ending = run === null ? undefined : expectedEnd(run, phases, phaseTally);
  const left = useSecondsLeft(ending?.at, running);
  if (run === null) return null;
  const counts = verdictCounts(run.verdicts);
  const shown = only === 'all' ? run.verdicts : run.verdicts.filter((v) => v.verdict === only);
  const saveError = end?.saveError ?? run.saveError;
  return (
    <div className="acceptance-run">
      <p className="acceptance-status" role="status">
        {run.status === 'running' &&
          (left > 0 && ending !== undefined
            ? ending.upTo
              ? `Settling: up to ${formatDuration(left)} left · ends by ${new Date(ending.at).toLocaleTimeString()}`
              : `${formatDuration(left)} left · ends ${new Date(ending.at).toLocaleTimeString()}`
            : 'Taking the last readings…')}
        {run.status === 'done' && runDoneText(counts, run.deviceIds.length)}
        {run.status === 'cancelled' && 'Cancelled: no verdict was kept.'}
      </p>
      <Tally counts={counts} running={running} />
      {end?.saved === true && (
        <p className="notice-ok">The verdicts are kept in the site; the report shows them.</p>
      )}
      {!running && counts.pending > 0 && (
        <p className="notice-warn">
          {count(counts.pending, 'device')} had not settled in time (still restarting or tuning): not judged
          yet. Run acceptance on them again later.
        </p>
      )}
      {saveError !== undefined && (
        <p className="field-error" role="alert">
          The verdicts could not be kept in the site: {saveError}
        </p>
      )}
      <div className="acceptance-filters">
        {(['fail', 'pending'] as const).map((kind) => (
          <label key={kind} className="choice">
            <input
              type="checkbox"
              checked={only === kind}
              onChange={(e) => setOnly(e.target.checked ? kind : 'all')}
            />
            {kind === 'fail' ? 'Failed only' : 'Pending only'}
          </label>
        ))}
      </div>
      <ul className="acceptance-verdicts" aria-label="Verdicts">
        {shown.map((verdict) => (
          <VerdictRow key={verdict.deviceId} verdict={verdict} />
        ))}
      </ul>
      {running && run.verdicts.length === 0 && (
        <p className="field-hint">Verdicts appear here as each device’s last reading comes in.</p>
      )}
      <div className="modal-actions">
        {running && (
          <button type="button" className="button button-danger" onClick={() => void cancel()}>
            Cancel the run
          </button>
        )}
        <button type="button" className="button" onClick={onClose}>
          {running ? 'Close (it keeps running)' : 'Close'}
        </button>
      </div>
    </div>
  );
}

export function AcceptanceDialog({
  count: selected,
  onClose,
}: {
  count: number;
  onClose: () => void;
}): ReactNode {
  const { run, error } = useRootStore(
    useShallow((s) => ({ run: s.acceptanceRun, error: s.acceptanceError })),
  );
  // Opened while no run goes on: a new one is set up (the one that ended before is not shown again);
  // once it starts, or while one goes on, its progress is shown.
  const [endedBefore] = useState(run?.status === 'running' ? undefined : run?.runId);
  const showForm = run === null || (run.status !== 'running' && run.runId === endedBefore);
  return (
    <ModalDialog title="Acceptance" onClose={onClose} describedBy="acceptance-note" className="modal-wide">
      {error !== null && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {showForm ? <CriteriaForm selected={selected} onClose={onClose} /> : <RunView onClose={onClose} />}
    </ModalDialog>
  );
}
