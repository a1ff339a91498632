/**
 * A Commission run as it goes: the step the run is at over the selection, a bar and the counts, the
 * devices being worked on right now with their step, and Stop (no device starts another step; a step in
 * flight ends: a password change or a settings write is never cut half-way). Once it ended: main's summary,
 * and the devices that failed or were not done, named with their reasons, and a button that selects them
 * (outcome-failures.tsx). Each device's outcome is also in the fleet's Last action column.
 */
import { ACCEPTANCE_PENDING_WORDS } from '../../../../shared/domain/acceptance-words';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Verdict } from '../../../../shared/domain/acceptance-words';
import type { CommissionDevice, CommissionRun, CommissionStepKind } from '../../../../shared/domain/standard';
import { errorText } from '../../../../shared/i18n/local-text';
import type { MessageRef } from '../../../../shared/i18n/message';
import { message } from '../../../../shared/i18n/message';
import type { Translator } from '../../../../shared/i18n/translate';
import { englishTranslator } from '../../../../shared/i18n/translate';
import { DeviceName } from '../../components/device-name';
import { useT } from '../../i18n/i18n-provider';
import { commissionOutcomes } from '../../stores/standard-slice';
import { useRootStore } from '../../stores/root-store';
import { RunProgress } from '../../components/run-progress';
import { OutcomeFailures } from '../fleet/outcome-failures';
import { madeWords } from './drift-words';

/** What the run is doing now, after "12 of 200 devices: ". */
const PHASE_WORDS: Readonly<Record<CommissionStepKind, MessageRef>> = {
  password: message('standard.run.phase.password'),
  firmware: message('standard.run.phase.firmware'),
  settings: message('standard.run.phase.settings'),
  restart: message('standard.run.phase.restart'),
  acceptance: message('standard.run.phase.acceptance'),
};

/** Each step's name in the per-step counts. */
const STEP_NAMES: Readonly<Record<CommissionStepKind, MessageRef>> = {
  password: message('standard.run.step.password'),
  firmware: message('standard.run.step.firmware'),
  settings: message('standard.run.step.settings'),
  restart: message('standard.run.step.restart'),
  acceptance: message('standard.run.step.acceptance'),
};

/** Main's summary as a sentence: a capital first, a full stop last (unless it ends in one already). */
const sentence = (text: string): string => {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
};

/** Main's summary: its `text` when it sends one, else its English made a sentence. */
function summaryText(tr: Translator, run: CommissionRun): string {
  const text = (run as { summaryText?: unknown }).summaryText;
  return text !== undefined ? madeWords(tr, run.summary ?? '', text) : sentence(run.summary ?? '');
}

/** Devices named as "working on now"; the rest are in the counts. */
const NAMED_RUNNING = 6;

/**
 * Devices whose acceptance step did not pass because their verdict is pending (still tuning at the settle
 * limit): not judged yet, so counted apart from the failures. Main gives such a step `unknown` with its
 * pending words; the site's kept verdicts (read again when the step's run ends) say it too.
 */
export function pendingAcceptances(
  devices: readonly CommissionDevice[],
  verdicts: Readonly<Record<string, { verdict: Verdict } | undefined>>,
): number {
  let n = 0;
  for (const d of devices) {
    if ((d.outcome !== 'failed' && d.outcome !== 'unknown') || d.failedStep !== 'acceptance') continue;
    const step = d.steps.find((s) => s.kind === 'acceptance');
    if (
      verdicts[d.deviceId]?.verdict === 'pending' ||
      step?.message.startsWith(ACCEPTANCE_PENDING_WORDS) === true
    )
      n += 1;
  }
  return n;
}

/** "198 at the standard · 2 failed · 0 skipped", in the order a technician asks; pending apart from failed. */
export function runCountsMessage(run: Pick<CommissionRun, 'counts'>, pending = 0): MessageRef {
  const c = run.counts;
  return message('standard.run.counts', {
    atStandard: c.done + c.unchanged,
    unchanged: c.unchanged,
    failed: c.failed + c.unknown - pending,
    pending,
    skipped: c.skipped,
    open: c.open,
  });
}

export const runCountsText = (
  run: Pick<CommissionRun, 'counts'>,
  pending = 0,
  tr: Translator = englishTranslator(),
): string => tr.t(runCountsMessage(run, pending));

/** The run's state in one line: how far, stopped, or done. */
function statusMessage(run: CommissionRun): MessageRef {
  const total = run.counts.total;
  if (run.status === 'running') {
    const finished = total - run.counts.open;
    return run.phase !== undefined
      ? message('standard.run.statusPhase', { finished, total, phase: PHASE_WORDS[run.phase] })
      : message('standard.run.status', { finished, total });
  }
  if (run.status === 'cancelled') return message('standard.run.stopped');
  return message('standard.run.done', { count: run.counts.done + run.counts.unchanged, total });
}

export function CommissionRunView({ onClose }: { onClose: () => void }): ReactNode {
  const { run, error, cancel } = useRootStore(
    useShallow((s) => ({
      run: s.commissionRun,
      error: s.commissionError,
      cancel: s.commissionCancelRequested,
    })),
  );
  const tr = useT();
  const outcomes = useMemo(() => commissionOutcomes(run?.devices ?? []), [run?.devices]);
  const verdicts = useRootStore((s) => s.verdicts);
  const pending = useMemo(() => pendingAcceptances(run?.devices ?? [], verdicts), [run?.devices, verdicts]);
  const { t } = tr;
  if (run === null) return null;
  const running = run.status === 'running';
  const finished = run.counts.total - run.counts.open;
  const working = running ? run.devices.filter((d) => d.outcome === 'running') : [];
  return (
    <div className="modal-form commission-run">
      <p className="commission-status" role="status">
        {t(statusMessage(run))}
      </p>
      {running && (
        <progress
          className="progress"
          max={Math.max(1, run.counts.total)}
          value={finished}
          aria-label={t('standard.run.progressLabel')}
        />
      )}
      <p className="commission-tally" data-counts>
        {runCountsText(run, pending, tr)}
      </p>
      <RunProgress progress={run.progress} running={running} stepNames={STEP_NAMES} />
      {working.length > 0 && (
        <ul className="commission-working" aria-label={t('standard.run.workingNow')}>
          {working.slice(0, NAMED_RUNNING).map((device) => {
            const step = device.steps.find((s) => s.outcome === 'running');
            return (
              <li key={device.deviceId}>
                <DeviceName deviceId={device.deviceId} address={device.address} />:{' '}
                {step !== undefined
                  ? madeWords(tr, step.words, (step as { text?: unknown }).text)
                  : madeWords(tr, device.message, (device as { text?: unknown }).text)}
              </li>
            );
          })}
          {working.length > NAMED_RUNNING && (
            <li className="outcome-more">{t('standard.more', { count: working.length - NAMED_RUNNING })}</li>
          )}
        </ul>
      )}
      {!running && run.summary !== undefined && (
        <p className={run.counts.failed + run.counts.unknown > pending ? 'field-error' : 'notice-ok'}>
          {summaryText(tr, run)}
        </p>
      )}
      {run.activityError !== undefined && (
        <p className="field-error" role="alert">
          {t('standard.run.activityError', { error: run.activityError })}
        </p>
      )}
      {error !== null && (
        <p className="field-error" role="alert">
          {errorText(tr, error)}
        </p>
      )}
      {!running && (
        <div className="commission-failures">
          <OutcomeFailures outcomes={outcomes} />
        </div>
      )}
      <div className="modal-actions">
        {running && (
          <button
            type="button"
            className="button button-danger"
            title={t('standard.run.stopTitle')}
            onClick={() => void cancel()}
          >
            {t('standard.run.stop')}
          </button>
        )}
        <button type="button" className="button" onClick={onClose} autoFocus={!running}>
          {running ? t('standard.run.closeRunning') : t('common.action.close')}
        </button>
      </div>
    </div>
  );
}
