/**
 * "Acceptance…" for the selected devices: the window and the standard (minutes, hash rate share of
 * nominal, hottest chip), then the run itself — a countdown to its end, each device's verdict as it
 * settles (Accepted, or Failed with every reason), a "failed only" filter, and cancel. Acceptance only
 * reads the devices; the verdicts are kept in the site when the run ends, for the fleet's badges, the
 * device panel and the report. Closing the dialog leaves the run going; "Acceptance…" shows it again.
 */
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { AcceptanceVerdict } from '../../../../shared/domain/acceptance';
import { ACCEPTANCE_DEFAULTS, verdictWords } from '../../../../shared/domain/acceptance-words';
import { shortAddress } from '../../../../shared/format/acceptance-text';
import { ModalDialog } from '../../components/modal-dialog';
import { count, formatDuration } from '../../lib/format';
import { useRootStore } from '../../stores/root-store';
import { AcceptanceCriteriaFields, criteriaOf, defaultCriteriaText } from './acceptance-criteria-fields';
import './acceptance.css';

/** Seconds until `endsAt`, ticking once a second while the run goes on. */
function useSecondsLeft(endsAt: string | undefined, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return endsAt === undefined ? 0 : Math.max(0, Math.ceil((Date.parse(endsAt) - now) / 1000));
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
        {ACCEPTANCE_DEFAULTS.maxRejectedPercent} % rejected). Nothing is sent to the devices.
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

function VerdictRow({ verdict }: { verdict: AcceptanceVerdict }): ReactNode {
  const pass = verdict.verdict === 'pass';
  return (
    <li className="acceptance-verdict" data-verdict={verdict.verdict}>
      <span className="mono">{shortAddress(verdict.address)}</span>{' '}
      <span className={`badge ${pass ? 'badge-good' : 'badge-bad'}`}>{verdictWords(verdict.verdict)}</span>
      {!pass && (
        <ul className="acceptance-reasons">
          {verdict.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

function RunView({ onClose }: { onClose: () => void }): ReactNode {
  const { run, end, cancel } = useRootStore(
    useShallow((s) => ({ run: s.acceptanceRun, end: s.acceptanceEnd, cancel: s.acceptanceCancelRequested })),
  );
  const [failedOnly, setFailedOnly] = useState(false);
  const running = run?.status === 'running';
  const left = useSecondsLeft(run?.endsAt, running);
  if (run === null) return null;
  const passed = run.verdicts.filter((v) => v.verdict === 'pass').length;
  const failed = run.verdicts.length - passed;
  const shown = failedOnly ? run.verdicts.filter((v) => v.verdict === 'fail') : run.verdicts;
  const total = run.deviceIds.length;
  return (
    <div className="acceptance-run">
      <p className="acceptance-status" role="status">
        {run.status === 'running' &&
          (left > 0
            ? `${formatDuration(left)} left · ends ${new Date(run.endsAt).toLocaleTimeString()}`
            : 'Taking the last readings…')}
        {run.status === 'done' && `Accepted ${passed} of ${count(total, 'device')}`}
        {run.status === 'cancelled' && 'Cancelled: no verdict was kept.'}
      </p>
      <p className="acceptance-tally">
        {run.verdicts.length} of {count(total, 'verdict')} ·{' '}
        <span className="tone-good">{passed} accepted</span> ·{' '}
        <span className={failed > 0 ? 'tone-bad' : undefined}>{failed} failed</span>
        {run.notInFleet.length > 0 &&
          ` · ${count(run.notInFleet.length, 'device')} not in the fleet (not watched)`}
      </p>
      {end?.saved === true && (
        <p className="notice-ok">The verdicts are kept in the site; the report shows them.</p>
      )}
      {(end?.saveError ?? run.saveError) !== undefined && (
        <p className="field-error" role="alert">
          The verdicts could not be kept in the site: {end?.saveError ?? run.saveError}
        </p>
      )}
      <label className="choice">
        <input type="checkbox" checked={failedOnly} onChange={(e) => setFailedOnly(e.target.checked)} />
        Failed only
      </label>
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
