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
import { DeviceName } from '../../components/device-name';
import { count } from '../../lib/format';
import { commissionOutcomes } from '../../stores/standard-slice';
import { useRootStore } from '../../stores/root-store';
import { OutcomeFailures } from '../fleet/outcome-failures';
import { RunProgress } from '../fleet/run-progress';

/** Each step's name in the per-step counts. */
const STEP_NAMES: Record<CommissionStepKind, string> = {
  password: 'Password',
  firmware: 'Firmware',
  settings: 'Pools and preset',
  restart: 'Restart',
  acceptance: 'Acceptance',
};

const PHASE_WORDS: Record<CommissionStepKind, string> = {
  password: 'replacing passwords',
  firmware: 'updating firmware',
  settings: 'setting pools and presets',
  restart: 'restarting mining',
  acceptance: 'acceptance (each device settles, then is watched)',
};

/** Main's summary as a sentence: a capital first, a full stop last (unless it ends in one already). */
const sentence = (text: string): string => {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
};

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
export function runCountsText(run: Pick<CommissionRun, 'counts'>, pending = 0): string {
  const c = run.counts;
  const atStandard = `${(c.done + c.unchanged).toLocaleString('en-US')} at the standard${
    c.unchanged > 0 ? ` (${c.unchanged.toLocaleString('en-US')} had no change)` : ''
  }`;
  const parts = [
    atStandard,
    `${(c.failed + c.unknown - pending).toLocaleString('en-US')} failed`,
    ...(pending > 0 ? [`${pending.toLocaleString('en-US')} acceptance pending (judge again later)`] : []),
    ...(c.skipped > 0 ? [`${c.skipped.toLocaleString('en-US')} skipped`] : []),
    ...(c.open > 0 ? [`${c.open.toLocaleString('en-US')} to go`] : []),
  ];
  return parts.join(' · ');
}

export function CommissionRunView({ onClose }: { onClose: () => void }): ReactNode {
  const { run, error, cancel } = useRootStore(
    useShallow((s) => ({
      run: s.commissionRun,
      error: s.commissionError,
      cancel: s.commissionCancelRequested,
    })),
  );
  const outcomes = useMemo(() => commissionOutcomes(run?.devices ?? []), [run?.devices]);
  const verdicts = useRootStore((s) => s.verdicts);
  const pending = useMemo(() => pendingAcceptances(run?.devices ?? [], verdicts), [run?.devices, verdicts]);
  if (run === null) return null;
  const running = run.status === 'running';
  const finished = run.counts.total - run.counts.open;
  const working = running ? run.devices.filter((d) => d.outcome === 'running') : [];
  return (
    <div className="modal-form commission-run">
      <p className="commission-status" role="status">
        {running
          ? `${finished.toLocaleString('en-US')} of ${count(run.counts.total, 'device')}${
              run.phase !== undefined ? `: ${PHASE_WORDS[run.phase]}…` : '…'
            }`
          : run.status === 'cancelled'
            ? 'Stopped: no device started another step.'
            : `Done: ${count(run.counts.done + run.counts.unchanged, 'device')} of ${run.counts.total.toLocaleString('en-US')} at the standard.`}
      </p>
      {running && (
        <progress
          className="progress"
          max={Math.max(1, run.counts.total)}
          value={finished}
          aria-label="Devices brought to the standard"
        />
      )}
      <p className="commission-tally" data-counts>
        {runCountsText(run, pending)}
      </p>
      <RunProgress progress={run.progress} running={running} stepWords={STEP_NAMES} />
      {working.length > 0 && (
        <ul className="commission-working" aria-label="Working on now">
          {working.slice(0, NAMED_RUNNING).map((device) => {
            const step = device.steps.find((s) => s.outcome === 'running');
            return (
              <li key={device.deviceId}>
                <DeviceName deviceId={device.deviceId} address={device.address} />:{' '}
                {step?.words ?? device.message}
              </li>
            );
          })}
          {working.length > NAMED_RUNNING && (
            <li className="outcome-more">
              and {(working.length - NAMED_RUNNING).toLocaleString('en-US')} more
            </li>
          )}
        </ul>
      )}
      {!running && run.summary !== undefined && (
        <p className={run.counts.failed + run.counts.unknown > pending ? 'field-error' : 'notice-ok'}>
          {sentence(run.summary)}
        </p>
      )}
      {run.activityError !== undefined && (
        <p className="field-error" role="alert">
          The site's activity log could not record it: {run.activityError}
        </p>
      )}
      {error !== null && (
        <p className="field-error" role="alert">
          {error}
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
            title="No device starts another step; the steps going on finish"
            onClick={() => void cancel()}
          >
            Stop
          </button>
        )}
        <button type="button" className="button" onClick={onClose} autoFocus={!running}>
          {running ? 'Close (it keeps going)' : 'Close'}
        </button>
      </div>
    </div>
  );
}
