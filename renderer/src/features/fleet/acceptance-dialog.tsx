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
import { ACCEPTANCE_DEFAULTS } from '../../../../shared/domain/acceptance-words';
import type { MessageId } from '../../../../shared/i18n/catalogs';
import { durationText, timeText } from '../../../../shared/i18n/formats';
import { errorText, verdictReasons } from '../../../../shared/i18n/local-text';
import { englishTranslator } from '../../../../shared/i18n/translate';
import type { Translator } from '../../../../shared/i18n/translate';
import { DeviceName } from '../../components/device-name';
import { ModalDialog } from '../../components/modal-dialog';
import { useT } from '../../i18n/i18n-provider';
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
  const tr = useT();
  const { t } = tr;
  const { criteria, problems } = criteriaOf(text, tr);
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
        {t('fleet-actions.acceptance.note', {
          count: selected,
          rejected: ACCEPTANCE_DEFAULTS.maxRejectedPercent,
        })}
      </p>
      <AcceptanceCriteriaFields text={text} onChange={setText} />
      {problems.map((p) => (
        <p key={p} className="field-error">
          {p}
        </p>
      ))}
      <div className="modal-actions">
        <button type="button" className="button" onClick={onClose}>
          {t('common.action.cancel')}
        </button>
        <button type="submit" value="start" className="button button-primary" disabled={problems.length > 0}>
          {t('fleet-actions.acceptance.start')}
        </button>
      </div>
    </form>
  );
}

const VERDICT_WORDS: Record<Verdict, MessageId> = {
  pass: 'fleet-actions.acceptance.verdict.pass',
  fail: 'fleet-actions.acceptance.verdict.fail',
  pending: 'fleet-actions.acceptance.verdict.pending',
};

const VERDICT_BADGE: Record<Verdict, string> = {
  pass: 'badge-good',
  fail: 'badge-bad',
  pending: 'badge-warn',
};

function VerdictRow({ verdict }: { verdict: AcceptanceVerdict }): ReactNode {
  const pending = verdict.verdict === 'pending';
  const tr = useT();
  const { t } = tr;
  return (
    <li className="acceptance-verdict" data-verdict={verdict.verdict}>
      <DeviceName deviceId={verdict.deviceId} address={verdict.address} />{' '}
      <span className={`badge ${VERDICT_BADGE[verdict.verdict]}`}>{t(VERDICT_WORDS[verdict.verdict])}</span>
      {verdict.verdict !== 'pass' && (
        <ul className={pending ? 'acceptance-reasons acceptance-reasons-pending' : 'acceptance-reasons'}>
          {verdictReasons(tr, verdict).map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** "Accepted 180, failed 3, pending 17 of 200 devices" once the run is done (pending only when some are). */
export function runDoneText(
  counts: Record<Verdict, number>,
  total: number,
  tr: Translator = englishTranslator(),
): string {
  return counts.pending > 0
    ? tr.t('fleet-actions.acceptance.doneSome', {
        pass: counts.pass,
        fail: counts.fail,
        pending: counts.pending,
        count: total,
      })
    : tr.t('fleet-actions.acceptance.done', { pass: counts.pass, count: total });
}

/** The counts: verdicts so far, accepted / failed / pending, and while it runs who settles and who is watched. */
function Tally({ counts, running }: { counts: Record<Verdict, number>; running: boolean }): ReactNode {
  const run = useRootStore((s) => s.acceptanceRun);
  const phases = useRootStore((s) => s.acceptancePhaseCounts);
  const { t } = useT();
  if (run === null) return null;
  const judged = counts.pass + counts.fail + counts.pending;
  return (
    <p className="acceptance-tally" data-tally>
      {t('fleet-actions.acceptance.tally.judged', { judged, count: run.deviceIds.length })} ·{' '}
      <span className="tone-good">{t('fleet-actions.acceptance.tally.pass', { count: counts.pass })}</span> ·{' '}
      <span className={counts.fail > 0 ? 'tone-bad' : undefined}>
        {t('fleet-actions.acceptance.tally.fail', { count: counts.fail })}
      </span>{' '}
      ·{' '}
      <span className={counts.pending > 0 ? 'tone-warn' : undefined}>
        {t('fleet-actions.acceptance.tally.pending', { count: counts.pending })}
      </span>
      {running &&
        ` · ${t('fleet-actions.acceptance.tally.settling', { count: phases.settling })} · ${t('fleet-actions.acceptance.tally.watching', { count: phases.watching })}`}
      {run.notInFleet.length > 0 &&
        ` · ${t('fleet-actions.acceptance.tally.notInFleet', { count: run.notInFleet.length })}`}
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
  const tr = useT();
  const { t } = tr;
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
            ? t(ending.upTo ? 'fleet-actions.acceptance.settlingLeft' : 'fleet-actions.acceptance.left', {
                left: durationText(tr, left),
                at: timeText(tr, ending.at),
              })
            : t('fleet-actions.acceptance.lastReadings'))}
        {run.status === 'done' && runDoneText(counts, run.deviceIds.length, tr)}
        {run.status === 'cancelled' && t('fleet-actions.acceptance.cancelled')}
      </p>
      <Tally counts={counts} running={running} />
      {end?.saved === true && <p className="notice-ok">{t('fleet-actions.acceptance.saved')}</p>}
      {!running && counts.pending > 0 && (
        <p className="notice-warn">{t('fleet-actions.acceptance.pendingNote', { count: counts.pending })}</p>
      )}
      {saveError !== undefined && (
        <p className="field-error" role="alert">
          {t('fleet-actions.acceptance.saveError', { error: saveError })}
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
            {kind === 'fail'
              ? t('fleet-actions.acceptance.failedOnly')
              : t('fleet-actions.acceptance.pendingOnly')}
          </label>
        ))}
      </div>
      <ul className="acceptance-verdicts" aria-label={t('fleet-actions.acceptance.verdicts')}>
        {shown.map((verdict) => (
          <VerdictRow key={verdict.deviceId} verdict={verdict} />
        ))}
      </ul>
      {running && run.verdicts.length === 0 && (
        <p className="field-hint">{t('fleet-actions.acceptance.verdictsHint')}</p>
      )}
      <div className="modal-actions">
        {running && (
          <button type="button" className="button button-danger" onClick={() => void cancel()}>
            {t('fleet-actions.acceptance.cancel')}
          </button>
        )}
        <button type="button" className="button" onClick={onClose}>
          {running ? t('fleet-actions.common.closeRunning') : t('fleet-actions.common.close')}
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
  const tr = useT();
  return (
    <ModalDialog
      title={tr.t('fleet-actions.acceptance.title')}
      onClose={onClose}
      describedBy="acceptance-note"
      className="modal-wide"
    >
      {error !== null && (
        <p className="field-error" role="alert">
          {errorText(tr, error)}
        </p>
      )}
      {showForm ? <CriteriaForm selected={selected} onClose={onClose} /> : <RunView onClose={onClose} />}
    </ModalDialog>
  );
}
